/**
 * The page of each capability (/funcionalidades/:id): what it does, where, an example, who does what
 * and which plans include it. Read by the route's loader only, so a page's JavaScript carries none of
 * it and its HTML only its own capability. Only the Enterprise plan has VERIFACTU.
 */
import type { CapabilityId } from '~/lib/capability-ids'
import type { PlanId } from '~/lib/plan-ids'

export type Channel = 'web' | 'whatsapp' | 'email' | 'calendar' | 'drive' | 'stripe'

export const channelLabels: Record<Channel, string> = {
	web: 'Tu WebApp',
	whatsapp: 'WhatsApp Business',
	email: 'Correo electrónico',
	calendar: 'Google Calendar',
	drive: 'Google Drive',
	stripe: 'Pagos con tarjeta (Stripe)',
}

/** One message of an example conversation; `from` names who speaks, as the reader sees it. */
export type ChatMessage = {
	from: 'assistant' | 'person'
	text: string
	time: string
	/** A file sent with the message, shown by its name. */
	attachment?: string
}

export type EmailMessage = {
	/** What this message is in the example: 'Correo recibido', 'Borrador de tu asistente'… */
	label: string
	from: string
	to: string
	subject: string
	paragraphs: string[]
	/** Lines shown as a list after the paragraphs (documents to bring, figures of a report). */
	list?: string[]
	closing?: string[]
}

export type CapabilityExample =
	| {
			kind: 'chat'
			channel: 'whatsapp' | 'web'
			caption: string
			/** Who `person` is in this conversation: 'Tú', 'Cliente'. */
			person: string
			messages: ChatMessage[]
			/** What the assistant leaves for you once the conversation ends. */
			outcome?: string
	  }
	| { kind: 'email'; caption: string; messages: EmailMessage[] }

export type CapabilityPage = {
	metaDescription: string
	lead: string
	what: string[]
	points: string[]
	channels: { channel: Channel; text: string }[]
	example: CapabilityExample
	roles: { you: string[]; assistant: string[] }
	plans: PlanId[]
	plansNote: string
}

/** The words every capability page shares. */
export const capabilityPageCopy = {
	eyebrow: 'Funciones de KIA',
	back: 'Todas las funciones',
	whatHeading: 'Qué hace',
	channelsHeading: 'Dónde funciona',
	exampleHeading: 'Un ejemplo',
	exampleNote: 'Ejemplo ilustrativo: tu asistente usa tus datos, tus tarifas y tu forma de hablar.',
	rolesHeading: 'Tú y tu asistente',
	rolesLead: 'Tu asistente se encarga del trabajo repetitivo; las decisiones siguen siendo tuyas.',
	youHeading: 'Lo que haces tú',
	assistantHeading: 'Lo que hace tu asistente',
	plansHeading: 'Planes que la incluyen',
	included: 'Incluida',
	notIncluded: 'No incluida',
	seePlan: 'Ver plan',
	plansFootnote:
		'Cada plan tiene un número de funciones activas: 1 en Starter, hasta 5 en Business y hasta 10 en Enterprise.',
	othersHeading: 'Otras funciones',
	othersLead: 'Combínala con otras funciones según lo que necesite tu negocio.',
	cta: {
		heading: '¿Quieres verla funcionando?',
		text: 'En una demostración gratuita de 15 minutos te enseñamos esta función con casos como los tuyos.',
		button: 'Solicitar demostración gratuita',
		secondary: 'Ver tarifas',
	},
} as const

/** The index, /funcionalidades. */
export const capabilitiesIndex = {
	title: 'Funciones del asistente · KIA',
	description:
		'Recordatorios fiscales, facturas y VERIFACTU, correo, WhatsApp Business, Google Drive, agenda, cobros con Stripe e informes: todo lo que puede hacer tu asistente KIA.',
	eyebrow: 'Funciones de KIA',
	heading: 'Todo lo que tu asistente puede hacer por ti',
	lead: 'Ocho funciones entre las que eliges según tu plan: 1 en Starter, hasta 5 en Business y hasta 10 en Enterprise. Abre cualquiera para ver qué hace, dónde funciona y un ejemplo.',
	verifactu: {
		heading: 'Facturación electrónica VERIFACTU',
		text: 'Qué exige la normativa de la Agencia Tributaria a tu programa de facturación y cómo lo prepara tu asistente en el plan Enterprise.',
		link: 'Saber más sobre VERIFACTU',
	},
	cta: {
		heading: '¿Lo vemos con tu caso?',
		text: 'En una demostración gratuita de 15 minutos te enseñamos las funciones que más te interesan, con ejemplos de tu día a día.',
		button: 'Solicitar demostración gratuita',
	},
} as const

/**
 * VERIFACTU on the invoices page. Facts from Real Decreto 1007/2023 and Orden HAC/1177/2024; no
 * deadline is given here because the calendar has been changed more than once: the reader is sent to
 * the Agencia Tributaria's current one.
 */
export const verifactu = {
	id: 'verifactu',
	badge: 'Solo en el plan Enterprise',
	heading: 'Facturación electrónica VERIFACTU',
	intro: [
		'VERIFACTU es el nombre con el que se conoce el sistema de facturación verificable de la Agencia Tributaria. Lo regulan el Reglamento de los sistemas informáticos de facturación, aprobado por el Real Decreto 1007/2023, de 5 de diciembre, y la Orden HAC/1177/2024, de 17 de octubre, que fija sus especificaciones técnicas.',
		'Su objetivo es que ninguna factura emitida con un programa informático pueda alterarse o borrarse sin dejar rastro.',
	],
	requirementsHeading: 'Qué debe hacer tu programa de facturación',
	requirements: [
		'Generar un registro de facturación por cada factura que emites y por cada una que anulas.',
		'Encadenar cada registro con el anterior mediante una huella digital (hash), de modo que cualquier cambio posterior se detecta.',
		'Incluir en cada factura un código QR con el que tu cliente puede comprobarla en la sede electrónica de la Agencia Tributaria.',
		'En la modalidad VERI*FACTU, enviar cada registro a la Agencia Tributaria al emitir la factura. Si no se envían, el programa debe cumplir requisitos adicionales, como firmar electrónicamente los registros y llevar un registro de eventos.',
	],
	whoHeading: 'A quién afecta',
	who: 'A las empresas y a los autónomos que emiten sus facturas con un programa informático. Quedan fuera, entre otros, quienes ya llevan sus libros registro por el Suministro Inmediato de Información (SII) y quienes tributan según la normativa foral del País Vasco o de Navarra, que tiene sus propias reglas.',
	whenHeading: 'Cuándo',
	when: 'Las fechas de obligado cumplimiento las fija la normativa y ya se han aplazado en alguna ocasión. Antes de planificar el cambio, consulta el calendario vigente en la sede electrónica de la Agencia Tributaria o con tu asesor fiscal.',
	kiaHeading: 'Cómo te ayuda tu asistente',
	kia: [
		'Prepara cada factura con los datos que exige VERIFACTU y te avisa si falta alguno antes de emitirla.',
		'Genera el registro de facturación encadenado y el código QR de cada factura.',
		'Deja la factura lista para que la revises y confirmes: nada se emite sin tu aprobación.',
		'Guarda cada factura y su registro en tu Google Drive.',
	],
	article: {
		text: 'Te lo contamos con más detalle en el blog:',
		label: 'VERIFACTU: qué cambia en la facturación de tu empresa y cómo prepararte',
		to: '/blog/verifactu-que-cambia-y-como-prepararte',
	},
	agency: { label: 'Sede electrónica de la Agencia Tributaria', url: 'https://sede.agenciatributaria.gob.es/' },
	disclaimer:
		'Esta información es un resumen divulgativo y no sustituye al asesoramiento fiscal: para tu caso concreto, consulta con tu asesor.',
	cta: { label: 'Ver el plan Enterprise', to: '/tarifas/enterprise' },
} as const

export const capabilityPages: Record<CapabilityId, CapabilityPage> = {
	'recordatorios-fiscales': {
		metaDescription:
			'Tu asistente KIA te avisa de cada plazo con la Agencia Tributaria, te pide los documentos que faltan y apunta cada plazo en tu Google Calendar.',
		lead: 'Tu asistente conoce tu calendario fiscal y te avisa con tiempo de cada plazo y de lo que necesitas tener preparado.',
		what: [
			'Con la información de tu actividad (si eres autónomo o sociedad, qué modelos presentas y cada cuánto) el asistente prepara tu calendario de obligaciones con la Agencia Tributaria.',
			'Antes de cada plazo te avisa, te recuerda qué documentos hacen falta y te pregunta si ya los tienes. Los que le envías quedan archivados para ti o para tu gestoría.',
		],
		points: [
			'Calendario de plazos según tu actividad: modelos trimestrales, anuales y pagos fraccionados',
			'Avisos con la antelación que elijas, y otro más si el plazo se acerca y falta algo',
			'La lista de documentos que necesitas para cada modelo',
			'Cada plazo apuntado en tu Google Calendar',
		],
		channels: [
			{
				channel: 'calendar',
				text: 'Cada plazo aparece como un evento en tu Google Calendar, con lo que hay que preparar.',
			},
			{
				channel: 'whatsapp',
				text: 'Los avisos te llegan por WhatsApp y puedes responder y enviar documentos ahí mismo.',
			},
			{ channel: 'web', text: 'En tu WebApp ves los plazos del trimestre y lo que falta en cada uno.' },
		],
		example: {
			kind: 'chat',
			channel: 'whatsapp',
			caption: 'Un aviso de plazo',
			person: 'Tú',
			messages: [
				{
					from: 'assistant',
					time: '09:00',
					text: 'Buenos días. El plazo del modelo 303 de este trimestre termina dentro de 10 días. Para prepararlo me faltan las facturas de gastos de este mes. ¿Me las envías por aquí?',
				},
				{ from: 'person', time: '09:12', text: 'Te mando las que tengo. Falta la del alquiler.' },
				{ from: 'person', time: '09:13', text: 'Estas son las de este mes.', attachment: 'facturas-gastos.pdf' },
				{
					from: 'assistant',
					time: '09:13',
					text: 'Recibidas tres facturas y guardadas en la carpeta de gastos del trimestre. Te recuerdo la del alquiler el lunes a las 9:00.',
				},
				{ from: 'person', time: '09:14', text: 'Perfecto, gracias.' },
			],
			outcome: 'Recordatorio «Factura del alquiler» añadido a tu Google Calendar para el lunes a las 9:00.',
		},
		roles: {
			you: [
				'Nos cuentas qué modelos presentas, o nos pones en contacto con tu gestoría',
				'Envías los documentos cuando el asistente te los pide',
				'Revisas y presentas cada modelo, tú o tu asesor fiscal',
			],
			assistant: [
				'Prepara y mantiene tu calendario fiscal',
				'Te avisa con antelación de cada plazo',
				'Te recuerda qué documentos faltan y archiva los que llegan',
				'Apunta cada plazo en tu Google Calendar',
			],
		},
		plans: ['starter', 'business', 'enterprise'],
		plansNote: 'El plan Starter ya incluye los recordatorios fiscales en Google Calendar.',
	},

	facturas: {
		metaDescription:
			'Tu asistente KIA prepara y envía tus facturas, vigila los cobros pendientes y, en el plan Enterprise, prepara la facturación electrónica según VERIFACTU.',
		lead: 'Tu asistente prepara tus facturas con tus datos y tus tarifas, lleva la cuenta de las pendientes y, en el plan Enterprise, prepara la facturación electrónica según VERIFACTU.',
		what: [
			'Le pides una factura como se la pedirías a una persona: para quién es, qué servicio y qué importe. El asistente completa los datos fiscales de tu cliente, aplica tus tarifas y el tipo de IVA que tengas configurado y te deja un borrador para revisar.',
			'Cuando lo apruebas, emite la factura con su número correlativo, se la envía a tu cliente y la guarda en tu Google Drive. Después vigila el vencimiento y te avisa si no se ha cobrado.',
		],
		points: [
			'Borradores de factura a partir de un mensaje',
			'Los datos fiscales de tus clientes, guardados para la próxima vez',
			'Numeración correlativa y una copia de cada factura en tu Google Drive',
			'Aviso de las facturas vencidas sin cobrar',
			'Facturación electrónica preparada para VERIFACTU (plan Enterprise)',
		],
		channels: [
			{ channel: 'web', text: 'Pides, revisas y apruebas las facturas desde tu WebApp.' },
			{ channel: 'whatsapp', text: 'También puedes pedirlas con un mensaje de WhatsApp.' },
			{ channel: 'email', text: 'La factura llega a tu cliente por correo, con el PDF adjunto.' },
			{ channel: 'drive', text: 'Cada factura emitida se guarda en tu Google Drive, ordenada por trimestre.' },
		],
		example: {
			kind: 'chat',
			channel: 'web',
			caption: 'Una factura pedida, emitida y enviada',
			person: 'Tú',
			messages: [
				{
					from: 'person',
					time: '17:40',
					text: 'Hazme la factura del mantenimiento de marzo para la comunidad de la calle Mayor, 12.',
				},
				{
					from: 'assistant',
					time: '17:40',
					text: 'Borrador listo: factura F-031, «Mantenimiento mensual, marzo». Base 180,00 €, IVA 21 % 37,80 €, total 217,80 €. Uso los datos fiscales de su última factura. ¿La emito y se la envío por correo?',
				},
				{ from: 'person', time: '17:42', text: 'Sí, envíala.' },
				{
					from: 'assistant',
					time: '17:42',
					text: 'Emitida y enviada. Te aviso si a los 30 días no se ha cobrado.',
				},
			],
			outcome: 'Factura F-031 guardada en Google Drive, en Facturas emitidas › 1.er trimestre.',
		},
		roles: {
			you: [
				'Pides la factura o apruebas el borrador que te propone',
				'Revisas los importes antes de emitirla',
				'Decides cuándo reclamar un pago pendiente',
			],
			assistant: [
				'Prepara el borrador con tus datos, los de tu cliente y tus tarifas',
				'Emite y envía la factura cuando la apruebas',
				'La archiva en tu Google Drive',
				'Vigila los vencimientos y te avisa',
			],
		},
		plans: ['business', 'enterprise'],
		plansNote:
			'La gestión de facturas está incluida en Business y Enterprise; la facturación electrónica VERIFACTU, solo en Enterprise.',
	},

	'respuestas-correo': {
		metaDescription:
			'Tu asistente KIA prepara respuestas a los correos habituales con tu tono y la información de tus documentos. Tú revisas y decides qué se envía.',
		lead: 'Tu asistente reconoce los correos habituales y te deja preparada una respuesta con tu tono y tu información. Tú decides qué se envía.',
		what: [
			'Conectado a tu correo de Google Workspace, el asistente clasifica lo que llega: consultas de precios, peticiones de documentos, preguntas sobre plazos o citas.',
			'Para cada correo habitual redacta un borrador con la información de tus documentos (tarifas, condiciones, procedimientos) y lo deja junto al correo original para que lo revises. Los correos delicados o urgentes te los marca para que los atiendas tú.',
		],
		points: [
			'Borradores de respuesta con tu tono y tu firma',
			'Respuestas basadas en tus propios documentos',
			'Los correos urgentes o delicados, marcados para ti',
			'Nada sale sin tu aprobación',
		],
		channels: [
			{ channel: 'email', text: 'Trabaja en tu bandeja: cada borrador te espera junto al correo que responde.' },
			{ channel: 'web', text: 'En tu WebApp ves los borradores pendientes y los apruebas o corriges.' },
		],
		example: {
			kind: 'email',
			caption: 'Un correo habitual y el borrador que prepara tu asistente',
			messages: [
				{
					label: 'Correo recibido',
					from: 'Un cliente',
					to: 'Tu negocio',
					subject: 'Declaración de la renta',
					paragraphs: [
						'Hola, quería saber cuánto cobráis por hacer la declaración de la renta y qué documentos tengo que llevar. Gracias.',
					],
				},
				{
					label: 'Borrador de tu asistente, pendiente de tu revisión',
					from: 'Tu negocio',
					to: 'Un cliente',
					subject: 'Re: Declaración de la renta',
					paragraphs: [
						'Hola:',
						'Gracias por escribirnos. Te adjunto nuestras tarifas para la declaración de la renta. Para prepararla necesitaremos:',
					],
					list: [
						'Tu DNI o NIE',
						'Los certificados de retenciones de tu empresa, tu banco o tu pensión',
						'Los justificantes de los gastos que quieras deducir',
					],
					closing: ['Si te viene bien, puedes reservar una cita respondiendo a este correo.', 'Un saludo.'],
				},
			],
		},
		roles: {
			you: [
				'Nos dices qué tipo de correos quieres delegar',
				'Revisas cada borrador y lo envías, lo corriges o lo descartas',
				'Atiendes los correos que el asistente marca como delicados',
			],
			assistant: [
				'Clasifica el correo que llega',
				'Redacta borradores con tu tono y tus documentos',
				'Propone los adjuntos habituales, como tus tarifas',
			],
		},
		plans: ['business', 'enterprise'],
		plansNote:
			'Business incluye las respuestas inteligentes al correo; Enterprise añade el correo como canal para hablar con tu asistente.',
	},

	'atencion-whatsapp': {
		metaDescription:
			'Tu asistente KIA responde por WhatsApp Business a las preguntas frecuentes de tus clientes a cualquier hora y te pasa la conversación cuando hace falta una persona.',
		lead: 'Tu asistente responde por WhatsApp Business a las preguntas frecuentes de tus clientes, a cualquier hora, y te pasa la conversación cuando hace falta una persona.',
		what: [
			'Tus clientes escriben al WhatsApp Business de tu negocio, como siempre. El asistente responde con la información que le has dado: horarios, servicios, precios, documentación o cómo llegar.',
			'Si la respuesta no está en tus documentos, o el cliente pide hablar con alguien, se lo dice con claridad, le pide los datos necesarios y te pasa la conversación con un resumen para que sigas tú.',
		],
		points: [
			'Respuestas a cualquier hora, también fuera de tu horario',
			'La información de tus propios documentos y tarifas',
			'Paso a una persona con un resumen de la conversación',
			'El historial de conversaciones en tu WebApp',
		],
		channels: [
			{ channel: 'whatsapp', text: 'Responde desde el número de WhatsApp Business de tu negocio.' },
			{ channel: 'web', text: 'En tu WebApp lees las conversaciones y retomas las que te ha pasado.' },
		],
		example: {
			kind: 'chat',
			channel: 'whatsapp',
			caption: 'Una consulta fuera de horario',
			person: 'Cliente',
			messages: [
				{
					from: 'person',
					time: '21:47',
					text: 'Hola, ¿abrís los sábados? Querría pedir presupuesto para reformar un baño.',
				},
				{
					from: 'assistant',
					time: '21:47',
					text: 'Hola. Los sábados abrimos de 10:00 a 14:00. Para presupuestar una reforma necesitamos ver el espacio: ¿te viene bien que te llamemos mañana para concertar una visita?',
				},
				{ from: 'person', time: '21:49', text: 'Sí, mejor por la mañana.' },
				{
					from: 'assistant',
					time: '21:49',
					text: 'Anotado. He pasado tu petición al equipo y te llamaremos mañana por la mañana. ¡Gracias por escribirnos!',
				},
			],
			outcome: 'Aviso para ti: petición de presupuesto (reforma de baño). Llamar mañana por la mañana.',
		},
		roles: {
			you: [
				'Nos das la información que puede compartir: horarios, servicios, precios',
				'Decides en qué casos quieres que te pase la conversación',
				'Atiendes las conversaciones que te pasa',
			],
			assistant: [
				'Responde al momento, a cualquier hora',
				'Pide los datos que necesitas para atender cada petición',
				'Te avisa con un resumen cuando hace falta una persona',
			],
		},
		plans: ['starter', 'business', 'enterprise'],
		plansNote: 'En Starter, si eliges WhatsApp como canal; Business y Enterprise incluyen la web y WhatsApp Business.',
	},

	'clasificacion-documentos': {
		metaDescription:
			'Tu asistente KIA reconoce facturas, contratos y justificantes y los guarda con un nombre claro en la carpeta correcta de tu Google Drive.',
		lead: 'Tu asistente reconoce las facturas, contratos y justificantes que recibes y los guarda en la carpeta correcta de tu Google Drive, con un nombre que se entiende.',
		what: [
			'Le envías un documento por WhatsApp o lo subes a tu WebApp. El asistente identifica qué es (una factura de proveedor, un contrato, un justificante de pago), lee sus datos clave (fecha, emisor, importe) y lo archiva en tu Google Drive con la estructura de carpetas que elijas.',
			'Cuando necesitas algo, se lo pides con tus palabras y te da el enlace.',
		],
		points: [
			'Carpetas por tipo de documento, año y trimestre',
			'Nombres de archivo con la fecha, el emisor y el concepto',
			'Búsqueda con tus palabras: «la factura de la luz de enero»',
			'Aviso cuando un documento está incompleto o no se lee bien',
		],
		channels: [
			{ channel: 'drive', text: 'Los documentos se guardan en tu propio Google Drive: siguen siendo tuyos.' },
			{ channel: 'whatsapp', text: 'Envías una foto o un PDF por WhatsApp y el asistente lo archiva.' },
			{ channel: 'web', text: 'Subes y buscas documentos desde tu WebApp.' },
		],
		example: {
			kind: 'chat',
			channel: 'whatsapp',
			caption: 'Un documento archivado y otro encontrado',
			person: 'Tú',
			messages: [
				{ from: 'person', time: '12:05', text: 'Guárdame esta.', attachment: 'factura-proveedor.pdf' },
				{
					from: 'assistant',
					time: '12:05',
					text: 'Es una factura de material de oficina del 14 de febrero. La he guardado en Facturas recibidas › 1.er trimestre como «14-02 Material de oficina.pdf».',
				},
				{ from: 'person', time: '12:20', text: '¿Me pasas el contrato del local?' },
				{
					from: 'assistant',
					time: '12:20',
					text: 'Aquí lo tienes: Contratos › Alquiler del local.pdf, con su enlace de Google Drive.',
				},
			],
		},
		roles: {
			you: [
				'Eliges cómo quieres organizar tus carpetas',
				'Envías los documentos por el canal que prefieras',
				'Revisas los que el asistente no ha podido identificar',
			],
			assistant: [
				'Identifica cada documento y sus datos clave',
				'Le pone un nombre claro y lo archiva en su carpeta',
				'Te lo encuentra cuando lo pides',
			],
		},
		plans: ['starter', 'business', 'enterprise'],
		plansNote:
			'Starter incluye la integración básica con Google Drive; Business y Enterprise, la integración con Google Workspace.',
	},

	'agenda-citas': {
		metaDescription:
			'Tu asistente KIA propone huecos libres, agenda las citas en tu Google Calendar y envía recordatorios para que nadie falte.',
		lead: 'Tu asistente propone los huecos libres de tu agenda, cierra la cita con tu cliente en tu Google Calendar y se la recuerda antes.',
		what: [
			'Cuando alguien pide una cita por WhatsApp, el asistente consulta tu Google Calendar y le ofrece los huecos que tienes libres según tus horarios y la duración de cada servicio. Cuando elige uno, crea el evento con sus datos.',
			'Antes de la cita le envía un recordatorio y, si necesita cambiarla, le propone otra hora sin que tengas que intervenir.',
		],
		points: [
			'Solo ofrece los huecos que de verdad tienes libres',
			'Respeta tus horarios, tus pausas y la duración de cada servicio',
			'Recordatorio al cliente antes de la cita',
			'Cambios y cancelaciones sin llamadas',
		],
		channels: [
			{ channel: 'calendar', text: 'Las citas se crean en tu Google Calendar, junto al resto de tu agenda.' },
			{ channel: 'whatsapp', text: 'Tus clientes piden, cambian o cancelan su cita por WhatsApp.' },
			{ channel: 'web', text: 'Ves tus próximas citas en tu WebApp.' },
		],
		example: {
			kind: 'chat',
			channel: 'whatsapp',
			caption: 'Una cita pedida por un cliente',
			person: 'Cliente',
			messages: [
				{ from: 'person', time: '10:02', text: 'Buenas, ¿tenéis hueco esta semana para revisar mi declaración?' },
				{
					from: 'assistant',
					time: '10:02',
					text: 'Hola. Esta semana hay hueco el jueves a las 10:30 o a las 12:00, y el viernes a las 9:30. Cada cita dura 30 minutos. ¿Cuál prefieres?',
				},
				{ from: 'person', time: '10:05', text: 'El jueves a las 12:00.' },
				{
					from: 'assistant',
					time: '10:05',
					text: 'Hecho: jueves a las 12:00. Te recordaré la cita el día antes. Si necesitas cambiarla, escríbeme por aquí.',
				},
			],
			outcome: 'Cita creada en tu Google Calendar: jueves, 12:00–12:30, revisión de la declaración.',
		},
		roles: {
			you: [
				'Nos dices tus horarios y cuánto dura cada servicio',
				'Bloqueas en tu calendario lo que no quieres que se ofrezca',
				'Atiendes la cita',
			],
			assistant: [
				'Consulta tu disponibilidad real',
				'Cierra la cita y la apunta en tu Google Calendar',
				'Recuerda la cita al cliente y gestiona los cambios',
			],
		},
		plans: ['business', 'enterprise'],
		plansNote: 'Usa la integración con Google Workspace, incluida en Business y Enterprise.',
	},

	'cobros-stripe': {
		metaDescription:
			'Tu asistente KIA envía enlaces de pago con tarjeta a través de Stripe, registra cada cobro y te avisa de los pagos pendientes.',
		lead: 'Tu asistente envía enlaces de pago con tarjeta, registra cada cobro y te avisa de lo que queda pendiente.',
		what: [
			'Con tu cuenta de Stripe conectada, el asistente crea un enlace de pago para cada factura o servicio y se lo envía a tu cliente. Cuando el cliente paga, el cobro queda registrado y la factura, marcada como pagada.',
			'Si un pago se retrasa, te avisa y, solo si lo autorizas, envía a tu cliente un recordatorio con el enlace.',
		],
		points: [
			'Enlaces de pago con tarjeta, procesados por Stripe',
			'Cada cobro asociado a su factura',
			'La lista de pagos pendientes, siempre al día',
			'Recordatorios de pago solo cuando tú lo decides',
		],
		channels: [
			{
				channel: 'stripe',
				text: 'Los pagos se procesan en Stripe: los datos de la tarjeta no pasan por tu asistente.',
			},
			{ channel: 'email', text: 'El enlace de pago llega a tu cliente por correo, junto a la factura.' },
			{ channel: 'whatsapp', text: 'O por WhatsApp, si es como habláis normalmente.' },
			{ channel: 'web', text: 'En tu WebApp ves los cobros y los pendientes.' },
		],
		example: {
			kind: 'chat',
			channel: 'whatsapp',
			caption: 'Un pago pendiente, recordado y cobrado',
			person: 'Tú',
			messages: [
				{
					from: 'assistant',
					time: '11:30',
					text: 'La factura F-028, de 240,00 €, venció hace 5 días y sigue sin pagar. ¿Envío al cliente un recordatorio con el enlace de pago?',
				},
				{ from: 'person', time: '11:34', text: 'Sí, mándalo.' },
				{
					from: 'assistant',
					time: '11:34',
					text: 'Enviado por correo con el enlace de pago de Stripe. Te aviso en cuanto se cobre.',
				},
				{
					from: 'assistant',
					time: '16:08',
					text: 'Pago recibido: 240,00 € de la factura F-028. La he marcado como pagada.',
				},
			],
		},
		roles: {
			you: [
				'Conectas tu cuenta de Stripe',
				'Decides cuándo se recuerda un pago',
				'Recibes los cobros en tu cuenta, como cualquier pago de Stripe',
			],
			assistant: [
				'Crea y envía los enlaces de pago',
				'Registra cada cobro en su factura',
				'Vigila los pendientes y te avisa',
			],
		},
		plans: ['business', 'enterprise'],
		plansNote: 'La integración con la pasarela de pago con tarjeta está incluida en Business y Enterprise.',
	},

	'informes-metricas': {
		metaDescription:
			'Tu asistente KIA te resume cada semana tus ingresos, facturas pendientes y consultas atendidas, con un panel de métricas detalladas en tu WebApp.',
		lead: 'Cada semana, tu asistente te resume en un informe claro cómo va tu negocio: ingresos, facturas pendientes y consultas atendidas.',
		what: [
			'Con los datos de tus facturas, tus cobros y las conversaciones que atiende, el asistente prepara un informe semanal y te lo envía el día que elijas.',
			'En tu WebApp tienes además el panel avanzado con las métricas al detalle: ingresos, facturas por cobrar, consultas por canal y citas.',
		],
		points: [
			'Un resumen semanal en lenguaje claro, sin hojas de cálculo',
			'Facturas pendientes de cobro y próximos vencimientos',
			'Consultas atendidas por canal y cuántas pasaron a una persona',
			'Panel avanzado con métricas detalladas en tu WebApp',
		],
		channels: [
			{ channel: 'email', text: 'El informe te llega por correo el día de la semana que elijas.' },
			{ channel: 'web', text: 'El panel de tu WebApp muestra las métricas al detalle.' },
		],
		example: {
			kind: 'email',
			caption: 'El informe semanal que te llega por correo',
			messages: [
				{
					label: 'Informe de tu asistente',
					from: 'Tu asistente',
					to: 'Tú',
					subject: 'Tu resumen de la semana',
					paragraphs: ['Hola. Así ha ido la semana:'],
					list: [
						'Facturado: 1.860,00 € en 6 facturas',
						'Cobrado: 1.420,00 €',
						'Pendiente de cobro: 3 facturas, 640,00 €',
						'Consultas atendidas: 42 (31 por WhatsApp y 11 por correo)',
						'Pasadas a una persona: 4',
					],
					closing: ['Lo más urgente: la factura F-028 vence el jueves.'],
				},
			],
		},
		roles: {
			you: ['Eliges qué quieres ver y cuándo recibir el informe', 'Lees el informe y decides'],
			assistant: [
				'Reúne los datos de facturas, cobros y conversaciones',
				'Prepara el informe y te lo envía',
				'Te señala lo que necesita tu atención',
			],
		},
		plans: ['enterprise'],
		plansNote: 'El panel avanzado y las métricas detalladas están incluidos en Enterprise.',
	},
}
