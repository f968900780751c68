import { formatCount } from '~/lib/money'

/** The client's side of support, /dashboard/soporte: kept apart from the dashboard's copy, which every portal page loads. */
export const supportRequestsCopy = {
	title: 'Soporte',
	lead: '¿Tienes una duda sobre tu asistente, tu plan o tu cuenta? Escríbenos: te responderemos por correo y verás la conversación aquí.',
	newRequest: {
		title: 'Nueva solicitud',
		subject: 'Asunto',
		assistant: 'Asistente',
		anyAssistant: 'Ninguno en concreto',
		message: 'Mensaje',
		messageHint: 'Cuéntanos qué necesitas con el mayor detalle posible.',
		submit: 'Enviar solicitud',
		sent: 'Solicitud enviada',
		sentText: 'Te responderemos lo antes posible, por correo y en esta página.',
	},
	list: {
		title: 'Mis solicitudes',
		empty: 'Todavía no has enviado ninguna solicitud.',
		emptyText: 'Cuando nos escribas, verás aquí cada solicitud y nuestras respuestas.',
		opened: (date: string) => `Enviada el ${date}`,
		// A number and its noun stay on one line (a no-break space).
		replies: (count: number) => (count === 1 ? '1\u00a0respuesta' : `${formatCount(count)}\u00a0respuestas`),
		noReplies: 'Sin respuesta todavía',
	},
	// How a client reads an inbox status: 'nueva' is new to the team, not to them.
	statuses: { nueva: 'Recibida', en_curso: 'En curso', resuelta: 'Resuelta' },
	request: {
		back: 'Volver a Soporte',
		opened: (date: string) => `Enviada el ${date}`,
		// Most names already say what they are ('Asistente fiscal'): 'Sobre el asistente fiscal', not twice.
		assistant: (name: string) =>
			/^asistente\b/i.test(name)
				? `Sobre el ${name.charAt(0).toLowerCase()}${name.slice(1)}`
				: `Sobre el asistente «${name}»`,
		conversation: 'Conversación',
		you: 'Tú',
		team: 'Equipo KIA',
		resolved: 'Hemos dado esta solicitud por resuelta. Si nos escribes de nuevo, la volveremos a abrir.',
		reply: 'Responder',
		replyMessage: 'Mensaje',
		submit: 'Enviar mensaje',
		sent: 'Mensaje enviado',
		notFound: 'Esta solicitud no existe o no es tuya.',
	},
	errors: {
		failed: 'No se pudo enviar. Inténtalo de nuevo.',
		tooMany: 'Has enviado muchos mensajes en poco tiempo. Espera un rato e inténtalo de nuevo.',
		assistant: 'Elige uno de tus asistentes.',
	},
	email: {
		companySubject: (subject: string) => `Nueva solicitud de soporte: ${subject}`,
		companyFollowUpSubject: (subject: string) => `Nuevo mensaje en una solicitud de soporte: ${subject}`,
		companyText: (who: string) => `${who} ha escrito desde el portal de clientes:`,
		open: (url: string) => `Ábrela en el panel de administración: ${url}`,
		portalLink: (url: string) => `Puedes ver la conversación y respondernos desde tu portal de cliente: ${url}`,
	},
} as const
