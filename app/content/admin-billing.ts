import type { BillingView } from '~/lib/billing-filters'

/** /admin/facturacion. Kept out of adminCopy, which every admin page loads. */
export const adminBillingCopy = {
	title: 'Facturación',
	lead: 'Lo que los clientes han contratado, tal como lo comunica Stripe a nuestro webhook.',
	loadError: 'Error al cargar la facturación',
	figures: {
		title: 'Cifras',
		mrr: 'Ingresos recurrentes mensuales (MRR), sin IVA',
		arr: 'Ingresos recurrentes anuales (ARR), sin IVA',
		billed: 'Suscripciones facturadas',
		failed: 'Pagos fallidos',
		hint: 'Las cifras son sin IVA. Cuentan las suscripciones activas, en prueba o con pago pendiente y los planes anuales pagados de una vez en los últimos doce meses; lo anual suma una doceava parte cada mes.',
		unavailable: 'No disponible',
	},
	perPlan: {
		title: 'Por plan',
		columns: ['Plan', 'Suscripciones mensuales', 'Suscripciones anuales', 'Pagos únicos', 'MRR sin IVA'],
		total: 'Total',
	},
	views: {
		suscripciones: 'Suscripciones',
		pagos: 'Pagos únicos',
		fallidos: 'Pagos fallidos',
	} satisfies Record<BillingView, string>,
	viewsLabel: 'Vistas de facturación',
	searchPlaceholder: 'Buscar por cliente, email o ID de Stripe...',
	filters: {
		plan: 'Plan',
		allPlans: 'Todos los planes',
		period: 'Periodo',
		allPeriods: 'Todos los periodos',
		status: 'Estado',
		allStatuses: 'Todos los estados',
		clear: 'Quitar filtros',
	},
	columns: {
		suscripciones: ['Cliente', 'Plan', 'Estado', 'Importe sin IVA', 'Próxima renovación', 'Alta', 'Stripe'],
		pagos: ['Cliente', 'Plan', 'Estado', 'Importe sin IVA', 'Total con IVA', 'Fecha', 'Stripe'],
		fallidos: ['Cliente', 'Qué', 'Plan', 'Estado', 'Pendiente con IVA', 'Fecha', 'Stripe'],
	},
	empty: {
		suscripciones: 'No se encontraron suscripciones.',
		pagos: 'No se encontraron pagos únicos.',
		fallidos: 'No hay pagos fallidos.',
	} satisfies Record<BillingView, string>,
	deletedClient: 'Cliente eliminado',
	cancelsAtPeriodEnd: 'Se cancela al final del periodo',
	perInterval: { day: '/día', week: '/semana', month: '/mes', year: '/año' } as Record<string, string>,
	invoice: (number: string | null) => (number ? `Factura ${number}` : 'Factura'),
	payment: 'Pago único',
	openInStripe: 'Ver en Stripe',
	openInStripeLabel: (id: string) => `Ver en Stripe: ${id}`,
	newTab: '(se abre en una pestaña nueva)',
} as const
