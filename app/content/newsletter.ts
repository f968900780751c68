/** The newsletter's double opt-in: the footer form's answers, the two link pages and the e-mails. */
export const newsletterCopy = {
	subscribed: {
		title: '¡Ya casi está!',
		description: 'Te hemos enviado un correo para confirmar tu suscripción. Revisa tu bandeja de entrada.',
	},
	failed: {
		title: 'No se pudo completar la suscripción',
		description: 'Inténtalo de nuevo dentro de unos minutos.',
	},
	confirm: {
		title: 'Confirma tu suscripción',
		text: 'Pulsa el botón para empezar a recibir el boletín de KIA.',
		button: 'Confirmar suscripción',
		done: '¡Suscripción confirmada!',
		doneText: (email: string) => `Recibirás el boletín de KIA en ${email}. Te hemos enviado un correo de bienvenida.`,
		invalid: 'Este enlace no es válido o ha caducado',
		invalidText: 'Suscríbete de nuevo desde el pie de cualquier página y te enviaremos otro.',
	},
	unsubscribe: {
		title: 'Darte de baja del boletín',
		text: 'Pulsa el botón y dejarás de recibir el boletín de KIA.',
		button: 'Darme de baja',
		done: 'Te has dado de baja',
		doneText: 'No volverás a recibir el boletín. Si cambias de idea, puedes suscribirte de nuevo cuando quieras.',
		invalid: 'Este enlace de baja no es válido',
		invalidText: 'Usa el enlace del último boletín que recibiste, o escríbenos y te daremos de baja nosotros.',
	},
	backHome: 'Volver al inicio',
	email: {
		confirmSubject: 'Confirma tu suscripción al boletín de KIA',
		confirmText: (email: string, url: string) =>
			`Hola:\n\nHemos recibido una solicitud para suscribir ${email} al boletín de KIA. Para confirmarla, abre este enlace (caduca en 24 horas):\n\n${url}\n\nSi no has sido tú, ignora este mensaje: no te enviaremos nada más.`,
		welcomeSubject: 'Te damos la bienvenida al boletín de KIA',
		welcomeText: (unsubscribeUrl: string) =>
			`Hola:\n\nGracias por confirmar tu suscripción. Una vez al mes te contaremos las novedades de KIA, ideas para que un asistente de IA trabaje por tu negocio y los cambios normativos que te afectan, como VERIFACTU.\n\nSi prefieres dejar de recibirlo, date de baja con un clic: ${unsubscribeUrl}`,
	},
	csvFileName: (day: string) => `boletin-kia-${day}.csv`,
	csvColumns: ['Email', 'Confirmado', 'Alta'],
	exportError: 'No se pudo exportar la lista de suscriptores. Inténtalo de nuevo.',
} as const
