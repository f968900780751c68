import type { PlanId } from '~/lib/plan-ids'
import type { Project } from './projects'

/**
 * The words inside the pictures of the product on /webapp-incluida, /proyectos, the plan pages and /sobre-kia
 * (app/components/site/page-visuals.tsx). Apart from the home's (product-visuals.ts), so the home's first load
 * does not carry them. The people and businesses in them are examples, never real clients.
 */

export type Tone = 'ok' | 'wait' | 'neutral'

export const webappScreens = {
	address: 'portal.kia.es/dashboard',
	home: {
		label:
			'Pantalla de inicio de la WebApp: la próxima reunión el jueves 16 de octubre a las 10:00, el plan Business que se renueva el 3 de noviembre, una solicitud de soporte en curso y el asistente de facturas activo.',
		greeting: 'Te damos la bienvenida, Ana',
		lead: 'Desde aquí gestionas todo lo relacionado con tu asistente KIA.',
		menu: ['Inicio', 'Reuniones', 'Suscripción', 'Mis asistentes', 'Soporte'],
		cards: [
			{
				heading: 'Tu próxima reunión',
				value: 'Jueves, 16 de octubre · 10:00',
				detail: 'Revisión mensual del asistente',
			},
			{ heading: 'Tu plan', value: 'Business · Mensual', detail: 'Se renueva el 3 de noviembre de 2025.' },
			{ heading: 'Solicitudes abiertas', value: '1 en curso', detail: 'Horario de verano en las respuestas' },
			{ heading: 'Tus asistentes', value: 'Asistente de facturas', detail: 'Activo · WhatsApp Business y WebApp' },
		],
	},
	/** The four screens shown one by one under the hero, each with its caption. */
	gallery: {
		heading: 'Así es tu WebApp por dentro',
		lead: 'Las mismas pantallas que usarás desde el primer día, en el ordenador o en el móvil.',
		meetings: {
			caption: 'Tus reuniones',
			text: 'Únete a la videollamada, reprograma o cancela tus reuniones con el equipo de KIA.',
			label:
				'Pantalla Mis Reuniones: dos reuniones confirmadas, el 16 de octubre a las 10:00 y el 23 de octubre a las 12:30, con los botones Unirse y Reprogramar.',
			title: 'Mis Reuniones',
			tabs: ['Próximas', 'Pasadas'],
			rows: [
				{ when: '16 de octubre de 2025 · 10:00', reason: 'Revisión mensual del asistente', status: 'Confirmada' },
				{ when: '23 de octubre de 2025 · 12:30', reason: 'Formación para tu equipo', status: 'Confirmada' },
			],
			actions: ['Unirse', 'Reprogramar'],
		},
		billing: {
			caption: 'Tu plan y tus facturas',
			text: 'Consulta tu plan, cuándo se renueva y descarga cada factura en PDF.',
			label:
				'Pantalla Suscripción: plan Business a 199 € al mes más IVA que se renueva el 3 de noviembre de 2025, y dos facturas pagadas de 240,79 € (199 € de base y 41,79 € de IVA) con su PDF.',
			title: 'Suscripción',
			plan: 'Plan Business',
			price: '199 €/mes',
			// The portal's own words and figures (tests/unit/webapp-invoices.test.ts holds them to the plan's price).
			priceNote: 'Sin IVA',
			renews: 'Se renueva el 3 de noviembre de 2025.',
			invoicesHeading: 'Facturas',
			invoices: [
				{
					number: 'KIA-0012',
					date: '3 de octubre de 2025',
					breakdown: '199 € + 41,79 € de IVA',
					total: '240,79 €',
					status: 'Pagada',
				},
				{
					number: 'KIA-0009',
					date: '3 de septiembre de 2025',
					breakdown: '199 € + 41,79 € de IVA',
					total: '240,79 €',
					status: 'Pagada',
				},
			],
		},
		assistants: {
			caption: 'Tus asistentes',
			text: 'En qué estado está cada asistente, por qué canales atiende y qué documentos conoce.',
			label:
				'Pantalla Mis asistentes: el asistente de facturas, activo en la WebApp y WhatsApp Business, con 5 funciones activas y 412 de 500 documentos.',
		},
		support: {
			caption: 'Soporte',
			text: 'Escríbenos desde la WebApp y sigue la conversación en el mismo sitio.',
			label:
				'Pantalla de una solicitud de soporte en curso: la clienta pide que el asistente responda con el horario de verano y el equipo de KIA confirma el cambio.',
			title: 'Horario de verano en las respuestas',
			status: 'En curso',
			messages: [
				{
					from: 'Tú',
					when: '1 de julio de 2025 · 9:12',
					text: 'Desde hoy abrimos de 8:00 a 15:00. ¿Podéis cambiarlo en las respuestas del asistente?',
				},
				{
					from: 'Equipo KIA',
					when: '1 de julio de 2025 · 10:05',
					text: 'Hecho: el asistente ya responde con el horario de verano. Te avisamos antes de volver al de invierno.',
				},
			],
		},
	},
} as const

/** A client's assistant as the WebApp's Mis asistentes shows it: the gallery's example and each plan's. */
export type AssistantExample = {
	name: string
	status: string
	channels: readonly string[]
	functions: readonly string[]
	documents: { used: number; label: string; limit?: number }
	users: string
}

export const assistantScreen = {
	title: 'Mis asistentes',
	channels: 'Canales',
	functions: 'Funciones activas',
	documents: 'Documentos',
	users: 'Usuarios',
}

export const galleryAssistant: AssistantExample = {
	name: 'Asistente de facturas',
	status: 'Activo',
	channels: ['WebApp', 'WhatsApp Business'],
	functions: [
		'Recordatorios fiscales',
		'Respuestas al correo',
		'Gestión de facturas',
		'Citas en el calendario',
		'Cobros con tarjeta',
	],
	documents: { used: 412, limit: 500, label: '412 de 500' },
	users: '3 perfiles',
}

/** What each plan's assistant looks like once delivered, within the plan's limits (plans.ts). */
export const planDelivery: Record<
	PlanId,
	{ heading: string; text: string; label: string; assistant: AssistantExample }
> = {
	starter: {
		heading: 'Lo que recibes',
		text: 'Un asistente con la función que elijas, entrenado con tus documentos y visible en tu WebApp.',
		label:
			'Ejemplo de asistente del plan Starter en la WebApp: activo en WhatsApp Business, con 1 función activa, recordatorios fiscales, 86 de 100 documentos y 1 usuario.',
		assistant: {
			name: 'Asistente fiscal',
			status: 'Activo',
			channels: ['WhatsApp Business'],
			functions: ['Recordatorios fiscales'],
			documents: { used: 86, limit: 100, label: '86 de 100' },
			users: '1 usuario',
		},
	},
	business: {
		heading: 'Lo que recibes',
		text: 'Un asistente que atiende en la web y en WhatsApp Business, con hasta 5 funciones y tu equipo dentro.',
		label:
			'Ejemplo de asistente del plan Business en la WebApp: activo en la WebApp y WhatsApp Business, con 5 funciones activas, 412 de 500 documentos y 3 perfiles.',
		assistant: galleryAssistant,
	},
	enterprise: {
		heading: 'Lo que recibes',
		text: 'Un asistente en la web, WhatsApp Business y el correo, con facturación VERIFACTU y permisos por roles.',
		label:
			'Ejemplo de asistente del plan Enterprise en la WebApp: activo en la WebApp, WhatsApp Business y el correo, con facturación VERIFACTU entre sus funciones, 1.240 documentos y 14 usuarios por roles.',
		assistant: {
			name: 'Asistente de administración',
			status: 'Activo',
			channels: ['WebApp', 'WhatsApp Business', 'Correo'],
			functions: [
				'Facturación VERIFACTU',
				'Respuestas al correo',
				'Recordatorios fiscales',
				'Citas en el calendario',
				'Cobros con tarjeta',
				'Informes de actividad',
			],
			documents: { used: 1240, label: '1.240, sin límite inicial' },
			users: '14 por roles',
		},
	},
}

/** The plan page's figures, each a row of the plan table (plans.ts `comparison`). */
export const planFigures = {
	heading: 'El plan en cifras',
	rows: ['Funciones activas', 'Canales', 'Documentos', 'Usuarios', 'Desarrollo', 'Soporte'],
} as const

export const projectScenes = {
	'asistente-fiscal-whatsapp': {
		label:
			'Conversación de WhatsApp con el asistente fiscal: el autónomo envía la foto de un tique de 48,30 €, el asistente lo guarda en Drive en la carpeta de gastos del tercer trimestre y le recuerda que el 20 de octubre vence el modelo 130.',
		name: 'Asistente fiscal',
		status: 'en línea',
		receipt: { shop: 'Tique · Estación de servicio', total: '48,30 €', time: '18:42' },
		messages: [
			{
				from: 'assistant',
				time: '18:42',
				text: 'Guardado en Drive › Gastos › 2025 › 3T. Llevas 37 tiques este trimestre.',
			},
			{ from: 'assistant', time: '18:42', text: 'Recuerda: el 20 de octubre vence el modelo 130.' },
		],
	},
	'reservas-eventos-casas': {
		label:
			'Calendario de reservas de dos semanas de octubre con seis días ocupados, viernes y fines de semana, y una reserva confirmada: sábado 18 de octubre, casa con jardín, 40 invitados, señal de 150 € pagada con tarjeta.',
		address: 'reservas.ejemplo.es/calendario',
		month: 'Octubre 2025',
		weekdays: ['L', 'M', 'X', 'J', 'V', 'S', 'D'],
		booked: [17, 18, 19, 24, 25, 26],
		firstDay: 13,
		days: 14,
		booking: {
			when: 'Sábado, 18 de octubre · 17:00',
			place: 'Casa con jardín · 40 invitados',
			paid: 'Señal de 150 € pagada',
		},
	},
	'digitalizacion-gestoria': {
		label:
			'Bandeja de documentos de la gestoría: cuatro documentos recibidos hoy y clasificados por el asistente en Nóminas, Facturas recibidas, Gastos y Modelo 111; el asistente resolvió 37 consultas y pasó 9 al equipo.',
		address: 'gestoria.ejemplo.es/documentos',
		heading: 'Documentos recibidos hoy',
		documents: [
			{ file: 'nomina-septiembre.pdf', folder: 'Nóminas' },
			{ file: 'factura-proveedor-0345.pdf', folder: 'Facturas recibidas' },
			{ file: 'tique-restaurante.jpg', folder: 'Gastos' },
			{ file: 'retenciones-3T.pdf', folder: 'Modelo 111' },
		],
		summary: '37 consultas resueltas hoy · 9 pasadas al equipo',
	},
} as const satisfies Record<Project['id'], { readonly label: string; readonly [key: string]: unknown }>

export const aboutVisuals = {
	day: {
		label:
			'Resumen del día de un asistente: a las 9:00 recuerda el modelo 303 por WhatsApp, a las 10:15 responde 12 correos y deja 2 para revisar, a las 12:40 envía una factura y la guarda en Drive, y a las 17:30 confirma una cita en el calendario.',
		heading: 'Hoy, tu asistente',
		items: [
			{ time: '09:00', icon: 'message-circle', text: 'Recordatorio del modelo 303 enviado por WhatsApp' },
			{ time: '10:15', icon: 'mail', text: '12 correos respondidos; 2 esperan tu revisión' },
			{ time: '12:40', icon: 'receipt', text: 'Factura 2025-0142 enviada y guardada en Drive' },
			{ time: '17:30', icon: 'calendar', text: 'Cita del jueves confirmada en Google Calendar' },
		],
		footer: 'Todo queda en tu WebApp para revisarlo',
	},
	facts: {
		heading: 'KIA en breve',
		items: [
			{ term: 'Dónde estamos', value: 'Mutxamel (Alicante)' },
			{ term: 'Primera reunión', value: '15 minutos, gratuita' },
			{ term: 'Desarrollo', value: 'De 30 días a 8–10 semanas, según el plan' },
			{ term: 'Respuesta', value: 'En menos de 24 horas' },
			{ term: 'Tus documentos', value: 'Solo entrenan tu asistente' },
		],
	},
} as const
