import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import type { LocalSupabase } from '../../../local/supabase/server'
import { todayInMadrid } from '~/lib/dates'
import { defaultBookingRules, isWeekend, lastBookableFrom } from '~/lib/slots'
import { defaultRulesRow } from '../../support/booking-rules'
import { createUser, serviceClient, startTestSupabase } from '../../support/supabase'
import { uniqueEmail, uniqueSlot, uniqueSlots, type Slot } from '../../support/unique'

// The database's own brake on holding slots (issue 18, finding 1) and the booking rules of /admin/ajustes
// (issue 21), whoever writes: its defaults must be app/lib/booking.ts's defaultBookingRules, which the server
// checks first with friendlier messages.
let supabase: LocalSupabase
beforeAll(async () => {
	supabase = await startTestSupabase()
})
afterAll(() => supabase.stop())

const service = () => serviceClient(supabase.url)
const bookingLimits = {
	horizonDays: defaultBookingRules.horizonteDias,
	maxUpcomingPerClient: defaultBookingRules.maximoPendientes,
}
const lastBookableDate = () => lastBookableFrom(defaultBookingRules, todayInMadrid())

function weekdayStepping(from: string, step: 1 | -1) {
	const date = new Date(`${from}T12:00:00Z`)
	while (isWeekend(date.toISOString().slice(0, 10))) date.setUTCDate(date.getUTCDate() + step)
	return date.toISOString().slice(0, 10)
}

function dayAfter(isoDate: string) {
	const date = new Date(`${isoDate}T12:00:00Z`)
	date.setUTCDate(date.getUTCDate() + 1)
	return date.toISOString().slice(0, 10)
}

function saturdayAfter(isoDate: string) {
	const date = new Date(`${isoDate}T12:00:00Z`)
	date.setUTCDate(date.getUTCDate() + ((6 - date.getUTCDay() + 7) % 7 || 7))
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
})

describe('booking rules (Ajustes)', () => {
	const defaults = defaultRulesRow
	const setRules = async (change: Partial<typeof defaults>) => {
		const { error } = await service().from('reglas_reservas').update(change).eq('id', true)
		expect(error).toBeNull()
	}
	afterEach(async () => {
		await setRules(defaults)
		await service().from('bloqueos_reservas').delete().neq('motivo', '')
	})

	test('the migration’s rules are app/lib/booking.ts’s defaultBookingRules', async () => {
		const { data } = await service()
			.from('reglas_reservas')
			.select('dias, horas, horizonte_dias, antelacion_horas, maximo_pendientes')
			.single()
		expect({ ...data, horas: data?.horas.map((hora) => hora.slice(0, 5)) }).toEqual(defaults)
	})

	test('a booking outside the rules’ days and hours is refused, whoever writes it', async () => {
		const slot = uniqueSlot()
		const saturday = saturdayAfter(slot.fecha)
		for (const refused of [
			{ fecha: slot.fecha, hora: '16:00' },
			{ fecha: saturday, hora: '10:00' },
		]) {
			const result = await service().from('reservas').insert(booking(refused))
			expect(result.error?.message, JSON.stringify(refused)).toContain('reservas_fuera_de_horario')
		}
		const quarterPast = await service()
			.from('reservas')
			.insert(booking({ fecha: slot.fecha, hora: '10:15' }))
		expect(quarterPast.error?.code).toBe('23514')

		await setRules({ dias: [1, 2, 3, 4, 5, 6], horas: [...defaults.horas, '16:00'] })
		for (const allowed of [
			{ fecha: slot.fecha, hora: '16:00' },
			{ fecha: saturday, hora: '10:00' },
		])
			expect((await service().from('reservas').insert(booking(allowed))).error).toBeNull()
	})

	test('a blocked date takes no new booking and no booking moved onto it; those already there stay', async () => {
		// A day's eight hours come in a row: the ninth slot is the next weekday's.
		const slots = uniqueSlots(9)
		const [kept, moving] = [slots[0], slots[8]] as [Slot, Slot]
		const other = uniqueSlot()
		const client = await createUser(supabase.url, uniqueEmail('bloqueo'))
		const { data: existing } = await service().from('reservas').insert(booking(kept, client.id)).select('id').single()
		const { data: toMove } = await service().from('reservas').insert(booking(moving)).select('id').single()
		const blocked = await service()
			.from('bloqueos_reservas')
			.insert({ desde: kept.fecha, hasta: kept.fecha, motivo: 'Festivo' })
		expect(blocked.error).toBeNull()

		const sameDay = await service()
			.from('reservas')
			.insert(booking({ fecha: kept.fecha, hora: kept.hora === '10:00' ? '10:30' : '10:00' }))
		expect(sameDay.error?.message).toContain('reservas_dia_bloqueado')
		const movedOnto = await service()
			.from('reservas')
			.update({ fecha: kept.fecha, hora: '12:00' })
			.eq('id', toMove?.id ?? '')
		expect(movedOnto.error?.message).toContain('reservas_dia_bloqueado')
		// The booking made before the block is the admin's to decide on: deleting its client still works.
		const detached = await service()
			.from('reservas')
			.update({ user_id: null })
			.eq('id', existing?.id ?? '')
		expect(detached.error).toBeNull()
		expect((await service().from('reservas').insert(booking(other))).error).toBeNull()
	})

	test('the minimum notice and a shorter horizon are the database’s rules too', async () => {
		const soon = weekdayStepping(dayAfter(todayInMadrid()), 1)
		await setRules({ antelacion_horas: 168 })
		const tooSoon = await service()
			.from('reservas')
			.insert(booking({ fecha: soon, hora: '13:30' }))
		expect(tooSoon.error?.message).toContain('reservas_antelacion')
		await setRules({ antelacion_horas: 0, horizonte_dias: 1 })
		const slot = uniqueSlot()
		const tooFar = await service().from('reservas').insert(booking(slot))
		expect(tooFar.error?.message).toContain('reservas_horizonte')
	})
})
