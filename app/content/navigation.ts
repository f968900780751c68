export type NavLink = { to: string; label: string }

export const mainNavigation: NavLink[] = [
	{ to: '/', label: 'Inicio' },
	{ to: '/como-funciona', label: 'Cómo funciona' },
	{ to: '/proyectos', label: 'Proyectos' },
	{ to: '/sobre-kia', label: 'Sobre KIA' },
	{ to: '/blog', label: 'Blog' },
	{ to: '/contacto', label: 'Contacto' },
]

/** The header's Tarifas entry, right after Inicio: a link, or the dropdown of `pricingNavigation`. */
export const pricingLink: NavLink = { to: '/tarifas', label: 'Tarifas' }

export const pricingNavigation: (NavLink & { description: string })[] = [
	{ to: '/tarifas', label: 'Todos los planes', description: 'Compara precios y funciones' },
	{ to: '/tarifas/starter', label: 'Starter', description: 'Para empezar a delegar una tarea' },
	{ to: '/tarifas/business', label: 'Business', description: 'El más elegido por pymes y despachos' },
	{ to: '/tarifas/enterprise', label: 'Enterprise', description: 'VERIFACTU, más canales y equipos' },
]

export const footerNavigation: { heading: string; links: NavLink[] }[] = [
	{
		heading: 'Producto',
		links: [
			{ to: '/como-funciona', label: 'Cómo funciona' },
			{ to: '/tarifas', label: 'Tarifas' },
			{ to: '/webapp-incluida', label: 'WebApp incluida' },
			{ to: '/proyectos', label: 'Proyectos' },
			{ to: '/solicitar-demostracion-kia', label: 'Solicitar demostración' },
		],
	},
	{
		heading: 'Empresa',
		links: [
			{ to: '/sobre-kia', label: 'Sobre KIA' },
			{ to: '/blog', label: 'Blog' },
			{ to: '/contacto', label: 'Contacto' },
			{ to: '/invertir', label: 'Invertir en KIA' },
			{ to: '/sostenibilidad', label: 'Sostenibilidad' },
		],
	},
	{
		heading: 'Legal',
		links: [
			{ to: '/terminos-contratacion', label: 'Términos de contratación' },
			{ to: '/politica-privacidad', label: 'Política de privacidad' },
			{ to: '/politica-cookies', label: 'Política de cookies' },
		],
	},
]

/** Friendly names for the demo page's breadcrumb. */
export const pageNames: Record<string, string> = {
	'/': 'Inicio',
	'/contacto': 'Contacto',
	'/tarifas': 'Tarifas',
	'/tarifas/starter': 'Plan Starter',
	'/tarifas/business': 'Plan Business',
	'/tarifas/enterprise': 'Plan Enterprise',
	'/como-funciona': 'Cómo funciona',
	'/proyectos': 'Proyectos',
	'/sobre-kia': 'Sobre KIA',
	'/blog': 'Blog',
	'/funcionalidades': 'Funciones',
	'/webapp-incluida': 'WebApp incluida',
	'/invertir': 'Invertir en KIA',
	'/sostenibilidad': 'Sostenibilidad',
	'/solicitar-demostracion-kia': 'Solicitar demostración',
}
