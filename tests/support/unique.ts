import { todayInMadrid } from '../../app/lib/dates'
import { defaultBookingRules, lastBookableFrom } from '../../app/lib/slots'

/** The suites book under the default rules (a test that changes them restores them; see admin-settings.spec). */
const { horas: bookingSlots } = defaultBookingRules

/**
 * Test data that no two tests share (decision 008). Every Vitest file and every Playwright worker has a
 * database of its own, so what one writes no other reads; they still share a mail catcher (Vitest's run),
 * so names and e-mails carry the worker's lane: the Playwright worker index or the Vitest worker id, never
 * reused in a run, and a counter of the worker.
 */

const firstSlotVariable = 'KIA_TEST_FIRST_SLOT_DATE'

/** Set by each global setup (tests/setup/services.ts, tests/e2e/global-setup.ts) before any worker starts. */
export function chooseRun({ latestBooking }: { latestBooking?: string }) {
	process.env[firstSlotVariable] = firstSlotDate(todayInMadrid(), latestBooking)
}

function lane() {
	const id = process.env.TEST_WORKER_INDEX ?? process.env.VITEST_WORKER_ID
	if (id === undefined) throw new Error('Unique test data is handed out inside a Playwright or Vitest worker only.')
	const value = Number(id)
	if (!Number.isInteger(value) || value < 0 || value > 999)
		throw new Error(`Worker ${id} is past the 1000 lanes unique data has.`)
	return value
}

const padded = (value: number, width: number) => String(value).padStart(width, '0')

let names = 0

/**
 * `label-lane-counter`, lowercase letters, digits and hyphens (a valid blog slug when the label is). The
 * parts have fixed widths, so no name is part of another: searching for one finds that one alone.
 */
export function uniqueName(label: string) {
	names += 1
	if (names > 99_999) throw new Error('A worker made more than 99,999 unique names.')
	return `${label}-${padded(lane(), 3)}-${padded(names, 5)}`
}

export const uniqueEmail = (label: string) => `${uniqueName(label)}@kia.test`

let addresses = 0

/**
 * A visitor address no other test uses (IPv6 documentation range, 2001:db8::/32), in a /64 of its own, as
 * the app's limits count an IPv6 visitor by their /64: the lane and a counter make the prefix.
 */
export function uniqueAddress() {
	addresses += 1
	if (addresses > 0xffff) throw new Error('A worker made more than 65,535 unique addresses.')
	return ['2001', 'db8', lane().toString(16), addresses.toString(16), '0', '0', '0', '1'].join(':')
}

/** Another address in the /64 of `address` (its last group set to `host`), as one customer line rotates them. */
export function addressInSameNetwork(address: string, host: number) {
	return [...address.split(':').slice(0, 7), host.toString(16)].join(':')
}

export type Slot = { fecha: string; hora: string }

const dayMs = 86_400_000
const noon = (isoDate: string) => new Date(`${isoDate}T12:00:00Z`)
const iso = (date: Date) => date.toISOString().slice(0, 10)
const daysAfter = (date: Date, days: number) => new Date(date.getTime() + days * dayMs)
const isWeekend = (date: Date) => [0, 6].includes(date.getUTCDay())

function weekdayFrom(date: Date) {
	let day = date
	while (isWeekend(day)) day = daysAfter(day, 1)
	return day
}

/**
 * The weekday slots start from: a week ahead (still bookable if the run crosses midnight) and after
 * `latestBooking`, the last date the seed books (its bookings are all within three weeks).
 */
export function firstSlotDate(today: string, latestBooking?: string) {
	const ahead = daysAfter(noon(today), 7)
	const from = latestBooking && latestBooking >= iso(ahead) ? daysAfter(noon(latestBooking), 1) : ahead
	return iso(weekdayFrom(from))
}

/** This worker's slots in order: every booking hour of every weekday from the first slot date to the horizon. */
function* slotsInOrder(): Generator<Slot> {
	const first = process.env[firstSlotVariable]
	if (!first) throw new Error(`${firstSlotVariable} is not set: unique slots need the run's global setup.`)
	const last = lastBookableFrom(defaultBookingRules, todayInMadrid())
	for (let day = noon(first); iso(day) <= last; day = weekdayFrom(daysAfter(day, 1)))
		for (const hora of bookingSlots) yield { fecha: iso(day), hora }
}

const taken = new Set<string>()
const keyOf = (slot: Slot) => `${slot.fecha} ${slot.hora}`

/**
 * A bookable slot (a weekday and one of the booking hours) that no other test of this worker gets, none a
 * seeded booking holds. `where` asks for one of a kind; the slots it passes over stay free.
 */
export function uniqueSlot(where: (slot: Slot) => boolean = () => true): Slot {
	for (const slot of slotsInOrder()) {
		if (taken.has(keyOf(slot)) || !where(slot)) continue
		taken.add(keyOf(slot))
		return slot
	}
	throw new Error('No free slot left within the booking horizon that fits.')
}

export const uniqueSlots = (count: number) => Array.from({ length: count }, () => uniqueSlot())

let lastDay = ''

/**
 * A weekday no other test of this worker gets any slot of: for a test that reads every hour a day offers,
 * or blocks the day. Days come in order, so a second call gives a later day than the first.
 */
export function uniqueDay(): string {
	const days = new Map<string, Slot[]>()
	for (const slot of slotsInOrder()) days.set(slot.fecha, [...(days.get(slot.fecha) ?? []), slot])
	for (const [fecha, slots] of days) {
		if (fecha <= lastDay || slots.some((slot) => taken.has(keyOf(slot)))) continue
		for (const slot of slots) taken.add(keyOf(slot))
		lastDay = fecha
		return fecha
	}
	throw new Error('No wholly free day left within the booking horizon.')
}
