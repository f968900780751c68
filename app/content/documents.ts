import type { DocumentFailure, DocumentState, DocumentType } from '~/lib/documents'
import type { PlanId } from '~/lib/plan-ids'
import { formatCount } from '~/lib/money'

/** A client's documents, /dashboard/asistentes/:id/documentos (issue 67). */
export const documentsCopy = {
	title: (assistant: string) => `Documentos de ${assistant}`,
	lead: 'Tu asistente aprende de estos documentos y responde citándolos. Solo tú y el equipo de KIA los veis.',
	back: 'Volver a Mis asistentes',
	link: 'Documentos',
	upload: {
		heading: 'Subir documentos',
		label: 'Archivos',
		hint: 'PDF, Word (.docx), TXT, Markdown o CSV. Hasta 50 MB por archivo y 20 archivos a la vez.',
		drop: 'Arrastra aquí tus archivos o elígelos',
		choose: 'Elegir archivos',
		submit: 'Subir',
		pending: 'Subiendo...',
		uploading: (percent: number) => `Subiendo: ${percent} %`,
		waiting: 'En espera',
		sent: 'Enviado',
	},
	quota: (used: number, limit: number | null) =>
		limit === null
			? `${formatCount(used)} ${used === 1 ? 'documento' : 'documentos'} · sin límite`
			: `${formatCount(used)} de ${formatCount(limit)} documentos`,
	list: {
		heading: 'Tus documentos',
		empty: 'Todavía no has subido ningún documento.',
		emptyText:
			'Sube tus tarifas, condiciones, preguntas frecuentes o procedimientos: tu asistente responderá con ellos.',
		columns: ['Documento', 'Tipo', 'Tamaño', 'Páginas', 'Subido', 'Estado', 'Acciones'],
		uploadedBy: (when: string, who: string) => `${when} · ${who}`,
		download: 'Descargar',
		remove: 'Eliminar',
		removeLabel: (name: string) => `Eliminar «${name}»`,
		downloadLabel: (name: string) => `Descargar «${name}»`,
		removeConfirm: (name: string) => `¿Eliminar «${name}»? Tu asistente dejará de usarlo al momento.`,
		noPages: '—',
		refreshing: 'Actualizando mientras se procesan…',
	},
	states: {
		en_cola: 'En cola',
		procesando: 'Procesando',
		listo: 'Listo',
		fallido: 'Error',
	} satisfies Record<DocumentState, string>,
	passages: (count: number) => `${formatCount(count)} ${count === 1 ? 'pasaje' : 'pasajes'}`,
	types: {
		pdf: 'PDF',
		docx: 'Word',
		txt: 'Texto',
		md: 'Markdown',
		csv: 'CSV',
	} satisfies Record<DocumentType, string>,
	/** Why a document failed, and what the client can do about it. */
	failures: {
		sin_texto:
			'El PDF no tiene texto que leer: parece escaneado. Súbelo con texto seleccionable (expórtalo de nuevo desde el original o pásalo antes por un programa de OCR).',
		protegido: 'El PDF está protegido con contraseña. Quítale la contraseña y vuelve a subirlo.',
		danado:
			'El archivo está dañado o no es lo que dice su extensión. Ábrelo en tu equipo, guárdalo de nuevo y vuelve a subirlo.',
		no_admitido: 'Formato no admitido. Sube PDF, Word (.docx), TXT, Markdown o CSV.',
		demasiado_grande: 'Supera el límite de 50 MB por archivo. Divídelo en partes más pequeñas y súbelas.',
		demasiado_largo: 'Tiene más de 2.000 páginas. Divídelo en partes más pequeñas y súbelas.',
		texto_excesivo:
			'Su texto supera lo que podemos procesar de un solo documento (5 millones de caracteres). Divídelo en partes y súbelas.',
		atascado:
			'No hemos podido procesarlo tras varios intentos. Elimínalo y vuelve a subirlo, o escríbenos desde Soporte.',
	} satisfies Record<DocumentFailure, string>,
	/** What the upload answers, file by file. */
	outcome: {
		received: (name: string) => `«${name}»: recibido. Lo procesaremos en unos segundos.`,
		refused: (name: string, reason: string) => `«${name}»: ${reason}`,
		empty: 'el archivo está vacío.',
		badName: 'su nombre lleva barras o caracteres de control. Cámbiale el nombre y vuelve a subirlo.',
		duplicate: (existing: string) => `tiene el mismo contenido que «${existing}», que ya está entre tus documentos.`,
		tooMany: (count: number) =>
			`Puedes subir hasta 20 archivos a la vez: no hemos subido ${count === 1 ? 'el último' : `los ${formatCount(count)} últimos`}. Súbelos en otro envío.`,
		limit: (limit: number, plan: string) => `has llegado a los ${formatCount(limit)} documentos de tu plan ${plan}.`,
		storageError: 'no hemos podido guardarlo. Inténtalo de nuevo en unos minutos.',
	},
	noFile: 'Elige al menos un archivo.',
	tooLarge: 'Lo que has enviado supera los 100 MB por envío. Sube los archivos en varios envíos.',
	unreadable: 'No hemos podido leer el envío. Inténtalo de nuevo.',
	badHeader:
		'No hemos podido leer el envío: el nombre de algún archivo lleva caracteres de control. Cámbialo y vuelve a subirlo.',
	/** Past the plan's count: the next plan, linked. */
	nextPlan: (plan: string) => `Pasa al plan ${plan} para subir más documentos`,
	noPlan: {
		heading: 'Necesitas un plan activo',
		text: 'Para entrenar a tu asistente con tus documentos contrata un plan: Starter (hasta 100 documentos), Business (hasta 500) o Enterprise (sin límite inicial).',
		link: 'Ver planes',
	},
	removed: (name: string) => `«${name}» eliminado. Tu asistente ya no lo usa.`,
	removeError: 'No hemos podido eliminar el documento. Inténtalo de nuevo.',
	gone: 'Ese documento ya no existe.',
	downloadError: 'No hemos podido preparar la descarga. Inténtalo de nuevo.',
	try: {
		heading: 'Probar el asistente',
		lead: 'Pregunta lo que preguntaría un cliente tuyo: te respondemos con lo que dicen tus documentos.',
		label: 'Tu pregunta',
		placeholder: '¿Qué plazo de entrega tenéis?',
		submit: 'Preguntar',
		pending: 'Buscando en tus documentos…',
		composed: 'Tu asistente respondería:',
		answerFrom: 'Según tus documentos:',
		source: (document: string, page: number | null) => (page ? `${document}, página ${page}` : document),
		notFound: 'Tus documentos no dicen nada sobre esto. Sube uno que lo explique y tu asistente podrá responderlo.',
		noDocuments: 'Sube y procesa al menos un documento para probar a tu asistente.',
	},
} as const

/** The plan after each, for 'past the count'. Enterprise has no limit, so it has none after it. */
export const nextPlanOf: Record<Exclude<PlanId, 'enterprise'>, PlanId> = { starter: 'business', business: 'enterprise' }

/** /admin/documentos. */
export const adminDocumentsCopy = {
	title: 'Documentos',
	lead: 'Los documentos de cada asistente, su estado y sus errores.',
	assistants: 'Asistentes con documentos',
	list: 'Todos los documentos',
	columns: ['Documento', 'Asistente', 'Cliente', 'Subido', 'Estado', 'Acciones'],
	assistantColumns: ['Asistente', 'Cliente', 'Plan', 'Documentos', 'En marcha', 'Con error'],
	noPlan: 'Sin plan',
	empty: 'No hay documentos.',
	queue: (waiting: number, running: number, failed: number) =>
		`En la cola: ${formatCount(waiting)} esperando, ${formatCount(running)} en curso, ${formatCount(failed)} con error.`,
	oldest: (when: string) => `El más antiguo, desde ${when}.`,
	queueLink: 'Ver la cola de trabajos',
	reprocess: 'Reprocesar',
	reprocessed: 'Documento en cola de nuevo.',
	reprocessError: 'No se pudo reprocesar el documento.',
	filterAll: 'Todos',
	filterFailed: 'Con error',
	allAssistants: 'Todos los asistentes',
} as const
