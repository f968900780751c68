/** A service we depend on (Supabase) does not answer: the page says so and asks to come back shortly (HTTP 503). */
export const serviceUnavailableCopy = {
	title: 'Servicio no disponible',
	message: 'El servicio no está disponible en este momento. Inténtalo de nuevo en unos minutos.',
	retry: 'Intentar de nuevo',
	home: 'Volver a la web',
} as const
