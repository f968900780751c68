import { bookingLimits, bookingSlots, lastBookableDate, todayInMadrid, type BookingSlot } from '../../app/lib/booking'

/**
 * Test data that no two tests share, by construction rather than by chance.
 *
 * Each value is made of three parts: the run (chosen once by the global setup,
 * so every worker of a run agrees on it), the lane and a counter of that lane.
 * The lane is the Playwright worker index or the Vitest worker id: unique in a
 * run and never reused, not even by the worker that replaces a failed one (which
 * starts its counters from zero again). Slots go further: each lane that can
 * book owns a block of weekdays within the booking horizon, all after every
 * booking the database held when the run began.
 */

const runVariable = 'KIA_TEST_RUN'
const firstSlotVariable = 'KIA_TEST_FIRST_SLOT_DATE'

/** Set by each global setup (tests/e2e/global-setup.ts, tests/setup/services.ts) before any worker starts. */
export function chooseRun({ latestBooking }: { latestBooking?: string } = {}) {
	process.env[runVariable] = Date.now().toString(36)
	process.env[firstSlotVariable] = firstSlotDate(todayInMadrid(), latestBooking)
}

function fromRun(variable: string) {
	const value = process.env[variable]
	if (!value) throw new Error(`${variable} is not set: unique test data needs the run chosen by the global setup.`)
	return value
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
 * `label-run-lane-counter`, lowercase letters, digits and hyphens (a valid blog
 * slug when the label is). The parts have fixed widths, so no name is part of
 * another: searching for one finds that one alone.
 */
export function uniqueName(label: string) {
	names += 1
	if (names > 99_999) throw new Error('A worker made more than 99,999 unique names.')
	return `${label}-${fromRun(runVariable)}-${padded(lane(), 3)}-${padded(names, 5)}`
}

export const uniqueEmail = (label: string) => `${uniqueName(label)}@kia.test`

let addresses = 0

/**
 * A visitor address no other test uses (IPv6 documentation range,
 * 2001:db8::/32): the run, the lane and a counter, 16 bits a group.
 */
export function uniqueAddress() {
	addresses += 1
	const run = Number.parseInt(fromRun(runVariable), 36)
	const groups = [
		0x2001,
		0xdb8,
		lane(),
		Math.floor(run / 2 ** 32) % 0x10000,
		Math.floor(run / 0x10000) % 0x10000,
		run % 0x10000,
		Math.floor(addresses / 0x10000),
		addresses % 0x10000,
	]
	return groups.map((group) => group.toString(16)).join(':')
}

export type Slot = { fecha: string; hora: BookingSlot }

/**
 * Slots must fall within the booking horizon (bookingLimits.horizonDays), so
 * the lanes that book share its few weeks: a block of weekdays each, for as
 * many lanes as a run can have at once (Playwright's two workers and their
 * replacements; Vitest's pool, whose files each have a database of their own).
 */
const weekdaysPerLane = 9
const slotLanes = 5
const slotsPerLane = weekdaysPerLane * bookingSlots.length
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

/** The weekday `count` weekdays after `first` (itself a weekday). */
function weekdaysAfter(first: string, count: number) {
	let date = daysAfter(noon(first), Math.floor(count / 5) * 7)
	for (let step = 0; step < count % 5; step++) date = weekdayFrom(daysAfter(date, 1))
	return iso(date)
}

/**
 * The weekday slots start from: a week ahead (still bookable if the run
 * crosses midnight) and after `latestBooking`, the last date the database
 * held when the run began (the seed's bookings are all within three weeks).
 */
export function firstSlotDate(today: string, latestBooking?: string) {
	const ahead = daysAfter(noon(today), 7)
	const from = latestBooking && latestBooking >= iso(ahead) ? daysAfter(noon(latestBooking), 1) : ahead
	const first = iso(weekdayFrom(from))
	const lastNeeded = weekdaysAfter(first, slotLanes * weekdaysPerLane - 1)
	if (lastNeeded > iso(daysAfter(noon(today), bookingLimits.horizonDays))) {
		throw new Error(`The test slots from ${first} would run past the ${bookingLimits.horizonDays}-day booking horizon.`)
	}
	return first
}

/** Playwright's worker index, or Vitest's pool slot: the lanes that can book at the same time. */
function slotLane() {
	const pool = process.env.VITEST_POOL_ID
	const id = process.env.TEST_WORKER_INDEX ?? (pool === undefined ? undefined : String(Number(pool) - 1))
	const value = Number(id ?? lane())
	if (value >= slotLanes)
		throw new Error(`Worker ${value} is past the ${slotLanes} lanes the booking horizon leaves room for.`)
	return value
}

function slotAt(index: number): Slot {
	const day = slotLane() * weekdaysPerLane + Math.floor(index / bookingSlots.length)
	const hora = bookingSlots[index % bookingSlots.length]
	if (!hora) throw new Error(`No booking slot at ${index}`)
	const fecha = weekdaysAfter(fromRun(firstSlotVariable), day)
	if (fecha > lastBookableDate()) throw new Error(`The test slot ${fecha} is past the booking horizon.`)
	return { fecha, hora }
}

let nextFree = 0
const takenAhead = new Set<number>()

/**
 * A bookable slot (a weekday and one of the booking hours) that no other test
 * gets. `where` asks for one of a kind; the slots it passes over stay free.
 */
export function uniqueSlot(where: (slot: Slot) => boolean = () => true): Slot {
	for (let index = nextFree; index < slotsPerLane; index++) {
		if (takenAhead.has(index)) continue
		const slot = slotAt(index)
		if (!where(slot)) continue
		takenAhead.add(index)
		while (takenAhead.delete(nextFree)) nextFree += 1
		return slot
	}
	throw new Error(`Worker lane ${lane()} has no free slot left that fits.`)
}

export const uniqueSlots = (count: number) => Array.from({ length: count }, () => uniqueSlot())
