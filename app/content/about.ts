import type { Project } from './projects'

export type ShowcasedProject = Extract<Project['id'], 'asistente-fiscal-whatsapp' | 'reservas-eventos-casas'>

export const about: {
	title: string
	description: string
	heading: string
	lead: string
	story: { heading: string; paragraphs: string[] }
	manifesto: { heading: string; items: { title: string; text: string }[] }
	showcase: {
		heading: string
		/** Each links to the project's own site, outside ours, where the deployment names it (app/.server/env.ts). */
		items: { name: string; text: string; project: ShowcasedProject; linkLabel: string }[]
	}
	projectsLink: string
	/** Said to screen readers after each showcased project's link. */
	opensElsewhere: string
	contact: { heading: string; text: string }
} = {
	title: 'Sobre KIA · Asistentes inteligentes desde Mutxamel',
	description:
		'Conoce la historia de KIA, nuestro manifiesto y los proyectos que hemos creado: asistentes propios, creados con tu conocimiento y activados con IA.',
	heading: 'Sobre KIA',
	lead: 'Creamos asistentes inteligentes para que autónomos, pymes, gestorías y empresas dediquen su tiempo a lo que de verdad importa.',
	story: {
		heading: 'Cómo nació el asistente',
		paragraphs: [
			'KIA nació en Mutxamel (Alicante) al ver de cerca el día a día de autónomos y gestorías: plazos fiscales, facturas, correos sin responder y mensajes de WhatsApp a todas horas.',
			'Nos preguntamos por qué la inteligencia artificial parecía reservada a las grandes empresas, cuando quienes más la necesitan son los negocios que no tienen tiempo para nada.',
			'Así empezamos a crear asistentes propios: entrenados con los documentos de cada cliente, conectados a sus herramientas de siempre y con una WebApp privada con su imagen.',
			'Hoy seguimos igual de cerca: cada asistente se diseña en conversación con quien lo va a usar, y mejora con cada semana de trabajo.',
		],
	},
	manifesto: {
		heading: 'Nuestro manifiesto',
		items: [
			{
				title: 'Tu conocimiento es tuyo',
				text: 'Tus documentos entrenan tu asistente y de nadie más. Nunca los usamos para otros clientes.',
			},
			{
				title: 'Tecnología que se entiende',
				text: 'Explicamos lo que hacemos sin jerga. Si algo no aporta valor a tu negocio, no lo instalamos.',
			},
			{
				title: 'Tú tienes la última palabra',
				text: 'El asistente propone y prepara; tú decides. Las decisiones importantes siempre pasan por una persona.',
			},
			{
				title: 'Cerca de ti',
				text: 'Trabajamos contigo, no para un cliente anónimo. Puedes hablar con nosotros cuando lo necesites.',
			},
			{
				title: 'Mejorar cada día',
				text: 'Un buen asistente no se entrega y se olvida. Lo revisamos y ajustamos a medida que tu negocio cambia.',
			},
			{
				title: 'Responsables con el planeta',
				text: 'Destinamos una parte de nuestros ingresos a la eliminación de carbono a través de Stripe Climate.',
			},
		],
	},
	showcase: {
		heading: 'Proyectos destacados',
		items: [
			{
				name: 'Asistente fiscal por WhatsApp',
				text: 'Un asistente para autónomos que recuerda los plazos fiscales, guarda tiques y facturas y resuelve dudas desde WhatsApp Business.',
				project: 'asistente-fiscal-whatsapp',
				linkLabel: 'Visitar el asistente fiscal',
			},
			{
				name: 'Eventos en casas particulares',
				text: 'Una plataforma para reservar casas particulares para celebraciones, con disponibilidad, pagos y atención automatizada.',
				project: 'reservas-eventos-casas',
				linkLabel: 'Visitar la plataforma de eventos',
			},
		],
	},
	projectsLink: 'Ver todos los proyectos',
	opensElsewhere: '(se abre en otra pestaña)',
	contact: {
		heading: 'Hablemos',
		text: 'Cuéntanos qué te gustaría delegar y te respondemos en menos de 24 horas para proponerte una reunión gratuita de 15 minutos.',
	},
}
