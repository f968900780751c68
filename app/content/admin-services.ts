import { formatAmount } from '~/lib/money'
import type { BillingPeriod } from '~/lib/period'
import type { Charge, PriceCheck, PriceProblem } from '~/lib/price-check'
import { periodLabels, planById } from './plans'

const subscriptionNames: Record<string, string> = {
	year: 'anual',
	month: 'mensual',
	week: 'semanal',
	day: 'diaria',
}

const intervalPlurals: Record<string, string> = { year: 'años', month: 'meses', week: 'semanas', day: 'días' }

/** "Suscripción anual", "Suscripción cada 3 meses", "Pago único". */
function chargeName(charge: Charge) {
	if (charge.kind === 'one-time') return 'Pago único'
	if (charge.count === 1) return `Suscripción ${subscriptionNames[charge.interval] ?? charge.interval}`
	return `Suscripción cada ${charge.count} ${intervalPlurals[charge.interval] ?? charge.interval}`
}

/** /admin/servicios: the plan catalogue checked against Stripe. */
export const adminServicesCopy = {
	title: 'Servicios',
	intro:
		'Cada precio que vende la web, comparado con lo que dice Stripe: si existe, si está activo y si cobra el mismo importe, en euros y con la misma periodicidad. Un precio mal configurado se ve aquí antes de que un cliente lo encuentre al pagar.',
	catalogue: 'Catálogo de precios',
	columns: ['Plan', 'En la web', 'En Stripe', 'Precio de Stripe', 'Estado'] as const,
	summary: {
		allCorrect: 'Todos los precios coinciden con Stripe',
		allCorrectText: (total: number) =>
			`Los ${total} precios del catálogo existen en Stripe, están activos y cobran lo que muestra la web.`,
		needReview: (count: number) => (count === 1 ? '1 precio necesita revisión' : `${count} precios necesitan revisión`),
		correctCount: (correct: number, total: number) =>
			correct === 1
				? `1 de ${total} precios coincide con Stripe.`
				: `${correct} de ${total} precios coinciden con Stripe.`,
		checkedAt: (date: string) => `Comprobado el ${date}`,
		attemptedAt: (date: string) => `Intentado el ${date}`,
		recheck: 'Volver a comprobar',
	},
	modes: {
		test: 'Stripe · modo de prueba',
		live: 'Stripe · modo real',
		local: 'Stripe local · modo de prueba',
	},
	failures: {
		auth: {
			title: 'Stripe ha rechazado la clave',
			text: 'La clave secreta (STRIPE_SECRET_KEY) no es válida o se ha revocado. No se ha podido comprobar ningún precio, y los pagos tampoco funcionarán hasta corregirla.',
		},
		permission: {
			title: 'La clave de Stripe no puede leer los precios',
			text: 'La clave restringida configurada no tiene permiso de lectura sobre precios y productos. Concédeselo en el Dashboard de Stripe para comprobar el catálogo.',
		},
		unavailable: {
			title: 'No se ha podido contactar con Stripe',
			text: 'Stripe no ha respondido, así que los precios no se han comprobado. Vuelve a intentarlo en unos minutos.',
		},
	},
	statuses: {
		correct: 'Correcto',
		review: 'Revisar',
		missing: 'No existe en Stripe',
		unconfigured: 'Sin configurar',
		unchecked: 'Sin comprobar',
	},
	chargeName,
	catalogueCharge: (charge: 'subscription' | 'one-time', period: BillingPeriod) =>
		charge === 'one-time' ? 'Pago único' : period === 'annual' ? 'Suscripción anual' : 'Suscripción mensual',
	openInStripe: 'Ver en Stripe',
	openInStripeLabel: (id: string) => `Ver en Stripe el precio ${id} (se abre en una pestaña nueva)`,
	notInStripe: 'Sin datos',
	unsetVariable: (variable: string) => `${variable} sin definir`,
	problems: {
		unconfigured: (variable: string) =>
			`Falta la variable ${variable}: hasta que tenga el id del precio, este plan no se puede comprar.`,
		missing: 'Stripe no tiene ningún precio con este id: el pago de este plan fallará.',
		otherMode: {
			live: 'El precio existe en el modo real de Stripe, pero la clave configurada es de prueba.',
			test: 'El precio existe en el modo de prueba de Stripe, pero la clave configurada es de producción.',
		},
		inactive: 'Está archivado en Stripe: Stripe rechaza cualquier pago nuevo con este precio.',
		productInactive: (product: string | null) =>
			product ? `Su producto, ${product}, está archivado en Stripe.` : 'Su producto ya no existe en Stripe.',
		noFixedAmount: 'No tiene un importe fijo en Stripe (es por tramos o lo elige el cliente).',
		amount: (stripe: string, site: string) => `Stripe cobra ${stripe}, pero la web muestra ${site}.`,
		currency: (stripe: string) => `Está en ${stripe.toUpperCase()} en Stripe; el catálogo es en EUR.`,
		charge: (stripe: Charge, site: Charge) =>
			`Stripe lo cobra como ${chargeName(stripe).toLowerCase()}; la web lo vende como ${chargeName(site).toLowerCase()}.`,
		taxInclusive: 'En Stripe el importe incluye impuestos; los precios del catálogo son sin IVA.',
		duplicate: (others: string) =>
			`El mismo id está configurado también para ${others}: las compras de ambos se registrarían como un solo plan.`,
	},
}

const { problems } = adminServicesCopy

/** What one finding means, in the words the page shows; `productName` is the price's product in Stripe. */
export function describeProblem(problem: PriceProblem, productName: string | null): string {
	switch (problem.code) {
		case 'inactive':
			return problems.inactive
		case 'product-inactive':
			return problems.productInactive(productName)
		case 'no-fixed-amount':
			return problems.noFixedAmount
		case 'amount':
			return problems.amount(formatAmount(problem.actual, problem.currency), formatAmount(problem.expected, 'eur'))
		case 'currency':
			return problems.currency(problem.actual)
		case 'charge':
			return problems.charge(problem.actual, problem.expected)
		case 'tax-inclusive':
			return problems.taxInclusive
		case 'duplicate':
			return problems.duplicate(
				problem.sharedWith
					.map(({ plan, period }) => `${planById(plan)?.name ?? plan} · ${periodLabels[period]}`)
					.join(', '),
			)
	}
}

/** Every finding of one price's check, worded for the page: none when it matches. */
export function findingsOf(check: PriceCheck): string[] {
	switch (check.status) {
		case 'unconfigured':
			return [problems.unconfigured(check.entry.variable)]
		case 'missing':
			return [
				check.otherMode ? problems.otherMode[check.otherMode] : problems.missing,
				...check.problems.map((problem) => describeProblem(problem, null)),
			]
		case 'checked':
			return check.problems.map((problem) => describeProblem(problem, check.stripe.productName))
	}
}
