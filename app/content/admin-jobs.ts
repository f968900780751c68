import { formatCount } from '~/lib/money'

/** What each template of an e-mail job sends, as the back office names it. */
const mailNames: Record<string, string> = {
	'reserva.confirmada.cliente': 'Confirmación de la demostración al cliente',
	'reserva.confirmada.empresa': 'Aviso de demostración nueva al equipo',
	'reserva.cancelada.cliente': 'Cancelación de la demostración al cliente',
	'reserva.cancelada.empresa': 'Aviso de demostración cancelada al equipo',
	'reserva.reprogramada.cliente': 'Nueva fecha de la demostración al cliente',
	'reserva.reprogramada.empresa': 'Aviso de demostración reprogramada al equipo',
	'buzon.aviso': 'Aviso al equipo de un mensaje nuevo',
	'buzon.respuesta': 'Respuesta del equipo a un mensaje',
	'soporte.mensaje': 'Aviso al equipo de un mensaje de cliente',
	'boletin.confirmacion': 'Confirmación de la suscripción al boletín',
	'boletin.bienvenida': 'Bienvenida al boletín',
}

const jobNames: Record<string, string> = {
	'reserva.enlace': 'Enlace de la reunión',
	'reserva.calendario': 'Evento del calendario de una reunión',
}

export const jobStates = ['pendiente', 'en_curso', 'fallido', 'hecho'] as const
export type JobState = (typeof jobStates)[number]

/** A duration the way a person says it: "45 s", "12 min", "3 h 5 min", "2 días". */
function waitLabel(seconds: number) {
	if (seconds < 60) return `${seconds} s`
	const minutes = Math.floor(seconds / 60)
	if (minutes < 60) return `${minutes} min`
	const hours = Math.floor(minutes / 60)
	if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`
	return `${formatCount(Math.floor(hours / 24))} días`
}

/** /admin/trabajos: the work queue, what waits and what failed. */
export const adminJobsCopy = {
	title: 'Trabajos',
	lead: 'Lo que la web hace después de guardar: los correos, los enlaces de las reuniones y sus eventos del calendario. Un trabajo que falla se reintenta solo, cada vez más espaciado; si sigue fallando, queda aquí con el motivo hasta que lo reintentes.',
	searchPlaceholder: 'Tipo, email o error',
	columns: ['Creado', 'Trabajo', 'Estado', 'Intentos', 'Detalle', 'Acciones'] as const,
	empty: 'No hay trabajos con estos filtros.',
	loadError: 'Error al cargar los trabajos',
	filter: 'Estado',
	allStates: 'Sin terminar',
	states: { pendiente: 'En cola', en_curso: 'En curso', fallido: 'Fallido', hecho: 'Hecho' } satisfies Record<
		JobState,
		string
	>,
	stateFilters: {
		pendiente: 'En cola',
		en_curso: 'En curso',
		fallido: 'Fallidos',
		hecho: 'Hechos (últimos 7 días)',
	} satisfies Record<JobState, string>,
	name: (tipo: string, plantilla: string | null) =>
		tipo === 'correo'
			? `Correo: ${(plantilla && mailNames[plantilla]) ?? plantilla ?? 'sin plantilla'}`
			: (jobNames[tipo] ?? tipo),
	attempts: (done: number, most: number) => `${done} de ${most}`,
	nextAttempt: (date: string) => `Próximo intento: ${date}`,
	inHandUntil: (date: string) => `En curso hasta las ${date}`,
	stuck: 'El trabajador dejó de responder: otro lo retomará.',
	finishedAt: (date: string) => `Terminado el ${date}`,
	lastError: 'Último error',
	retry: {
		button: 'Reintentar',
		done: 'Trabajo puesto de nuevo en la cola.',
		notFailed: 'Este trabajo ya no está fallido: no hay nada que reintentar.',
		badInput: 'No se ha podido identificar el trabajo. Recarga la página e inténtalo de nuevo.',
		error: 'No se pudo reintentar el trabajo. Inténtalo de nuevo en unos minutos.',
	},
	summary: {
		label: 'La cola ahora',
		waiting: 'En cola',
		inHand: 'En curso',
		failed: 'Fallidos',
		oldest: 'Espera más larga',
		none: '—',
		wait: waitLabel,
	},
	panel: {
		title: 'Trabajos en segundo plano',
		upToDate: 'Todo al día: no hay correos ni enlaces pendientes.',
		waiting: (count: number, wait: string) =>
			`${count === 1 ? '1 trabajo espera' : `${formatCount(count)} trabajos esperan`}; el más antiguo, desde hace ${wait}.`,
		failed: (count: number) =>
			count === 1
				? '1 trabajo ha fallado y espera a que lo revises.'
				: `${formatCount(count)} trabajos han fallado y esperan a que los revises.`,
		unavailable: 'No se pudo leer la cola de trabajos.',
		open: 'Ver trabajos',
	},
}
