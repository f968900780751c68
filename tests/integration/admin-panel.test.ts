import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { loadPanelFigures } from '~/.server/admin/panel'
import { monthlyRevenue } from '~/lib/revenue'
import type { LocalSupabase } from '../../local/supabase/server'
import { createUser, serviceClient, signedIn, startTestSupabase } from '../support/supabase'
import { uniqueEmail } from '../support/unique'

// The admin panel's figures, read by the real code under an admin's and a cliente's sessions.
let supabase: LocalSupabase
beforeAll(async () => {
	supabase = await startTestSupabase()
})
afterAll(() => supabase.stop())

describe('figures', () => {
	test('monthly revenue: what Stripe charges over its interval, else the catalogue’s price, annual over twelve months', () => {
		expect(monthlyRevenue({ plan: 'business', periodo: 'monthly' })).toBe(199)
		expect(monthlyRevenue({ plan: 'starter', periodo: 'annual' })).toBeCloseTo(999 / 12)
		expect(monthlyRevenue({ plan: 'desconocido', periodo: 'monthly' })).toBe(0)
		expect(monthlyRevenue({ plan: 'business', periodo: 'monthly', amount: 17900, price_interval: 'month' })).toBe(179)
		expect(monthlyRevenue({ plan: 'starter', periodo: 'annual', amount: 99900, price_interval: 'year' })).toBeCloseTo(
			999 / 12,
		)
		expect(monthlyRevenue({ plan: 'starter', periodo: 'monthly', amount: 1000, price_interval: 'week' })).toBeCloseTo(
			(10 * 52) / 12,
		)
		expect(monthlyRevenue({ plan: 'business', periodo: 'monthly', amount: null, price_interval: null })).toBe(199)
	})

	test('count the confirmed demos of the next seven days from today, new inbox items, billed subscriptions and their MRR', async () => {
		const { client: admin } = await signedIn(supabase.url, 'admin@kia.test', 'kia-admin-2025')
		// A Sunday in the past, so the rows below are this test's alone and the horizon does not apply.
		const sunday = '2024-05-05'
		const before = await loadPanelFigures(admin, sunday)
		const service = serviceClient(supabase.url)
		const email = uniqueEmail('panel')
		const booking = (fecha: string, status = 'confirmada') => ({ fecha, hora: '10:00', nombre: 'Panel', email, status })
		const owner = await createUser(supabase.url, uniqueEmail('panel-cliente'))
		const subscription = (id: string, plan: string, periodo: string, status: string) => ({
			id: `sub_panel_${id}`,
			user_id: owner.id,
			customer_id: 'cus_panel',
			price_id: 'price_panel',
			plan,
			periodo,
			status,
		})
		const written = await Promise.all([
			service
				.from('reservas')
				.insert([
					booking('2024-05-06'),
					booking('2024-05-10'),
					booking('2024-05-08', 'cancelada'),
					booking('2024-05-03'),
					booking('2024-05-13'),
				]),
			service.from('form_submissions').insert([
				{ form_type: 'Contacto General', data: { email }, status: 'nueva' },
				{ form_type: 'investor_contact', data: { email }, status: 'nueva' },
				{ form_type: 'Contacto General', data: { email }, status: 'resuelta' },
			]),
			service
				.from('suscripciones')
				.insert([
					subscription('a', 'business', 'monthly', 'active'),
					subscription('b', 'starter', 'annual', 'past_due'),
					subscription('c', 'enterprise', 'monthly', 'canceled'),
				]),
		])
		expect(written.map((result) => result.error)).toEqual([null, null, null])

		const after = await loadPanelFigures(admin, sunday)
		expect(after.upcoming).toEqual({ desde: '2024-05-05', hasta: '2024-05-11' })
		expect((after.upcomingBookings ?? 0) - (before.upcomingBookings ?? 0)).toBe(2)
		expect((after.newInboxItems ?? 0) - (before.newInboxItems ?? 0)).toBe(2)
		expect((after.activeSubscriptions ?? 0) - (before.activeSubscriptions ?? 0)).toBe(2)
		expect((after.monthlyRecurringRevenue ?? 0) - (before.monthlyRecurringRevenue ?? 0)).toBeCloseTo(199 + 999 / 12)
	})

	test('a cliente’s session counts nothing of anyone else', async () => {
		const cliente = await createUser(supabase.url, uniqueEmail('panel-curioso'))
		const figures = await loadPanelFigures(cliente.client, '2024-05-06')
		expect(figures).toMatchObject({ upcomingBookings: 0, newInboxItems: 0, activeSubscriptions: 0 })
	})
})
