import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { defaultBookingRules, isBookable, isWeekend, lastBookableFrom } from '~/lib/slots'
import type * as UniqueModule from '../support/unique'

const bookingSlots = defaultBookingRules.horas
type Unique = typeof UniqueModule

const variables = ['TEST_WORKER_INDEX', 'VITEST_WORKER_ID', 'KIA_TEST_FIRST_SLOT_DATE'] as const
const saved = Object.fromEntries(variables.map((name) => [name, process.env[name]]))

/** The module as a fresh worker of lane `lane` loads it: its counters and slots start afresh. */
async function worker(lane: number): Promise<Unique> {
	process.env.TEST_WORKER_INDEX = String(lane)
	vi.resetModules()
	return import('../support/unique')
}

// Slots are checked against the booking horizon, which counts from today: these tests live on one day.
const now = new Date('2026-11-23T12:00:00Z')

beforeEach(() => {
	vi.useFakeTimers({ toFake: ['Date'], now })
	process.env.KIA_TEST_FIRST_SLOT_DATE = '2026-12-07'
})

afterEach(() => {
	vi.useRealTimers()
	for (const name of variables) {
		if (saved[name] === undefined) delete process.env[name]
		else process.env[name] = saved[name]
	}
})

describe('unique test data', () => {
	test('slots: bookable, within the horizon, all different in a worker, until the horizon runs out', async () => {
		const { uniqueSlot } = await worker(0)
		const taken = new Set<string>()
		const last = lastBookableFrom(defaultBookingRules, '2026-11-23')
		for (;;) {
			let slot
			try {
				slot = uniqueSlot()
			} catch (error) {
				expect(String(error)).toMatch(/No free slot left/)
				break
			}
			expect(isBookable(defaultBookingRules, slot.fecha, slot.hora, now), `${slot.fecha} ${slot.hora}`).toBe(true)
			expect(slot.fecha >= '2026-12-07' && slot.fecha <= last).toBe(true)
			const key = `${slot.fecha} ${slot.hora}`
			expect(taken.has(key), key).toBe(false)
			taken.add(key)
		}
		expect(taken.size).toBeGreaterThan(300)
	})

	test('slots come in order, every hour of a weekday before the next weekday', async () => {
		const { uniqueSlots } = await worker(0)
		const slots = uniqueSlots(bookingSlots.length * 6)
		expect(slots.slice(0, bookingSlots.length).map((slot) => slot.hora)).toEqual([...bookingSlots])
		expect(new Set(slots.map((slot) => slot.fecha))).toEqual(
			new Set(['2026-12-07', '2026-12-08', '2026-12-09', '2026-12-10', '2026-12-11', '2026-12-14']),
		)
	})

	test('a slot of one kind leaves the slots it passes over to later calls', async () => {
		const { uniqueSlot } = await worker(0)
		const late = uniqueSlot((slot) => slot.fecha === '2026-12-08' && slot.hora === '13:30')
		const next = [uniqueSlot(), uniqueSlot()]
		expect(late).toEqual({ fecha: '2026-12-08', hora: '13:30' })
		expect(next).toEqual([
			{ fecha: '2026-12-07', hora: '10:00' },
			{ fecha: '2026-12-07', hora: '10:30' },
		])
		expect(() => uniqueSlot((slot) => slot.fecha === '2020-01-06')).toThrow(/No free slot left/)
	})

	test('a whole day: none of its slots goes to another call, and days come in order', async () => {
		const { uniqueDay, uniqueSlot, uniqueSlots } = await worker(0)
		const first = uniqueSlots(3)
		expect(uniqueDay()).toBe('2026-12-08')
		// The day partly used stays partly used; the day taken whole is never handed out again.
		const rest = uniqueSlots(bookingSlots.length - 3)
		expect([...first, ...rest].every((slot) => slot.fecha === '2026-12-07')).toBe(true)
		expect(uniqueSlot()).toEqual({ fecha: '2026-12-09', hora: '10:00' })
		// A day with one slot taken ahead (a slot of one kind) is not whole: the next one is.
		uniqueSlot((slot) => slot.fecha === '2026-12-10' && slot.hora === '13:30')
		expect(uniqueDay()).toBe('2026-12-11')
		expect(uniqueDay()).toBe('2026-12-14')
	})

	test('the first slot date is a weekday a week ahead, after the seed’s latest booking', async () => {
		const { firstSlotDate } = await worker(0)
		expect(firstSlotDate('2026-11-23')).toBe('2026-11-30')
		// A week after a Saturday is a Saturday: the Monday after.
		expect(firstSlotDate('2026-11-28')).toBe('2026-12-07')
		expect(firstSlotDate('2026-11-23', '2026-11-25')).toBe('2026-11-30')
		expect(firstSlotDate('2026-11-23', '2026-12-04')).toBe('2026-12-07')
		for (const today of ['2026-11-23', '2026-12-31', '2027-02-27']) expect(!isWeekend(firstSlotDate(today))).toBe(true)
	})

	test('names: fixed width, never one inside another, different in every worker', async () => {
		const names: string[] = []
		for (const lane of [0, 1, 10]) {
			const { uniqueName, uniqueEmail } = await worker(lane)
			for (let i = 0; i < 120; i++) names.push(uniqueName('busqueda'), uniqueEmail('busqueda'))
		}
		expect(new Set(names).size).toBe(names.length)
		expect(names.filter((name) => names.some((other) => other !== name && other.includes(name)))).toEqual([])
		expect(names[0]).toBe('busqueda-000-00001')
		expect(names[0]).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
	})

	test('visitor addresses: valid IPv6, each in a /64 of its own, different in every worker', async () => {
		const addresses: string[] = []
		for (const lane of [0, 3]) {
			const { uniqueAddress } = await worker(lane)
			const count = lane === 0 ? 65_535 : 100
			for (let i = 0; i < count; i++) addresses.push(uniqueAddress())
			if (lane === 0) expect(() => uniqueAddress()).toThrow(/more than 65,535/)
		}
		expect(new Set(addresses.map((address) => address.split(':').slice(0, 4).join(':'))).size).toBe(65_635)
		const sample = addresses.filter((_, index) => index % 500 === 0)
		expect(sample.filter((address) => !/^2001:db8(:[0-9a-f]{1,4}){6}$/.test(address))).toEqual([])
	})

	test('outside a worker, or before the run is chosen, it says so instead of guessing', async () => {
		delete process.env.TEST_WORKER_INDEX
		const vitestWorker = process.env.VITEST_WORKER_ID
		delete process.env.VITEST_WORKER_ID
		vi.resetModules()
		const outside = await import('../support/unique')
		expect(() => outside.uniqueName('x')).toThrow(/inside a Playwright or Vitest worker/)
		process.env.VITEST_WORKER_ID = vitestWorker
		delete process.env.KIA_TEST_FIRST_SLOT_DATE
		expect(() => outside.uniqueSlot()).toThrow(/KIA_TEST_FIRST_SLOT_DATE is not set/)
	})
})
