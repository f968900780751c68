import { describe, expect, test } from 'vitest'
import { capabilities } from '~/content/capabilities'
import { capabilityPages, verifactu } from '~/content/capability-pages'
import { planById } from '~/content/plans'
import { capabilityIds, capabilityPath, isCapabilityId, verifactuPath } from '~/lib/capability-ids'

describe('capability ids', () => {
	test.each(capabilityIds)('%s is a capability', (id) => expect(isCapabilityId(id)).toBe(true))

	// The page's address takes any text: none of these may find a capability (and so a page).
	test.each(['no-existe', '', 'Facturas', 'facturas ', 'constructor', '__proto__', 'toString', 'length'])(
		'%j is not',
		(value) => expect(isCapabilityId(value)).toBe(false),
	)

	test('the home grid shows every capability once, in the order of the ids', () => {
		expect(capabilities.map((capability) => capability.id)).toEqual([...capabilityIds])
	})

	test('the VERIFACTU address is a section of the invoices page', () => {
		expect(verifactuPath).toBe(`${capabilityPath('facturas')}#${verifactu.id}`)
	})
})

describe('capability pages', () => {
	test.each(capabilityIds)('%s says where it works, shows an example and who does what', (id) => {
		const page = capabilityPages[id]
		expect(page.channels.length).toBeGreaterThan(0)
		expect(new Set(page.channels.map(({ channel }) => channel)).size).toBe(page.channels.length)
		expect(page.example.messages.length).toBeGreaterThanOrEqual(1)
		expect(page.roles.you.length).toBeGreaterThan(0)
		expect(page.roles.assistant.length).toBeGreaterThan(0)
		expect(page.plans.length).toBeGreaterThan(0)
		for (const plan of page.plans) expect(planById(plan), plan).toBeDefined()
	})

	// Only Enterprise has VERIFACTU invoicing; a page that names it must say so.
	test.each(capabilityIds)('%s mentions VERIFACTU only with Enterprise', (id) => {
		const text = JSON.stringify(capabilityPages[id])
		for (const mention of text.matchAll(/[^."]*VERIFACTU[^."]*/g)) expect(mention[0], id).toMatch(/Enterprise/)
	})

	test('VERIFACTU sends to the article and to the current calendar, with no deadline of its own', () => {
		expect(verifactu.article.to).toBe('/blog/verifactu-que-cambia-y-como-prepararte')
		expect(verifactu.when).toContain('calendario vigente')
		expect(JSON.stringify(verifactu)).not.toMatch(/\b20(2[5-9]|3\d)\b/)
	})
})
