import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { LocalSupabase } from '../../../local/supabase/server'
import { bookingLimits, isWeekday, lastBookableDate, todayInMadrid } from '~/lib/booking'
import { createUser, serviceClient, startTestSupabase } from '../../support/supabase'
import { uniqueEmail, uniqueSlot, uniqueSlots } from '../../support/unique'

// The database's own brake on holding slots (issue 18, finding 1), whoever writes: the numbers must be
// app/lib/booking.ts's bookingLimits, which the server checks first with friendlier messages.
let supabase: LocalSupabase
beforeAll(async () => {
	supabase = await startTestSupabase()
})
afterAll(() => supabase.stop())

const service = () => serviceClient(supabase.url)

function weekdayStepping(from: string, step: 1 | -1) {
	const date = new Date(`${from}T12:00:00Z`)
	while (!isWeekday(date.toISOString().slice(0, 10))) date.setUTCDate(date.getUTCDate() + step)
	return date.toISOString().slice(0, 10)
}

function dayAfter(isoDate: string) {
	const date = new Date(`${isoDate}T12:00:00Z`)
	date.setUTCDate(date.getUTCDate() + 1)
	return date.toISOString().slice(0, 10)
}

const booking = (slot: { fecha: string; hora: string }, userId: string | null = null, status = 'confirmada') => ({
	...slot,
	user_id: userId,
	nombre: 'Límite',
	email: 'limite@kia.test',
	status,
})

describe('booking horizon', () => {
	test(`a demo can be booked up to ${bookingLimits.horizonDays} days ahead and not a day further`, async () => {
		const last = weekdayStepping(lastBookableDate(), -1)
		const tooFar = weekdayStepping(dayAfter(lastBookableDate()), 1)
		expect(
			(
				await service()
					.from('reservas')
					.insert(booking({ fecha: last, hora: '13:30' }))
			).error,
		).toBeNull()
		for (const fecha of [tooFar, '2099-01-05', '9999-12-31']) {
			const refused = await service()
				.from('reservas')
				.insert(booking({ fecha, hora: '13:30' }))
			expect(refused.status, fecha).toBe(400)
			expect(refused.error?.code).toBe('23514')
			expect(refused.error?.message).toContain('reservas_horizonte')
		}
	})

	test('a booking cannot be moved past the horizon either; a cancelled one is left alone', async () => {
		const { data } = await service().from('reservas').insert(booking(uniqueSlot())).select('id').single()
		const moved = await service()
			.from('reservas')
			.update({ fecha: '2099-01-05' })
			.eq('id', data?.id ?? '')
		expect(moved.error?.message).toContain('reservas_horizonte')
		const cancelled = await service()
			.from('reservas')
			.update({ status: 'cancelada' })
			.eq('id', data?.id ?? '')
		expect(cancelled.error).toBeNull()
	})
})

describe('upcoming demos per client', () => {
	test(`a client holds at most ${bookingLimits.maxUpcomingPerClient}; cancelled and past ones do not count`, async () => {
		const client = await createUser(supabase.url, uniqueEmail('limite'))
		const [first, second, third, fourth, fifth] = uniqueSlots(5)
		const past = { fecha: weekdayStepping('2024-05-03', -1), hora: '10:00' }
		const inserted = await service()
			.from('reservas')
			.insert([
				booking(past, client.id),
				booking(first ?? uniqueSlot(), client.id, 'cancelada'),
				booking(second ?? uniqueSlot(), client.id),
				booking(third ?? uniqueSlot(), client.id),
				booking(fourth ?? uniqueSlot(), client.id),
			])
		expect(inserted.error).toBeNull()
		const over = await service()
			.from('reservas')
			.insert(booking(fifth ?? uniqueSlot(), client.id))
		expect(over.status).toBe(400)
		expect(over.error?.message).toContain('reservas_maximo_pendientes')
		// Re-confirming the cancelled one is a fourth upcoming demo too.
		const reconfirmed = await service()
			.from('reservas')
			.update({ status: 'confirmada' })
			.eq('user_id', client.id)
			.eq('status', 'cancelada')
		expect(reconfirmed.error?.message).toContain('reservas_maximo_pendientes')
		// Bookings of nobody's account (a deleted user's history) are not anyone's to count.
		expect(
			(
				await service()
					.from('reservas')
					.insert(booking(fifth ?? uniqueSlot()))
			).error,
		).toBeNull()
	})

	test('two bookings sent at once by a client one short of the limit: exactly one is kept', async () => {
		const client = await createUser(supabase.url, uniqueEmail('limite-carrera'))
		const held = uniqueSlots(bookingLimits.maxUpcomingPerClient - 1).map((slot) => booking(slot, client.id))
		expect((await service().from('reservas').insert(held)).error).toBeNull()
		const results = await Promise.all(
			uniqueSlots(2).map((slot) => serviceClient(supabase.url).from('reservas').insert(booking(slot, client.id))),
		)
		expect(results.filter((result) => result.error === null)).toHaveLength(1)
		const { count } = await service()
			.from('reservas')
			.select('id', { count: 'exact', head: true })
			.eq('user_id', client.id)
			.gte('fecha', todayInMadrid())
		expect(count).toBe(bookingLimits.maxUpcomingPerClient)
	})
})
