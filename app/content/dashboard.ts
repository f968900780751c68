export const dashboardCopy = {
	loading: 'Cargando tu panel...',
	backToSite: 'Volver a la web',
	backToDashboard: 'Volver al Dashboard',
	menu: [
		{ to: '/dashboard', label: 'Inicio', icon: 'home' },
		{ to: '/dashboard/reuniones', label: 'Reuniones', icon: 'calendar' },
		{ to: '/dashboard/suscripcion', label: 'Suscripción', icon: 'card' },
		{ to: '/dashboard/asistentes', label: 'Mis asistentes', icon: 'bot' },
		{ to: '/dashboard/soporte', label: 'Soporte', icon: 'support' },
		{ to: '/dashboard/cuenta', label: 'Mi Cuenta', icon: 'user' },
	],
	adminPanel: 'Admin Panel',
	avatarMenu: { account: 'Mi Cuenta', subscription: 'Suscripción', signOut: 'Cerrar sesión' },
	openMenu: 'Abrir menú del panel',
	menuLabel: 'Panel',
	homeLabel: 'KIA, inicio del panel',
	home: {
		// A deliberate change from the spec's 'Bienvenida, {nombre}', which greets every client in the feminine: a
		// greeting that fits anyone (issue 68). The portal's mock-ups on the site say it too (content-consistency test).
		greeting: (name: string) => `Te damos la bienvenida, ${name}`,
		lead: 'Desde aquí gestionas todo lo relacionado con tu asistente KIA.',
		/** What a client opens the panel for, above the links to each page (issue 55). */
		overview: {
			loadError: 'No se pudo cargar. Inténtalo de nuevo en unos minutos.',
			booking: {
				heading: 'Tu próxima reunión',
				none: 'No tienes reuniones programadas.',
				book: 'Reservar una demostración',
				join: 'Unirse',
				reschedule: 'Reprogramar',
				all: 'Ver reuniones',
			},
			plan: {
				heading: 'Tu plan',
				renews: (date: string) => `Se renueva el ${date}.`,
				ends: (date: string) => `Termina el ${date}; no se renovará.`,
				paidOnce: (date: string) => `Pago único del ${date}.`,
				none: 'Aún no tienes un plan.',
				noneText: 'Elige el que encaja con tu negocio y ponemos en marcha tu asistente.',
				choose: 'Ver planes',
				manage: 'Suscripción y facturas',
			},
			support: {
				heading: 'Solicitudes abiertas',
				none: 'No tienes solicitudes abiertas.',
				create: 'Nueva solicitud',
				all: 'Ver soporte',
			},
			assistants: {
				heading: 'Tus asistentes',
				none: 'Cuando pongamos en marcha tu asistente, aquí verás en qué estado está.',
				all: 'Ver asistentes',
			},
			pages: 'Todo tu panel',
		},
		cards: [
			{
				to: '/dashboard/reuniones',
				title: 'Gestionar Reuniones',
				text: 'Consulta, reprograma o cancela tus reuniones.',
				icon: 'calendar',
			},
			{
				to: '/dashboard/asistentes',
				title: 'Ver Asistentes',
				text: 'Los asistentes que hemos creado para ti.',
				icon: 'bot',
			},
			{
				to: '/dashboard/suscripcion',
				title: 'Portal de Cliente',
				text: 'Tu plan, tus facturas y tu método de pago.',
				icon: 'card',
			},
			{
				to: '/dashboard/soporte',
				title: 'Soporte',
				text: 'Escríbenos y sigue aquí las respuestas de nuestro equipo.',
				icon: 'support',
			},
			{
				to: '/dashboard/cuenta',
				title: 'Editar Perfil',
				text: 'Tus datos y tus preferencias de contacto.',
				icon: 'user',
			},
		],
	},
	assistants: {
		title: 'Mis Asistentes',
		// The spec's words; the line after says who creates them (issue 55).
		empty: 'Todavía no has creado ningún asistente.',
		emptyText:
			'Tu asistente lo creamos nosotros al contratar un plan, y aparecerá aquí desde que empecemos a prepararlo.',
		request: 'Solicitar asistente',
		company: 'Empresa',
	},
	subscription: {
		title: 'Portal de Cliente',
		none: 'Todavía no tienes ningún plan contratado.',
		noneText: 'Elige el plan que mejor encaja con tu negocio y activa tu asistente.',
		plans: 'Ver planes',
	},
} as const
