import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { loadBillingFigures, loadRecurringRevenue } from '~/.server/admin/billing-figures'
import type { Database } from '~/lib/database.types'
import type { LocalSupabase } from '../../local/supabase/server'
import { client, createUser, serviceClient, signedIn, startTestSupabase, type TestUser } from '../support/supabase'
import { uniqueEmail } from '../support/unique'

// Facturación's figures and lists, read by the real code and the real database functions under an
// admin's and a cliente's sessions, from rows as the Stripe webhook writes them.
let supabase: LocalSupabase
let admin: SupabaseClient<Database>
let owner: TestUser

beforeAll(async () => {
	supabase = await startTestSupabase()
	;({ client: admin } = await signedIn(supabase.url, 'admin@kia.test', 'kia-admin-2025'))
	owner = await createUser(supabase.url, uniqueEmail('facturacion'))
})
afterAll(() => supabase.stop())

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString()

function subscription(id: string, fields: Record<string, unknown>) {
	return {
		id: `sub_${id}`,
		user_id: owner.id,
		customer_id: 'cus_facturacion',
		price_id: 'price_x',
		plan: 'business',
		periodo: 'monthly',
		status: 'active',
		// Every row of a bulk insert names the same columns: PostgREST sends null for a missing one.
		created_at: daysAgo(0),
		...fields,
	}
}

function payment(id: string, fields: Record<string, unknown>) {
	return {
		id: `cs_${id}`,
		user_id: owner.id,
		customer_id: 'cus_facturacion',
		price_id: 'price_e_a',
		plan: 'enterprise',
		periodo: 'annual',
		amount_subtotal: null,
		amount_tax: null,
		amount_total: 480000,
		currency: 'eur',
		status: 'paid',
		created_at: daysAgo(0),
		...fields,
	}
}

function invoice(id: string, fields: Record<string, unknown>) {
	return {
		id: `in_${id}`,
		user_id: owner.id,
		customer_id: 'cus_facturacion',
		status: 'paid',
		currency: 'eur',
		total: 19900,
		amount_due: 19900,
		amount_paid: 19900,
		created_at: daysAgo(0),
		...fields,
	}
}

describe('recurring revenue', () => {
	test('billed subscriptions at what Stripe charges, and annual plans paid at once in the last year, a twelfth a month', async () => {
		const before = await loadRecurringRevenue(admin)
		const service = serviceClient(supabase.url)
		const written = await Promise.all([
			service.from('suscripciones').insert([
				subscription('mrr_a', { amount: 17900, currency: 'eur', price_interval: 'month' }),
				subscription('mrr_b', {
					plan: 'starter',
					periodo: 'annual',
					status: 'past_due',
					amount: 120000,
					price_interval: 'year',
				}),
				subscription('mrr_c', { plan: 'starter', status: 'trialing' }),
				subscription('mrr_d', { status: 'canceled', amount: 19900, price_interval: 'month' }),
				subscription('mrr_e', { status: 'incomplete_expired', amount: 19900, price_interval: 'month' }),
			]),
			service
				.from('pagos')
				.insert([
					payment('mrr_recent', { created_at: daysAgo(30) }),
					payment('mrr_old', { created_at: daysAgo(400) }),
					payment('mrr_unpaid', { status: 'unpaid' }),
				]),
		])
		expect(written.map((result) => result.error)).toEqual([null, null])
		const after = await loadRecurringRevenue(admin)
		if (!before || !after) throw new Error('revenue unreadable')
		expect(after.billed - before.billed).toBe(3)
		// 179 a month; 1,200 a year; Starter monthly at the catalogue's 99 (no price recorded yet); 4,800 paid once.
		expect(after.mrr - before.mrr).toBeCloseTo(179 + 1200 / 12 + 99 + 4800 / 12)
		const plan = (revenue: typeof after, id: string) => revenue.perPlan.find((row) => row.plan === id)
		expect((plan(after, 'starter')?.annual ?? 0) - (plan(before, 'starter')?.annual ?? 0)).toBe(1)
		expect((plan(after, 'starter')?.monthly ?? 0) - (plan(before, 'starter')?.monthly ?? 0)).toBe(1)
		expect((plan(after, 'enterprise')?.oneTime ?? 0) - (plan(before, 'enterprise')?.oneTime ?? 0)).toBe(1)

		const figures = await loadBillingFigures(admin)
		expect(figures?.arr).toBeCloseTo((figures?.mrr ?? 0) * 12)
	})

	test('past the API’s 1,000-row cap (max_rows): 1,500 more subscriptions, every one counted', async () => {
		const before = await loadRecurringRevenue(admin)
		const many = Array.from({ length: 1_500 }, (_, index) =>
			subscription(`mrr_many_${index}`, { amount: 19900, currency: 'eur', price_interval: 'month' }),
		)
		expect((await serviceClient(supabase.url).from('suscripciones').insert(many)).error).toBeNull()
		const after = await loadRecurringRevenue(admin)
		if (!before || !after) throw new Error('revenue unreadable')
		expect(after.billed - before.billed).toBe(1_500)
		expect(after.mrr - before.mrr).toBeCloseTo(1_500 * 199)
	})

	test('a cliente’s session counts only their own, and the list functions refuse them', async () => {
		const cliente = await createUser(supabase.url, uniqueEmail('facturacion-curioso'))
		const revenue = await loadRecurringRevenue(cliente.client as SupabaseClient<Database>)
		expect(revenue).toMatchObject({ billed: 0, mrr: 0 })
		for (const fn of ['admin_suscripciones', 'admin_pagos', 'admin_pagos_fallidos'] as const) {
			const refused = await cliente.client.rpc(fn, { termino: '', desde: 0, cuantos: 20 })
			expect(refused.error?.code, fn).toBe('42501')
		}
		const anonymous = await client(supabase.url).rpc('admin_suscripciones', { termino: '', desde: 0, cuantos: 20 })
		expect(anonymous.error?.code).toBe('42501')
	})
})

describe('lists', () => {
	test('subscriptions: searched on the client and Stripe’s ids, filtered by plan, period and status', async () => {
		const customer = `cus_${crypto.randomUUID().slice(0, 8)}`
		const service = serviceClient(supabase.url)
		for (const row of [
			subscription('lista_a', { customer_id: customer, plan: 'starter', periodo: 'annual' }),
			subscription('lista_b', { customer_id: customer, status: 'past_due' }),
			subscription('lista_c', { customer_id: customer, user_id: null, status: 'canceled' }),
		]) {
			const { error } = await service.from('suscripciones').insert(row)
			expect(error).toBeNull()
		}
		const list = (filters: Record<string, string>, termino = customer) =>
			admin.rpc('admin_suscripciones', { termino, desde: 0, cuantos: 20, ...filters })
		const all = await list({})
		expect(all.data).toMatchObject({
			total: 3,
			rows: [
				{ id: 'sub_lista_c', cliente_email: null },
				{ id: 'sub_lista_b', cliente_email: owner.email },
				{ id: 'sub_lista_a', cliente_email: owner.email },
			],
		})
		expect((await list({ plan: 'starter' })).data).toMatchObject({ total: 1, rows: [{ id: 'sub_lista_a' }] })
		expect((await list({ periodo: 'monthly' })).data).toMatchObject({ total: 2 })
		expect((await list({ estado: 'past_due' })).data).toMatchObject({ total: 1, rows: [{ id: 'sub_lista_b' }] })
		const byClient = await list({}, owner.email.toUpperCase())
		expect((byClient.data as { rows: { id: string }[] }).rows.map((row) => row.id)).toContain('sub_lista_a')
	})

	test('failed payments: open invoices with money due, uncollectible ones and unpaid one-time payments, nothing else', async () => {
		const customer = `cus_${crypto.randomUUID().slice(0, 8)}`
		const service = serviceClient(supabase.url)
		const written = await Promise.all([
			service
				.from('suscripciones')
				.insert(subscription(`fallo_${customer}`, { customer_id: customer, plan: 'starter', status: 'past_due' })),
			service.from('facturas').insert([
				invoice(`abierta_${customer}`, {
					customer_id: customer,
					subscription_id: `sub_fallo_${customer}`,
					number: 'KIA-0042',
					status: 'open',
					amount_paid: 0,
					created_at: daysAgo(2),
				}),
				invoice(`incobrable_${customer}`, {
					customer_id: customer,
					status: 'uncollectible',
					amount_paid: 0,
					created_at: daysAgo(3),
				}),
				invoice(`pagada_${customer}`, { customer_id: customer, status: 'paid' }),
				invoice(`saldada_${customer}`, { customer_id: customer, status: 'open', amount_due: 0, amount_paid: 0 }),
			]),
			service.from('pagos').insert([
				payment(`impagado_${customer}`, { customer_id: customer, status: 'unpaid', created_at: daysAgo(1) }),
				payment(`cobrado_${customer}`, {
					customer_id: customer,
					amount_subtotal: 480000,
					amount_tax: 100800,
					amount_total: 580800,
				}),
			]),
		])
		expect(written.map((result) => result.error)).toEqual([null, null, null])
		const failed = await admin.rpc('admin_pagos_fallidos', { termino: customer, desde: 0, cuantos: 20 })
		expect(failed.data).toEqual({
			total: 3,
			rows: [
				expect.objectContaining({ tipo: 'pago', id: `cs_impagado_${customer}`, importe: 480000, plan: 'enterprise' }),
				expect.objectContaining({
					tipo: 'factura',
					id: `in_abierta_${customer}`,
					numero: 'KIA-0042',
					importe: 19900,
					plan: 'starter',
					cliente_email: owner.email,
				}),
				expect.objectContaining({ tipo: 'factura', id: `in_incobrable_${customer}`, importe: 19900 }),
			],
		})
		const starterOnly = await admin.rpc('admin_pagos_fallidos', {
			termino: customer,
			desde: 0,
			cuantos: 20,
			plan: 'starter',
		})
		expect(starterOnly.data).toMatchObject({ total: 1 })
		const payments = await admin.rpc('admin_pagos', { termino: customer, desde: 0, cuantos: 20, estado: 'paid' })
		expect(payments.data).toMatchObject({
			total: 1,
			rows: [{ id: `cs_cobrado_${customer}`, amount_subtotal: 480000, amount_total: 580800 }],
		})
		// A payment recorded before IVA was charged has no base of its own: its total is its base.
		const unpaid = await admin.rpc('admin_pagos', { termino: customer, desde: 0, cuantos: 20, estado: 'unpaid' })
		expect(unpaid.data).toMatchObject({ rows: [{ amount_subtotal: 480000, amount_total: 480000 }] })
	})
})
