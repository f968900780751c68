/** Spain's general IVA, which Stripe Tax adds to a Spanish buyer's invoice (docs/decisions/019-iva.md): what tests expect of it. */
export const spanishIvaPercent = 21

/**
 * A base in cents with Spanish IVA on top, rounded to the cent half up as Stripe rounds a charge: what a
 * Spanish company's invoice for that base says (199 € → 41,79 € of IVA, 240,79 € in all).
 */
export function withSpanishIva(baseCents: number) {
	const tax = Math.round((baseCents * spanishIvaPercent) / 100)
	return { base: baseCents, tax, total: baseCents + tax }
}
