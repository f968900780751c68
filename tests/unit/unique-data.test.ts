import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { defaultBookingRules, isBookable, isWeekend } from '~/lib/slots'

const bookingSlots = defaultBookingRules.horas
import type * as UniqueModule from '../support/unique'

type Unique = typeof UniqueModule

const variables = [
	'TEST_WORKER_INDEX',
	'VITEST_WORKER_ID',
	'VITEST_POOL_ID',
	'KIA_TEST_RUN',
	'KIA_TEST_FIRST_SLOT_DATE',
	'KIA_TEST_SLOT_LANES',
] as const
const saved = Object.fromEntries(variables.map((name) => [name, process.env[name]]))

/** The module as a fresh worker of lane `lane` would load it (its counters start at zero; a slot lane's are the run's). */
async function worker(lane: number, parallelIndex = lane): Promise<Unique> {
	process.env.TEST_WORKER_INDEX = String(lane)
	process.env.TEST_PARALLEL_INDEX = String(parallelIndex)
	vi.resetModules()
	return import('../support/unique')
}

let runs = 0

// Slots are checked against the booking horizon, which counts from today: these tests live on one day.
const now = new Date('2026-11-23T12:00:00Z')

beforeEach(() => {
	vi.useFakeTimers({ toFake: ['Date'], now })
	// A run of its own per test: slot lanes are kept in the run's files.
	runs += 1
	process.env.KIA_TEST_RUN = `run${process.pid.toString(36)}${runs}`
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
	test('slots: bookable, within the horizon, all different within a worker and across workers', async () => {
		const taken = new Set<string>()
		for (const lane of [0, 1, 2, 3]) {
			const { uniqueSlot, uniqueSlots } = await worker(lane)
			for (const slot of [...uniqueSlots(87), uniqueSlot()]) {
				expect(isBookable(defaultBookingRules, slot.fecha, slot.hora, now), `${slot.fecha} ${slot.hora}`).toBe(true)
				expect(slot.fecha >= '2026-12-07').toBe(true)
				const key = `${slot.fecha} ${slot.hora}`
				expect(taken.has(key), key).toBe(false)
				taken.add(key)
			}
			expect(() => uniqueSlot(), `lane ${lane} has 88 slots`).toThrow(/no free slot/)
		}
		expect(taken.size).toBe(4 * 88)
	})

	test('with two lanes (Playwright’s workers), each lane has two blocks: 176 slots, none shared', async () => {
		process.env.KIA_TEST_SLOT_LANES = '2'
		const taken = new Set<string>()
		for (const lane of [0, 1]) {
			const { uniqueSlot, uniqueSlots } = await worker(lane)
			for (const slot of uniqueSlots(176)) {
				expect(isBookable(defaultBookingRules, slot.fecha, slot.hora, now), `${slot.fecha} ${slot.hora}`).toBe(true)
				const key = `${slot.fecha} ${slot.hora}`
				expect(taken.has(key), key).toBe(false)
				taken.add(key)
			}
			expect(() => uniqueSlot(), `lane ${lane} has 176 slots`).toThrow(/no free slot/)
		}
		expect(taken.size).toBe(4 * 88)
		const { uniqueSlot } = await worker(2)
		expect(() => uniqueSlot()).toThrow(/past the 2 lanes/)
	})

	test('a worker that replaces a failed one carries on from the slots its lane already used', async () => {
		const first = await worker(0, 1)
		const before = first.uniqueSlots(3)
		const replacement = await worker(2, 1)
		const after = replacement.uniqueSlots(3)
		const keys = [...before, ...after].map((slot) => `${slot.fecha} ${slot.hora}`)
		expect(new Set(keys).size).toBe(6)
	})

	test('a lane past the ones the horizon leaves room for says so', async () => {
		const { uniqueSlot } = await worker(4)
		expect(() => uniqueSlot()).toThrow(/past the 4 lanes/)
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
		expect(() => uniqueSlot((slot) => slot.fecha === '2020-01-06')).toThrow(/no free slot/)
	})

	test('a whole day: none of its slots goes to another call, and the slots around it carry on', async () => {
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

	test('whole days never cross into another lane’s weekdays, at the end of a block either', async () => {
		process.env.KIA_TEST_SLOT_LANES = '2'
		const other = await worker(1)
		const othersDays = new Set(other.uniqueSlots(176).map((slot) => slot.fecha))
		const { uniqueDay, uniqueSlots } = await worker(0)
		uniqueSlots(bookingSlots.length * 10)
		const lastOfBlock = uniqueDay()
		const next = uniqueDay()
		expect(lastOfBlock).toBe('2026-12-21')
		expect(next > lastOfBlock).toBe(true)
		expect(othersDays.has(lastOfBlock) || othersDays.has(next)).toBe(false)
		// 22 weekdays a lane, 12 used: 10 whole days are left, then none.
		for (let day = 0; day < 10; day++) uniqueDay()
		expect(() => uniqueDay()).toThrow(/no wholly free day/)
	})

	test('the first slot date is a weekday a week ahead, or after the latest booking of a shared database', async () => {
		const { firstSlotDate } = await worker(0)
		expect(firstSlotDate('2026-11-23')).toBe('2026-11-30')
		// A week after a Saturday is a Saturday: the Monday after.
		expect(firstSlotDate('2026-11-28')).toBe('2026-12-07')
		expect(firstSlotDate('2026-11-23', '2026-11-25')).toBe('2026-11-30')
		expect(firstSlotDate('2026-11-23', '2026-12-04')).toBe('2026-12-07')
		for (const today of ['2026-11-23', '2026-12-31', '2027-02-27']) expect(!isWeekend(firstSlotDate(today))).toBe(true)
	})

	test('slots that would run past the booking horizon are refused at the start of the run', async () => {
		const { firstSlotDate } = await worker(0)
		expect(() => firstSlotDate('2026-11-23', '2027-01-20')).toThrow(/past the 90-day booking horizon/)
	})

	test('names and e-mails: different in every worker, and none is part of another', async () => {
		const names: string[] = []
		for (const lane of [0, 1, 10]) {
			const { uniqueName, uniqueEmail } = await worker(lane)
			for (let i = 0; i < 120; i++) names.push(uniqueName('busqueda'), uniqueEmail('busqueda'))
		}
		expect(new Set(names).size).toBe(names.length)
		expect(names.filter((name) => names.some((other) => other !== name && other.includes(name)))).toEqual([])
		expect(names[0]).toMatch(new RegExp(`^busqueda-${process.env.KIA_TEST_RUN}-000-00001$`))
		expect(names[0]).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
	})

	test('visitor addresses: valid IPv6, each in a /64 of its own in a run, different in every worker and run', async () => {
		const addresses: string[] = []
		const networks = new Set<string>()
		for (const run of ['run00001', 'run00002']) {
			process.env.KIA_TEST_RUN = run
			for (const lane of [0, 3]) {
				const { uniqueAddress } = await worker(lane)
				const count = run === 'run00001' && lane === 0 ? 65_535 : 100
				for (let i = 0; i < count; i++) {
					const address = uniqueAddress()
					addresses.push(address)
					if (run === 'run00001') networks.add(address.split(':').slice(0, 4).join(':'))
				}
				if (count === 65_535) expect(() => uniqueAddress()).toThrow(/more than 65,535/)
			}
		}
		expect(new Set(addresses).size).toBe(addresses.length)
		expect(networks.size).toBe(65_535 + 100)
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
		delete process.env.KIA_TEST_RUN
		expect(() => outside.uniqueName('x')).toThrow(/KIA_TEST_RUN is not set/)
	})
})
