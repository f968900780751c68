import type { CapabilityId } from '~/lib/capability-ids'

/** What the capability grids show of each capability; its page's copy is in capability-pages.ts. */
export type Capability = {
	id: CapabilityId
	icon:
		| 'calendar'
		| 'receipt'
		| 'mail'
		| 'message'
		| 'file'
		| 'chart'
		| 'shield'
		| 'users'
		| 'folder'
		| 'bell'
		| 'sparkles'
		| 'wallet'
	title: string
	description: string
}

/** The last line of each card, after its description. */
export const capabilityCardMore = 'Ver detalles'

export const capabilities: Capability[] = [
	{
		id: 'recordatorios-fiscales',
		icon: 'bell',
		title: 'Recordatorios fiscales',
		description:
			'Te avisa con antelación de cada plazo con la Agencia Tributaria y de los documentos que necesitas preparar, para que no se te pase ninguna fecha.',
	},
	{
		id: 'facturas',
		icon: 'receipt',
		title: 'Facturas al día',
		description:
			'Genera y envía facturas con tus datos y prepara la facturación electrónica según los requisitos de VERIFACTU.',
	},
	{
		id: 'respuestas-correo',
		icon: 'mail',
		title: 'Respuestas de correo',
		description:
			'Redacta respuestas a los correos habituales con tu tono y tu información. Tú revisas y decides qué se envía.',
	},
	{
		id: 'atencion-whatsapp',
		icon: 'message',
		title: 'Atención por WhatsApp Business',
		description:
			'Responde a las preguntas frecuentes de tus clientes a cualquier hora y te pasa la conversación cuando hace falta una persona.',
	},
	{
		id: 'clasificacion-documentos',
		icon: 'folder',
		title: 'Documentos ordenados en Google Drive',
		description:
			'Clasifica facturas, contratos y justificantes en las carpetas correctas de tu Google Drive para que encuentres todo en segundos.',
	},
	{
		id: 'agenda-citas',
		icon: 'calendar',
		title: 'Agenda y citas',
		description:
			'Propone huecos libres, agenda reuniones en tu Google Calendar y envía recordatorios para que nadie falte a su cita.',
	},
	{
		id: 'cobros-stripe',
		icon: 'wallet',
		title: 'Cobros con Stripe',
		description:
			'Envía enlaces de pago, registra los cobros con Stripe y te avisa de los pagos pendientes sin que tengas que perseguir a nadie.',
	},
	{
		id: 'informes-metricas',
		icon: 'chart',
		title: 'Informes y métricas',
		description:
			'Resume cada semana tus ingresos, facturas pendientes y consultas atendidas en un informe claro y fácil de leer.',
	},
]
