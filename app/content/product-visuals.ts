/** The words inside the pictures of the product (app/components/site/product-visuals.tsx). */
export const productVisuals = {
	chat: {
		label:
			'Conversación de WhatsApp Business con el asistente KIA: recuerda que el 20 de octubre vence el modelo 303 del tercer trimestre, ofrece el borrador y envía por correo la factura que le piden.',
		name: 'Asistente KIA',
		status: 'en línea',
		day: 'Hoy',
		messages: [
			{
				from: 'assistant',
				time: '09:00',
				text: 'Buenos días. Te recuerdo que el 20 de octubre vence el modelo 303 del tercer trimestre.',
			},
			{ from: 'assistant', time: '09:00', text: 'Ya tengo el borrador con las facturas del trimestre. ¿Te lo envío?' },
			{ from: 'client', time: '09:12', text: 'Sí, gracias. Y envía también la factura de la reforma, por favor.' },
		],
		invoice: {
			time: '09:13',
			file: 'Factura 2025-0142.pdf',
			detail: '1 página · 1.210,00 €',
			text: 'Hecho: factura enviada por correo al cliente y guardada en tu Drive.',
		},
		placeholder: 'Escribe un mensaje',
	},
	email: {
		label:
			'Correo respondido por el asistente: contesta a una consulta con el horario, adjunta el presupuesto pedido y propone una cita.',
		window: 'Bandeja de entrada',
		from: 'Asistente KIA',
		to: 'Para: cliente@correo.es',
		subject: 'Re: Horario y presupuesto',
		body: 'Hola, gracias por escribirnos. Abrimos de lunes a viernes de 9:00 a 18:00. Te adjunto el presupuesto que pediste y, si te viene bien, te propongo una cita el jueves a las 10:00.',
		attachment: 'presupuesto.pdf',
		badge: 'Respondido en 2 minutos',
	},
	portal: {
		label:
			'Miniatura del portal de clientes: menú con Inicio, Reuniones, Suscripción, Mis asistentes y Mi Cuenta, y las tarjetas Gestionar Reuniones, Ver Asistentes, Portal de Cliente y Editar Perfil.',
		address: 'portal.kia.es/dashboard',
		menu: ['Inicio', 'Reuniones', 'Suscripción', 'Mis asistentes', 'Mi Cuenta'],
		greeting: 'Te damos la bienvenida, ana@tuempresa.es',
		cards: ['Gestionar Reuniones', 'Ver Asistentes', 'Portal de Cliente', 'Editar Perfil'],
	},
	channels: {
		heading: 'Se conecta con las herramientas que ya usas',
		items: ['WhatsApp Business', 'Email', 'Google Calendar', 'Google Drive', 'Pagos con tarjeta'],
	},
	/** What each step's illustration shows (app/components/site/step-art.tsx). */
	steps: {
		meeting: 'Ilustración: videollamada de 15 minutos',
		proposal: 'Ilustración: propuesta con las tareas del asistente marcadas',
		knowledge: 'Ilustración: tus documentos entrando en el asistente',
		connect: 'Ilustración: el asistente unido a WhatsApp, email, calendario y pagos',
		testing: 'Ilustración: una respuesta del asistente revisada y aprobada',
		launch: 'Ilustración: asistente activado y gráfica de uso en aumento',
	},
} as const

export type StepArtName = keyof typeof productVisuals.steps
