export const webapp: {
	title: string
	description: string
	heading: string
	lead: string
	sections: {
		id: 'que-es' | 'que-puede-hacer' | 'personalizacion' | 'seguridad' | 'integraciones'
		heading: string
		text: string
		points: string[]
	}[]
	cta: { heading: string; text: string; button: string }
} = {
	title: 'WebApp incluida · KIA',
	description:
		'Todos los planes de KIA incluyen una WebApp privada con tu logo y tus colores, acceso seguro e integraciones con tus herramientas de trabajo.',
	heading: 'Tu WebApp privada, incluida en todos los planes',
	lead: 'Además de WhatsApp Business y el correo, tu asistente vive en una aplicación web propia, con tu imagen y acceso solo para ti y tu equipo.',
	sections: [
		{
			id: 'que-es',
			heading: 'Qué es',
			text: 'Una aplicación web privada desde la que hablas con tu asistente, consultas tus documentos y revisas todo lo que ha hecho por ti.',
			points: [
				'Funciona en el ordenador, la tableta y el móvil',
				'No necesitas instalar nada',
				'Incluida en los planes Starter, Business y Enterprise',
			],
		},
		{
			id: 'que-puede-hacer',
			heading: 'Qué puede hacer',
			text: 'Es tu centro de control: todo lo que gestiona el asistente queda a la vista y a un clic.',
			points: [
				'Conversar con tu asistente y pedirle tareas',
				'Consultar facturas, recordatorios y citas',
				'Revisar y aprobar borradores de correo',
				'Ver informes de actividad y cobros',
			],
		},
		{
			id: 'personalizacion',
			heading: 'Personalización',
			text: 'La WebApp lleva tu marca, para que tu equipo y tus clientes la sientan como propia.',
			points: [
				'Tu logo y tus colores corporativos',
				'El nombre que elijas para tu asistente',
				'Secciones adaptadas a tu forma de trabajar',
			],
		},
		{
			id: 'seguridad',
			heading: 'Seguridad y control',
			text: 'Tú decides quién entra y qué puede hacer el asistente en cada momento.',
			points: [
				'Acceso privado con tu cuenta de Google o con email y contraseña',
				'Permisos por persona dentro de tu equipo',
				'Tratamiento de datos conforme al RGPD',
				'Registro de las acciones realizadas por el asistente',
			],
		},
		{
			id: 'integraciones',
			heading: 'Integraciones',
			text: 'La WebApp se conecta con las herramientas que ya utilizas, sin cambiar tu forma de trabajar.',
			points: [
				'Google Workspace: Gmail, Google Drive y Google Calendar',
				'Cobros con tarjeta a través de Stripe',
				'WhatsApp Business y correo electrónico',
				'Otras herramientas bajo petición',
			],
		},
	],
	cta: {
		heading: 'Elige el plan que mejor encaja contigo',
		text: 'Todos los planes incluyen tu WebApp privada, personalizada y conectada a tus herramientas.',
		button: 'Ver tarifas',
	},
}
