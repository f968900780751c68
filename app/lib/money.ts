// Built on first use, as in dates.ts: an ICU formatter costs the browser's start-up when made at import.
const formats = new Map<string, Intl.NumberFormat>()

/**
 * An amount in the currency's smallest unit, as Stripe gives it (cents for
 * the euro, our only currency), in Spanish: "199 €", "1.999 €", "-12,35 €".
 * Cents show only when there are any.
 */
export function formatAmount(minorUnits: number, currency: string) {
	const whole = minorUnits % 100 === 0
	const key = `${currency}:${whole}`
	let format = formats.get(key)
	if (!format) {
		format = new Intl.NumberFormat('es-ES', {
			style: 'currency',
			currency: currency.toUpperCase(),
			minimumFractionDigits: whole ? 0 : 2,
			maximumFractionDigits: whole ? 0 : 2,
			useGrouping: 'always',
		})
		formats.set(key, format)
	}
	return format.format(minorUnits / 100)
}

let euros: Intl.NumberFormat | undefined

/** Whole euros, as the catalogue's prices are written: "1.999 €". */
export function formatEuros(amount: number) {
	euros ??= new Intl.NumberFormat('es-ES', {
		style: 'currency',
		currency: 'EUR',
		maximumFractionDigits: 0,
		useGrouping: 'always',
	})
	return euros.format(amount)
}

let counts: Intl.NumberFormat | undefined

/** A count as Spanish writes it: "999", "12.345" (Spanish groups from five digits). */
export function formatCount(count: number) {
	counts ??= new Intl.NumberFormat('es-ES')
	return counts.format(count)
}
