import type { StepArtName } from './product-visuals'

export type Step = { title: string; description: string; art: StepArtName }

export const howItWorks: {
	title: string
	description: string
	heading: string
	lead: string
	steps: Step[]
	capabilitiesHeading: string
	capabilitiesLead: string
	cta: { heading: string; text: string; button: string }
} = {
	title: 'Cómo funciona · KIA',
	description:
		'Así creamos tu asistente inteligente: de la primera reunión a la entrega, entrenado con tus documentos y conectado a tus herramientas, en 30 días con el plan Starter.',
	heading: 'Cómo creamos tu asistente, paso a paso',
	lead: 'Un proceso claro y cercano: escuchamos cómo trabajas, preparamos tu conocimiento, conectamos tus herramientas y te entregamos un asistente listo para usar: en 30 días con Starter, 6 semanas con Business y de 8 a 10 semanas con Enterprise.',
	steps: [
		{
			title: 'Reunión inicial',
			description:
				'Hablamos 15 minutos, sin compromiso, sobre tu negocio, tus tareas repetitivas y lo que te gustaría delegar. Salimos con una idea clara de qué puede hacer tu asistente.',
			art: 'meeting',
		},
		{
			title: 'Propuesta y plan',
			description:
				'Te enviamos una propuesta con el plan que mejor encaja, las tareas que cubrirá el asistente, las integraciones necesarias y un calendario de entrega.',
			art: 'proposal',
		},
		{
			title: 'Recopilación de tu conocimiento',
			description:
				'Reunimos tus documentos, plantillas, tarifas y preguntas frecuentes. Los ordenamos y preparamos para que el asistente responda con tu criterio y tu forma de hablar.',
			art: 'knowledge',
		},
		{
			title: 'Conexión con tus herramientas',
			description:
				'Conectamos el asistente a WhatsApp Business, tu correo, Google Drive, Google Calendar, Stripe y lo que ya utilices, y configuramos tu WebApp privada con tu logo y tus colores.',
			art: 'connect',
		},
		{
			title: 'Pruebas contigo',
			description:
				'Probamos el asistente con casos reales de tu día a día. Ajustamos respuestas, avisos y permisos hasta que estés tranquilo con cada detalle.',
			art: 'testing',
		},
		{
			title: 'Entrega y mejora continua',
			description:
				'Activamos el asistente y te enseñamos a usarlo. Después seguimos a tu lado: revisamos cómo funciona, incorporamos nuevos documentos y lo mejoramos con el uso.',
			art: 'launch',
		},
	],
	capabilitiesHeading: 'Lo que tu asistente puede hacer por ti',
	capabilitiesLead:
		'Cada asistente se adapta a tu negocio, pero estas son las tareas que más tiempo ahorran a nuestros clientes.',
	cta: {
		heading: '¿Empezamos por una reunión de 15 minutos?',
		text: 'Cuéntanos cómo trabajas y te diremos, con ejemplos concretos, qué podría hacer tu asistente desde el primer día.',
		button: 'Reserva tu reunión gratuita',
	},
}
