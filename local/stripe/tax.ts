import type { Customer, Invoice, InvoiceLineItem, TaxRate } from './store'

/*
 * Tax with manual tax rates, as Stripe works it out (docs: "Tax rates"):
 * per line, each rate's tax rounded to the cent (half away from zero, which
 * is half up for a charge and keeps a credit the mirror of its charge), and
 * the invoice's `total_taxes` the sum of its lines' per rate. A customer
 * whose `tax_exempt` is `exempt` or `reverse` pays no tax: the rates still
 * show, at zero, and an inclusive price has the tax it holds "backed out".
 */

export type TaxExempt = 'none' | 'exempt' | 'reverse'

export const taxExemptions: readonly TaxExempt[] = ['none', 'exempt', 'reverse']

/** A customer's `tax_exempt`, which Stripe leaves null on customers made before it existed. */
export function exemptionOf(customer: Pick<Customer, 'tax_exempt'>): TaxExempt {
	return taxExemptions.find((exemption) => exemption === customer.tax_exempt) ?? 'none'
}

/**
 * How a line is taxed: a customer's `tax_exempt`, or what Stripe Tax decides
 * (automatic_tax.ts): `not_collecting` where the account has no registration.
 */
export type TaxTreatment = TaxExempt | 'not_collecting'

export type LineTax = {
	rate: TaxRate
	amount: number
	taxableAmount: number
	reason: 'customer_exempt' | 'reverse_charge' | 'not_collecting' | 'standard_rated' | null
}

export type LineTaxes = {
	taxes: LineTax[]
	/** Added to the line's amount. */
	exclusive: number
	/** Already in the line's amount. */
	inclusive: number
	/** Taken off the line's amount: the inclusive tax an exempt customer does not pay. */
	backedOut: number
}

/** Percentages have up to four decimals; in ten-thousandths they are whole numbers. */
const scaled = (percentage: number) => BigInt(Math.round(percentage * 10_000))

/** `amount × numerator ÷ denominator` rounded to a whole cent, half away from zero. */
function share(amount: number, numerator: bigint, denominator: bigint) {
	const product = BigInt(Math.abs(amount)) * numerator
	const rounded = Number((2n * product + denominator) / (2n * denominator))
	return amount < 0 ? -rounded : rounded
}

const reasons = {
	none: null,
	exempt: 'customer_exempt',
	reverse: 'reverse_charge',
	not_collecting: 'not_collecting',
} as const

/**
 * The taxes of one line of `amount` cents (negative for a credit) under `rates`. Stripe Tax (`automatic`) gives
 * every line a taxability reason, `standard_rated` for one it charges; manual rates have none.
 */
export function lineTaxes(amount: number, rates: TaxRate[], exempt: TaxTreatment, automatic = false): LineTaxes {
	const charged = exempt === 'none'
	const reason = charged && automatic ? 'standard_rated' : reasons[exempt]
	const inclusiveRates = rates.filter((rate) => rate.inclusive)
	const inclusiveTotal = inclusiveRates.reduce((sum, rate) => sum + scaled(rate.percentage), 0n)
	const held = inclusiveRates.map((rate) => share(amount, scaled(rate.percentage), 1_000_000n + inclusiveTotal))
	const net = amount - held.reduce((sum, tax) => sum + tax, 0)
	const taxes: LineTax[] = rates.map((rate) => {
		const index = inclusiveRates.indexOf(rate)
		const due = index >= 0 ? (held[index] ?? 0) : share(net, scaled(rate.percentage), 1_000_000n)
		return { rate, amount: charged ? due : 0, taxableAmount: net, reason }
	})
	const sum = (inclusive: boolean) =>
		taxes.filter((tax) => tax.rate.inclusive === inclusive).reduce((total, tax) => total + tax.amount, 0)
	return { taxes, exclusive: sum(false), inclusive: sum(true), backedOut: charged ? 0 : amount - net }
}

export type InvoiceTax = NonNullable<InvoiceLineItem['taxes']>[number]

/** A line's taxes as an invoice shows them; manual rates have no taxability reason of Stripe Tax's. */
export function invoiceTaxes(taxes: LineTax[]): InvoiceTax[] {
	return taxes.map((tax) => ({
		amount: tax.amount,
		tax_behavior: tax.rate.inclusive ? 'inclusive' : 'exclusive',
		tax_rate_details: { tax_rate: tax.rate.id },
		taxability_reason: tax.reason ?? 'not_available',
		taxable_amount: tax.taxableAmount,
		type: 'tax_rate_details',
	}))
}

/** `total_taxes`: the lines' taxes summed per rate, behaviour and reason, in the order the rates first appear. */
export function totalTaxes(lines: InvoiceTax[][]): NonNullable<Invoice['total_taxes']> {
	const totals = new Map<string, InvoiceTax>()
	for (const tax of lines.flat()) {
		const rate = tax.tax_rate_details?.tax_rate
		const key = JSON.stringify([rate, tax.tax_behavior, tax.taxability_reason])
		const total = totals.get(key)
		if (!total) totals.set(key, { ...tax })
		else {
			total.amount += tax.amount
			total.taxable_amount = (total.taxable_amount ?? 0) + (tax.taxable_amount ?? 0)
		}
	}
	return [...totals.values()]
}
