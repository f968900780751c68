export type Project = {
	id: 'asistente-fiscal-whatsapp' | 'reservas-eventos-casas' | 'digitalizacion-gestoria'
	name: string
	category: string
	/** Who it was built for, described, never named: they are examples, not clients to look up. */
	client: string
	summary: string
	challenge: string
	solution: string
	/** The case's outcomes as figures, number first. */
	figures: { value: string; label: string }[]
	results: string[]
	tags: string[]
}

export const projects: {
	title: string
	description: string
	heading: string
	lead: string
	items: Project[]
	figuresLabel: string
	labels: { challenge: string; solution: string; results: string }
	cta: { heading: string; text: string }
} = {
	title: 'Proyectos · KIA',
	description:
		'Conoce proyectos reales de KIA: un asistente fiscal por WhatsApp, una plataforma de reservas para eventos y la digitalización de una gestoría.',
	heading: 'Proyectos que ya funcionan',
	lead: 'Cada proyecto nace de un problema concreto. Estos son tres ejemplos de cómo un asistente propio ahorra tiempo y ordena el trabajo diario.',
	items: [
		{
			id: 'asistente-fiscal-whatsapp',
			name: 'Asistente fiscal por WhatsApp',
			category: 'Autónomos',
			client: 'Autónomos en estimación directa que presentan sus impuestos cada trimestre',
			summary:
				'Un asistente que acompaña a los autónomos en sus obligaciones fiscales desde WhatsApp Business, sin aplicaciones nuevas ni formularios complicados.',
			challenge:
				'Muchos autónomos viven pendientes del calendario fiscal, guardan los tiques en cualquier parte y llegan con prisas a cada trimestre.',
			solution:
				'Creamos un asistente en WhatsApp Business que recuerda los plazos, recibe fotos de tiques y facturas, las guarda ordenadas en Google Drive y responde dudas frecuentes sobre impuestos.',
			figures: [
				{ value: '7 días', label: 'de antelación en cada aviso de plazo fiscal' },
				{ value: '1 foto', label: 'basta para archivar un tique con su fecha e importe' },
				{ value: '24 h', label: 'al día para resolver las dudas más habituales' },
			],
			results: [
				'Avisos de cada plazo trimestral con días de antelación',
				'Tiques y facturas archivados sin esfuerzo',
				'Respuesta inmediata a las dudas más habituales',
			],
			tags: ['WhatsApp Business', 'Google Drive', 'Fiscalidad'],
		},
		{
			id: 'reservas-eventos-casas',
			name: 'Reservas de eventos en casas particulares',
			category: 'Plataforma de reservas',
			client: 'Una plataforma que alquila casas particulares para celebraciones en la Comunidad Valenciana',
			summary:
				'Una plataforma para reservar casas particulares como espacio para celebraciones, con un asistente que atiende a anfitriones e invitados.',
			challenge:
				'Coordinar disponibilidad, condiciones y pagos entre propietarios y clientes exigía decenas de mensajes por cada reserva.',
			solution:
				'Desarrollamos una WebApp de reservas conectada a Google Calendar y Stripe, con un asistente que resuelve preguntas, confirma fechas y envía los enlaces de pago.',
			figures: [
				{ value: '3', label: 'mensajes por reserva de media, frente a más de 20 antes' },
				{ value: '30 %', label: 'de señal cobrada con tarjeta al confirmar la fecha' },
				{ value: '0', label: 'reservas duplicadas desde que se conectó el calendario' },
			],
			results: [
				'Disponibilidad actualizada en tiempo real',
				'Pagos y señales cobrados con Stripe',
				'Menos mensajes de ida y vuelta por reserva',
			],
			tags: ['WebApp', 'Google Calendar', 'Stripe'],
		},
		{
			id: 'digitalizacion-gestoria',
			name: 'Digitalización de una gestoría',
			category: 'Gestorías y asesorías',
			client: 'Una gestoría de la provincia de Alicante con seis personas en plantilla',
			summary:
				'El asistente interno de una gestoría real, entrenado con sus procedimientos para atender a clientes y ordenar la documentación.',
			challenge:
				'El equipo dedicaba buena parte de la jornada a contestar las mismas consultas y a reclamar documentos a sus clientes.',
			solution:
				'Entrenamos un asistente con los procedimientos de la gestoría, lo conectamos al correo y a WhatsApp Business y automatizamos la recogida y clasificación de documentos.',
			figures: [
				{ value: '6 de cada 10', label: 'consultas resueltas por el asistente sin esperar al equipo' },
				{ value: '5 tipos', label: 'de documento clasificados solos al llegar' },
				{ value: '10 h', label: 'a la semana que el equipo dedica de nuevo a asesorar' },
			],
			results: [
				'Consultas repetitivas atendidas por el asistente',
				'Documentación de clientes clasificada automáticamente',
				'Más tiempo del equipo para el asesoramiento',
			],
			tags: ['Gestoría', 'Correo', 'VERIFACTU'],
		},
	],
	figuresLabel: 'El proyecto en cifras',
	labels: { challenge: 'El reto', solution: 'La solución', results: 'Los resultados' },
	cta: {
		heading: '¿Tienes un proyecto en mente?',
		text: 'Cuéntanoslo en una reunión gratuita de 15 minutos o consulta nuestras tarifas para ver qué plan encaja con tu negocio.',
	},
}
