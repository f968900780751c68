export const home = {
	title: 'KIA · Tu asistente inteligente propio para tu negocio',
	description:
		'KIA crea asistentes de inteligencia artificial entrenados con los documentos de tu empresa y conectados a WhatsApp Business, correo, calendario y facturación.',
	eyebrow: 'Asistente propio, creado con tu conocimiento, activado con IA',
	headline: 'Haz menos. Logra más. Vive mejor.',
	lead: 'Un asistente inteligente entrenado con los documentos de tu negocio que recuerda tus obligaciones fiscales, gestiona facturas y responde correos por ti, en la web, en WhatsApp Business y por correo.',
	capabilitiesHeading: 'Todo lo que tu asistente puede hacer por ti',
	capabilitiesLead: 'Elige las funciones que necesitas hoy y añade más cuando tu negocio crezca.',
	freedom: {
		heading: 'Recupera tu tiempo',
		text: 'Deja de perseguir plazos, facturas y correos. Tu asistente trabaja con tu información, a tu manera y a cualquier hora, para que tú dediques tu energía a lo que de verdad importa: tus clientes, tu equipo y tu vida.',
	},
	steps: {
		heading: 'Así funciona la magia',
		items: [
			{
				title: 'Nos cuentas tu día a día',
				text: 'En una reunión de 15 minutos vemos qué tareas te quitan más tiempo.',
				art: 'meeting',
			},
			{
				title: 'Entrenamos tu asistente',
				text: 'Con tus documentos, tus tarifas y tu forma de trabajar.',
				art: 'knowledge',
			},
			{
				title: 'Lo conectamos a tus herramientas',
				text: 'WhatsApp Business, correo, Google Drive, Calendar y tu pasarela de pago.',
				art: 'connect',
			},
			{
				title: 'Empieza a trabajar por ti',
				text: 'Desde 30 días, según el plan, tienes tu asistente listo en tu propia WebApp.',
				art: 'launch',
			},
		],
	},
	webappBanner: {
		heading: 'Todos los planes incluyen tu propia WebApp',
		text: 'Con tu logotipo, tus colores y acceso privado con Google o email y contraseña.',
		link: 'Descubre la WebApp incluida',
	},
	pricing: {
		heading: 'Planes claros, sin sorpresas',
		lead: 'Paga una vez al año y ahorra dos meses, o elige la cuota mensual.',
		link: 'Comparar todos los planes',
	},
	verifactu: {
		badge: 'Nuevo',
		heading: 'Preparado para VERIFACTU',
		text: 'Tu asistente prepara facturas electrónicas que cumplen el reglamento VERIFACTU de la Agencia Tributaria y te ayuda con los modelos fiscales, para que la nueva normativa no sea un problema.',
		button: 'Saber más sobre VERIFACTU',
	},
	demo: {
		heading: '¿Lo vemos en 15 minutos?',
		text: 'Te enseñamos un asistente funcionando con casos como el tuyo. Sin compromiso.',
		button: 'Reservar demostración gratuita',
	},
	blog: {
		heading: 'Últimas entradas del blog',
		link: 'Ver todas las entradas',
		empty: 'Muy pronto publicaremos nuevos artículos.',
	},
	newsletter: {
		heading: 'Recibe ideas para automatizar tu negocio',
		text: 'Un correo al mes con novedades, casos reales y consejos prácticos.',
	},
	faqHeading: 'Preguntas frecuentes',
} as const

export const notImplementedToast = {
	type: 'info',
	title: 'Funcionalidad no implementada',
	description: 'Estamos trabajando en ello. Muy pronto estará disponible.',
	duration: 4000,
} as const
