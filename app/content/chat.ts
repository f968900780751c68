export const chat = {
	title: 'KIA Asistente Inteligente',
	greeting: '¡Hola! Soy el asistente de KIA. ¿En qué puedo ayudarte hoy?',
	reply:
		'¡Gracias por tu mensaje! Un miembro de nuestro equipo te responderá muy pronto. Si lo prefieres, puedes reservar una demostración gratuita de 15 minutos.',
	replyDelayMs: 2000,
} as const
