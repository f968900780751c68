/** A service we depend on (Supabase) does not answer: the page says so and asks to come back shortly (HTTP 503). */
export const serviceUnavailableCopy = {
	title: 'Servicio no disponible',
	message: 'El servicio no está disponible en este momento. Inténtalo de nuevo en unos minutos.',
	retry: 'Intentar de nuevo',
	home: 'Volver a la web',
} as const

/** nginx's page for a request it refuses before the app: an address, a header or a body too long or malformed. */
export const badRequestCopy = {
	title: 'No podemos atender esta petición',
	message: 'La dirección, alguna cabecera o los datos enviados son demasiado largos o no son válidos.',
	home: 'Volver a la web',
} as const

/**
 * nginx's page for a form sent while the app did not answer. Without JavaScript the visitor left the form's page;
 * going back brings it again as typed, which browsers keep.
 */
export const unconfirmedSubmissionCopy = {
	title: 'No hemos podido confirmar tu envío',
	message: 'El servicio no está disponible en este momento y no hemos podido confirmar que lo hayamos recibido.',
	kept: 'No has perdido nada: vuelve atrás con el botón de tu navegador y encontrarás el formulario como lo dejaste, para enviarlo de nuevo en unos minutos.',
	home: 'Volver a la web',
} as const

/**
 * A form whose submission got no usable answer (the network cut, a 5xx): what was typed stays in the form,
 * which says so, and a toast tells. The contact, investor and booking forms use the spec's own words.
 */
export const submissionFailureCopy = {
	generic: {
		form: 'No se pudo enviar. Revisa tu conexión e inténtalo de nuevo.',
		title: 'No se pudo enviar',
		description: 'Lo que has escrito sigue en el formulario: inténtalo de nuevo en un momento.',
	},
	contact: {
		form: 'Error al guardar los datos. Inténtalo de nuevo.',
		title: 'Error al enviar',
		description: 'Hubo un problema al enviar tu mensaje. Inténtalo de nuevo.',
	},
	investor: {
		form: 'Error al enviar el formulario.',
		title: 'Error al enviar el formulario.',
		description: 'Por favor, inténtalo de nuevo más tarde.',
	},
	booking: {
		form: 'No se pudo reservar la cita. Por favor, inténtalo de nuevo.',
		title: 'Error',
		description: 'No se pudo reservar la cita. Por favor, inténtalo de nuevo.',
	},
} as const

export type SubmissionFailureKind = keyof typeof submissionFailureCopy

/**
 * A write whose answer was lost (Supabase stopped answering once it had been sent): it may have been kept, and
 * only then is this said (app/.server/supabase/writes.ts). Sending the form again is safe: a repeat is kept once.
 */
export const unconfirmedCopy = {
	title: 'No hemos podido confirmarlo',
	message:
		'No hemos podido confirmar que tu mensaje se haya guardado. Vuelve a enviarlo en unos minutos: si ya nos llegó, no se guardará dos veces.',
	request:
		'No hemos podido confirmar que tu solicitud se haya guardado. Vuelve a enviarla en unos minutos: si ya nos llegó, no se guardará dos veces.',
	profile: 'No hemos podido confirmar que tus cambios se hayan guardado. Vuelve a guardarlos en unos minutos.',
} as const

/** A post that lacks fields its form always sends (a page of an older release, a post made by hand): nothing is written. */
export const incompleteFormMessage = 'Faltan datos del formulario. Recarga la página e inténtalo de nuevo.'
