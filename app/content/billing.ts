/** Checkout, the payment return page and the customer portal (SPEC §2, §4, §8). */
export const paymentErrorToast = {
	type: 'error',
	title: 'Error en el pago',
	description: 'No se pudo redirigir a la página de pago. Por favor, inténtalo de nuevo.',
} as const

export const checkoutCopy = {
	signInNote: 'Para contratar un plan necesitas una cuenta.',
	signIn: 'Iniciar sesión para contratar',
	securePayment: 'Pago seguro con tarjeta a través de Stripe.',
} as const

export const returnCopy = {
	title: 'Tu compra',
	paid: {
		heading: '¡Gracias! Tu plan está activo',
		lead: 'Hemos recibido tu pago. Tu plan ya aparece en tu portal de cliente, donde también tienes tus facturas.',
	},
	processing: {
		heading: 'Estamos confirmando tu pago',
		lead: 'Tu banco aún no lo ha confirmado. En cuanto lo haga, tu plan aparecerá activo en el portal.',
	},
	notFound: {
		heading: 'No encontramos esta compra',
		lead: 'El enlace no corresponde a ninguna compra de tu cuenta. Si acabas de pagar, revisa tu portal de cliente.',
	},
	failed: {
		heading: 'No pudimos consultar tu compra',
		lead: 'Inténtalo de nuevo en unos minutos. Si ya has pagado, tu plan aparecerá en el portal de cliente.',
	},
	plan: 'Plan',
	period: 'Modalidad',
	amount: 'Importe',
	state: 'Estado',
	portal: 'Ir al portal de cliente',
	pricing: 'Ver planes',
} as const

export const portalCopy = {
	current: 'Tu plan',
	renews: (date: string) => `Se renueva el ${date}`,
	ends: (date: string) => `Termina el ${date}`,
	endedOn: 'Suscripción finalizada',
	paidOn: (date: string) => `Pagado el ${date}`,
	oneTime: 'Pago único',
	history: 'Pagos únicos',
	manage: 'Gestionar facturación',
	manageLead: 'Cambia tu método de pago, descarga tus facturas o cancela tu suscripción en el portal seguro de Stripe.',
	loading: 'Cargando tu portal seguro...',
	failed: 'No se pudo cargar el portal de cliente.',
	retry: 'Intentar de nuevo',
	openInNewTab: 'Abrir el portal en una pestaña nueva',
	frameTitle: 'Portal de cliente de Stripe',
	errorTitle: 'Error al cargar el portal',
	errorFallback: 'No se pudo conectar con el portal de cliente. Inténtalo de nuevo más tarde.',
	missingUrl: 'No se pudo obtener la URL del portal.',
} as const

/** Stripe's subscription and payment states, as a customer reads them. */
export const billingStatusLabels: Record<string, string> = {
	active: 'Activa',
	trialing: 'En periodo de prueba',
	past_due: 'Pago pendiente',
	unpaid: 'Pendiente de pago',
	canceled: 'Cancelada',
	incomplete: 'Pendiente de confirmar',
	incomplete_expired: 'Caducada',
	paused: 'En pausa',
	paid: 'Pagado',
	no_payment_required: 'Sin pago',
}
