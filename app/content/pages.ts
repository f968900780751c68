/** Copy of the smaller pages and shared blocks (the bigger pages have a file each). */
export const contactPage = {
	title: 'Contacto · KIA',
	description:
		'Cuéntanos tu proyecto y te respondemos en menos de 24 horas, o reserva una demostración gratuita de 15 minutos.',
	eyebrow: 'Contacto',
	heading: 'Hablemos de tu proyecto',
	lead: 'Escríbenos y te contamos cómo un asistente propio puede ahorrarte tiempo desde el primer mes.',
	bookingButton: 'O reserva una reunión',
	formHeading: 'Envíanos un mensaje',
	emailHeading: 'Email',
	phoneHeading: 'Teléfono',
	officeHeading: 'Oficina',
} as const

export const blogPage = {
	title: 'Blog · KIA',
	description:
		'Ideas, guías y novedades sobre asistentes de IA, VERIFACTU, WhatsApp Business y automatización para pymes y gestorías.',
	eyebrow: 'Blog',
	heading: 'Ideas para trabajar menos y mejor',
	lead: 'Guías prácticas sobre inteligencia artificial, facturación y automatización para negocios.',
	all: 'Todas',
	empty: 'No hay artículos en esta categoría todavía.',
	loadError: 'Error al cargar los datos del blog',
	latestError: 'Error al cargar las últimas entradas del blog.',
	back: 'Volver al blog',
	notFound: 'Artículo no encontrado',
	notFoundText: 'Puede que el enlace no sea correcto o que el artículo ya no esté publicado.',
	postError: 'Error al cargar el artículo',
	postErrorText: 'Inténtalo de nuevo en unos minutos.',
	share: 'Compartir',
	shared: '¡Enlace copiado al portapapeles!',
	shareFailed: 'No se pudo copiar el enlace',
	shareLink: 'Enlace de la entrada',
	shareByEmail: 'Enviar por correo',
	cta: {
		heading: '¿Quieres ver cómo funcionaría en tu negocio?',
		text: 'Solicita una demostración gratuita de 15 minutos.',
		button: 'Solicitar demostración gratuita',
	},
} as const

export const pricingPage = {
	title: 'Tarifas · KIA',
	description:
		'Planes Starter, Business y Enterprise: pago anual con dos meses de ahorro o cuota mensual. Todos incluyen tu propia WebApp.',
	eyebrow: 'Tarifas',
	heading: 'Elige el plan que encaja con tu negocio',
	lead: 'Todos los planes incluyen tu propia WebApp con tu marca, acceso privado e integraciones con tus herramientas.',
	canceled: 'Has cancelado el pago. No se ha realizado ningún cargo; puedes elegir un plan cuando quieras.',
	plansHeading: 'Planes',
	comparisonHeading: 'Compara los planes',
	comparisonLabel: 'Comparativa de planes',
	// Below md the table is wider than the screen: the plans past the first scroll in beside the fixed labels.
	comparisonSwipe: 'Desliza la tabla para ver los tres planes.',
	servicesHeading: 'Servicios adicionales',
	cta: {
		heading: '¿Dudas sobre qué plan elegir?',
		text: 'Cuéntanos qué necesitas y te recomendamos el plan adecuado, sin compromiso.',
		button: 'Hablar con nosotros',
	},
} as const

export const planPage = {
	eyebrow: 'Plan',
	includesHeading: 'Qué incluye',
	webapp: { heading: 'Tu propia WebApp', text: 'Con tu logotipo y tus colores, incluida en el plan.' },
	faqHeading: 'Preguntas frecuentes',
	pay: 'Pagar y Activar',
	processing: 'Procesando...',
	book: 'Reservar reunión',
	compare: 'Comparar con otros planes',
	oneTime: 'pago único',
	subscription: 'suscripción cancelable',
} as const

export const bookingDialog = {
	title: 'Reserva una demostración gratuita',
	description: (availability?: string) =>
		`Elige día y hora para una videollamada de 15 minutos${availability ? `, ${availability}` : ''}.`,
	loading: 'Cargando horas disponibles...',
} as const

export const demoPage = {
	title: 'Solicitar demostración · KIA',
	description: (availability: string) =>
		`Reserva una demostración gratuita de 15 minutos por videollamada, ${availability}.`,
	breadcrumb: 'Solicitar demostración',
	heading: 'Solicita tu demostración gratuita',
	lead: 'En 15 minutos te enseñamos un asistente KIA funcionando con casos como el tuyo y resolvemos tus dudas.',
	facts: [
		{ icon: 'clock', title: '15 minutos', text: 'Directo al grano, sin compromiso.' },
		{ icon: 'calendar', title: 'De lunes a viernes', text: 'Cada 30 minutos, de 10:00 a 13:30.' },
		{ icon: 'video', title: 'Videollamada', text: 'Recibirás el enlace por correo.' },
	],
	form: {
		heading: 'Reserva tu hueco',
		nombre: 'Nombre',
		email: 'Email',
		slot: 'Día y hora',
		slotHint: 'Hora de Madrid. Solo ves los huecos libres: elige uno.',
		chooseSlot: 'Elige un día y una hora de los disponibles.',
		noSlots: 'No quedan huecos libres en las próximas semanas. Escríbenos desde Contacto y te buscamos uno.',
		motivo: 'Motivo de la reunión',
		submit: 'Reservar demostración',
		submitting: 'Reservando...',
	},
	weekend: { title: 'Fecha no válida', description: 'Por favor, selecciona un día de lunes a viernes.' },
	// A weekday without demos under the rules in /admin/ajustes (not every day held, or a blocked date).
	closedDay: { title: 'Fecha no válida', description: 'Ese día no hay demostraciones. Por favor, elige otra fecha.' },
	needAccount: {
		title: 'Necesitas una cuenta',
		description: 'Por favor, crea una cuenta para poder reservar tu demostración.',
	},
	carried: {
		title: 'Crea una cuenta para continuar',
		description: 'Una vez registrado, podrás confirmar tu demostración.',
	},
	success: {
		banner: '¡Cita confirmada!',
		// The confirmation recaps the booking; the picker is gone (issue 68).
		day: 'Día',
		time: 'Hora',
		madridTime: (hora: string) => `${hora} (hora de Madrid)`,
		link: 'Enlace',
		join: 'Ir a la reunión',
		mine: 'Ver mis reuniones',
		toast: '¡Éxito!',
		toastText: 'Tu cita ha sido agendada. Revisa tu email para más detalles.',
	},
	// While the booking rules or the taken slots cannot be read (Supabase down): no slot is offered, none is booked.
	unavailable: {
		text: 'Ahora mismo no podemos mostrar los huecos libres ni reservar demostraciones. Inténtalo de nuevo en unos minutos.',
		retry: 'Intentar de nuevo',
	},
	failure: {
		banner: 'No se pudo reservar la cita. Por favor, inténtalo de nuevo.',
		server: 'Ocurrió un error al crear el evento.',
		taken: 'Ese hueco acaba de reservarse. Elige otra hora de las disponibles.',
		invalid: 'Elige un día y una hora de los disponibles a partir de ahora.',
		horizon: (days: number) => `Solo se pueden reservar demostraciones en los próximos ${days} días.`,
		limit: (max: number) =>
			`Ya tienes ${max === 1 ? 'una demostración pendiente' : `${max} demostraciones pendientes`}. Para reservar otra, cancela o reprograma una desde tu panel de cliente.`,
		toast: 'Error',
	},
} as const

export const logoPage = {
	title: 'Logotipo · KIA',
	description: 'Descarga el logotipo oficial de KIA en negro, en formato SVG.',
	heading: 'Logotipo de KIA',
	lead: 'La versión en negro del logotipo, en SVG, para usarla sobre fondos claros.',
	alt: 'Logotipo de KIA en negro',
	download: 'Descargar logotipo',
} as const
