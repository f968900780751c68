import { company } from './company'

/** The site's chat (issue 54): the widget and its page without JavaScript, /asistente. */
export const chat = {
	title: 'KIA Asistente Inteligente',
	greeting: '¡Hola! Soy el asistente de KIA. ¿En qué puedo ayudarte hoy?',
	open: 'Abrir chat con KIA',
	close: 'Cerrar chat',
	typing: 'KIA está escribiendo',
	inputLabel: 'Escribe tu mensaje',
	inputPlaceholder: 'Escribe tu mensaje...',
	send: 'Enviar mensaje',
	hint: 'Respondo con lo que KIA ha publicado en esta web: planes, funciones, plazos, blog…',
	greetingReply:
		'¡Hola! Pregúntame por los planes y precios, lo que puede hacer tu asistente, los plazos o la privacidad de tus datos.',
	source: 'Según',
	links: 'Más información',
	notFound:
		'No encuentro la respuesta en lo que KIA ha publicado, y prefiero no inventarla. Puedes escribirnos, reservar una demostración gratuita de 15 minutos o dejarnos tu email para que te responda una persona del equipo.',
	contact: 'Escribirnos',
	demo: 'Reservar demostración',
	person: 'Hablar con una persona',
	handover: {
		prompt: 'Déjanos tu email y tu pregunta: llegarán al equipo de KIA, que te responderá por correo.',
		email: 'Tu email',
		question: 'Tu pregunta',
		submit: 'Enviar al equipo',
		submitting: 'Enviando...',
		cancel: 'Cancelar',
		sent: (email: string) =>
			`Hecho: tu pregunta ya está en la bandeja del equipo de KIA. Un miembro de nuestro equipo te responderá muy pronto en ${email} (${company.replyPromise.toLowerCase()}, de lunes a viernes).`,
		failed: `No hemos podido enviar tu pregunta. Escríbenos a ${company.email} o desde el formulario de contacto.`,
	},
	failed: 'No he podido responder ahora mismo. Inténtalo de nuevo en unos segundos.',
	page: {
		title: 'Asistente · KIA',
		description:
			'Pregunta a KIA por sus planes, precios, funciones y plazos: el asistente responde con lo que KIA ha publicado y te enlaza a cada página.',
		eyebrow: 'Asistente',
		heading: 'Pregunta a KIA',
		lead: 'Responde con lo que KIA ha publicado en esta web y te dice de dónde sale cada respuesta. Si no lo sabe, te lo dice y te pone en contacto con una persona.',
		question: 'Tu pregunta',
		placeholder: '¿Cuánto cuesta el plan Business?',
		ask: 'Preguntar',
		you: 'Tu pregunta',
		answer: 'Respuesta',
		personHeading: '¿Prefieres hablar con una persona?',
		examplesHeading: 'Prueba a preguntar',
		examples: ['¿Cuánto cuesta el plan Business?', '¿Cuánto tardáis en tenerlo listo?', '¿Qué es VERIFACTU?'],
	},
	rateLimited: 'Has hecho muchas preguntas seguidas. Espera unos minutos e inténtalo de nuevo.',
} as const
