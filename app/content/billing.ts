/** Checkout, the payment return page and the customer portal. */
export const paymentErrorToast = {
	type: 'error',
	title: 'Error en el pago',
	description: 'No se pudo redirigir a la página de pago. Por favor, inténtalo de nuevo.',
} as const

/** 'Pagar y Activar' by someone who already pays a plan: a second subscription would charge them twice. */
export const alreadySubscribedToast = {
	type: 'info',
	title: 'Ya tienes un plan activo',
	description: 'Para pasar a otro plan o periodo, cámbialo aquí: Stripe ajusta lo que ya has pagado.',
} as const

export const checkoutCopy = {
	signInNote: 'Para contratar un plan necesitas una cuenta.',
	signIn: 'Iniciar sesión para contratar',
	securePayment: 'Pago seguro con tarjeta a través de Stripe. El IVA se añade al pagar, según tu dirección y tu NIF.',
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
	amount: 'Importe (IVA incluido)',
	state: 'Estado',
	portal: 'Ir al portal de cliente',
	pricing: 'Ver planes',
} as const

/**
 * The way to Stripe's Billing Portal for the payment method and tax
 * details (the spec's texts: loading, failure, retry).
 */
export const portalCopy = {
	manage: 'Método de pago y datos fiscales',
	manageLead:
		'Tu tarjeta, tu nombre fiscal y tu NIF se gestionan en la página segura de Stripe. Al terminar, volverás aquí.',
	open: 'Gestionar método de pago',
	loading: 'Cargando tu portal seguro...',
	failed: 'No se pudo cargar el portal de cliente.',
	retry: 'Intentar de nuevo',
	errorTitle: 'Error al cargar el portal',
	errorFallback: 'No se pudo conectar con el portal de cliente. Inténtalo de nuevo más tarde.',
	missingUrl: 'No se pudo obtener la URL del portal.',
} as const

/** /dashboard/suscripcion: the plan, its changes, invoices and one-time payments (issue 17). */
export const subscriptionCopy = {
	current: 'Tu plan',
	period: 'Modalidad',
	status: 'Estado',
	renewsOn: 'Próxima renovación',
	endsOn: 'Fin del servicio',
	notRenewing: 'No se renovará',
	intervalSuffix: { month: '/mes', year: '/año' } as Record<string, string>,
	/** Under the plan's price, which is the catalogue's: without IVA, which each invoice adds. */
	taxNote: 'Sin IVA: cada factura añade el que corresponda (21 % en España)',
	ending: (date: string) =>
		`Has cancelado la renovación. Conservas tu plan hasta el ${date}; después no se te cobrará nada más.`,
	resume: 'Reanudar suscripción',
	pastDue: {
		title: 'No pudimos cobrar tu última factura',
		text: 'Paga la factura pendiente o cambia tu método de pago para mantener tu plan activo.',
	},
	cancel: {
		button: 'Cancelar suscripción',
		title: '¿Cancelar tu suscripción?',
		text: (date: string) =>
			`Tu plan seguirá activo hasta el ${date} y después no se renovará. Puedes reanudarlo antes de esa fecha.`,
		confirm: 'Cancelar al final del periodo',
		back: 'Mantener suscripción',
	},
	change: {
		title: 'Cambiar de plan',
		lead: 'El cambio es inmediato y Stripe prorratea: descuenta lo que no has usado de tu plan actual y cobra la parte proporcional del nuevo en tu próxima factura. Entre mensual y anual se factura al momento y la renovación cuenta desde hoy.',
		legend: 'Elige tu nuevo plan',
		currentBadge: 'Plan actual',
		submit: 'Cambiar de plan',
	},
	working: 'Aplicando el cambio...',
	invoices: {
		title: 'Facturas',
		empty: 'Todavía no tienes facturas.',
		columns: {
			date: 'Fecha',
			number: 'Número',
			concept: 'Concepto',
			base: 'Base imponible',
			tax: 'IVA',
			total: 'Total',
			status: 'Estado',
		},
		/** Why an invoice charges no IVA, as Stripe records it. */
		taxReasons: {
			reverse_charge: 'Inversión del sujeto pasivo',
			customer_exempt: 'Exento de IVA',
			not_collecting: 'No sujeto a IVA español',
		} as Record<string, string>,
		actions: 'Acciones',
		view: 'Ver factura',
		pay: 'Pagar factura',
		pdf: 'PDF',
		pdfLabel: (number: string) => `PDF de la factura ${number}`,
		reasons: {
			subscription_create: 'Alta de la suscripción',
			subscription_cycle: 'Renovación',
			subscription_update: 'Cambio de plan',
		} as Record<string, string>,
		defaultReason: 'Factura',
	},
	payments: {
		title: 'Pagos únicos',
		oneTime: 'Pago único',
		paidOn: (date: string) => `Pagado el ${date}`,
		breakdown: (base: string, tax: string) => `${base} + ${tax} de IVA`,
	},
	past: { title: 'Suscripciones anteriores', endedOn: (date: string) => `Finalizó el ${date}` },
	toasts: {
		canceled: (date: string) => ({
			title: 'Renovación cancelada',
			description: `Tu plan seguirá activo hasta el ${date}.`,
		}),
		resumed: (date: string) => ({ title: 'Suscripción reanudada', description: `Se renovará el ${date}.` }),
		changed: (plan: string) => ({
			title: 'Plan cambiado',
			description: `Ya tienes el plan ${plan}. Stripe ha prorrateado el importe.`,
		}),
		pending: {
			title: 'Cambio en curso',
			description: 'Stripe ha aceptado el cambio. Aparecerá aquí en unos segundos: recarga la página para verlo.',
		},
		notYours: {
			title: 'Suscripción no encontrada',
			description: 'Esa suscripción no existe o no pertenece a tu cuenta. No hemos cambiado nada.',
		},
		alreadyOn: { title: 'Ya tienes ese plan', description: 'Elige otro plan o modalidad para cambiar.' },
		unavailablePlan: {
			title: 'Ese plan no está disponible',
			description: 'Elige otro plan o escríbenos y te ayudamos con el cambio.',
		},
		refused: {
			title: 'No se pudo aplicar el cambio',
			description:
				'Stripe no lo ha aceptado: esta suscripción ya no admite cambios. Recarga la página para ver su estado.',
		},
		unreachable: {
			title: 'No se pudo conectar con Stripe',
			description: 'No hemos cambiado nada. Inténtalo de nuevo en unos minutos.',
		},
		invalid: {
			title: 'No se pudo aplicar el cambio',
			description: 'La petición no es válida. Recarga la página e inténtalo de nuevo.',
		},
	},
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

/** Stripe's invoice states, as a customer reads them. */
export const invoiceStatusLabels: Record<string, string> = {
	open: 'Pendiente de pago',
	paid: 'Pagada',
	uncollectible: 'Incobrable',
	void: 'Anulada',
}
