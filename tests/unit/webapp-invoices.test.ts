import { expect, test } from 'vitest'
import { webappScreens } from '~/content/page-visuals'
import { planById } from '~/content/plans'
import { withSpanishIva } from '../support/iva'
import { formatAmount } from '~/lib/money'

/** The copy writes plain spaces where Intl puts no-break ones. */
const money = (cents: number) => formatAmount(cents, 'eur').replace(/\s/gu, ' ')

// The WebApp page's picture of the portal shows what the portal shows a Spanish company on Business monthly.
test('the mock-up’s invoices are the Business monthly price with 21 % IVA, as the portal lists them', () => {
	const price = planById('business')?.price.monthly ?? 0
	const { base, tax, total } = withSpanishIva(price * 100)
	expect([base, tax, total]).toEqual([19_900, 4_179, 24_079])
	const screen = webappScreens.gallery.billing
	expect(screen.price).toBe(`${money(base)}/mes`)
	for (const invoice of screen.invoices) {
		expect(invoice.total).toBe(money(total))
		expect(invoice.breakdown).toBe(`${money(base)} + ${money(tax)} de IVA`)
	}
	expect(screen.label).toContain(money(total))
})
