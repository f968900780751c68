import type { AssistantChannel, AssistantStatus } from '~/lib/assistants'

/** Shared by the admin's list and the client's cards: what each stored value reads as. */
export const assistantLabels = {
	channels: {
		web: 'WebApp',
		whatsapp: 'WhatsApp Business',
		email: 'Correo',
		calendario: 'Calendario',
		drive: 'Documentos en la nube',
		pagos: 'Pagos con tarjeta',
	} satisfies Record<AssistantChannel, string>,
	statuses: {
		en_preparacion: 'En preparación',
		activo: 'Activo',
		en_pausa: 'En pausa',
	} satisfies Record<AssistantStatus, string>,
}

/** /admin/asistentes. Kept out of adminCopy, which every admin page loads. */
export const adminAssistantsCopy = {
	title: 'Asistentes',
	searchPlaceholder: 'Buscar por asistente, empresa o cliente...',
	columns: ['Asistente', 'Cliente', 'Canales', 'Estado', 'Puesta en marcha', 'Acciones'],
	empty: 'No se encontraron asistentes.',
	loadError: 'Error al cargar los asistentes',
	filters: {
		status: 'Estado',
		allStatuses: 'Todos los estados',
		channel: 'Canal',
		allChannels: 'Todos los canales',
		clear: 'Quitar filtros',
	},
	noDate: 'Sin fecha',
	newButton: 'Nuevo asistente',
	edit: 'Editar',
	form: {
		newTitle: 'Nuevo asistente',
		newText: 'El cliente lo verá en su panel, en Mis asistentes, en cuanto lo guardes.',
		editTitle: (name: string) => `Editar «${name}»`,
		clientEmail: 'Email del cliente',
		clientOf: (client: string) => `Cliente: ${client}`,
		name: 'Nombre del asistente',
		company: 'Empresa (opcional)',
		channels: 'Canales',
		status: 'Estado',
		liveDate: 'Puesta en marcha',
		liveDateHint: 'Obligatoria si está activo; si está en preparación, la fecha prevista.',
		note: 'Nota para el cliente (opcional)',
		noteHint: 'El cliente la ve en su panel.',
		create: 'Crear asistente',
		save: 'Guardar cambios',
		cancel: 'Cancelar',
	},
	remove: {
		button: 'Eliminar',
		title: (name: string) => `¿Eliminar «${name}»?`,
		text: 'El cliente dejará de verlo en su panel. Sus solicitudes de soporte se conservan, sin el asistente.',
		confirm: 'Sí, eliminar asistente',
		back: 'Cancelar',
	},
	created: 'Asistente creado',
	updated: 'Asistente actualizado',
	deleted: 'Asistente eliminado',
	noClient: 'No hay ninguna cuenta con ese email.',
	saveError: 'No se pudo guardar el asistente. Inténtalo de nuevo.',
	deleteError: 'No se pudo eliminar el asistente. Inténtalo de nuevo.',
	gone: 'Ese asistente ya no existe.',
} as const

/** The client's cards on /dashboard/asistentes (title, empty state and 'Empresa' are in dashboardCopy). */
export const clientAssistantsCopy = {
	channels: 'Canales',
	status: 'Estado',
	since: (date: string) => `En marcha desde el ${date}`,
	planned: (date: string) => `Puesta en marcha prevista: ${date}`,
	created: (date: string) => `Alta: ${date}`,
	note: 'Nota del equipo KIA',
	help: 'Pedir ayuda con este asistente',
}
