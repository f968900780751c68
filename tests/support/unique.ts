import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { todayInMadrid } from '../../app/lib/booking'
import { defaultBookingRules, lastBookableFrom } from '../../app/lib/slots'

/** The suites book under the default rules (an e2e test that changes them restores them; see settings.spec). */
const { horas: bookingSlots, horizonteDias } = defaultBookingRules

/**
 * Test data that no two tests share, by construction rather than by chance.
 *
 * Each value is made of three parts: the run (chosen once by the global setup,
 * so every worker of a run agrees on it), the lane and a counter of that lane.
 * The lane is the Playwright worker index or the Vitest worker id: unique in a
 * run and never reused, not even by the worker that replaces a failed one (which
 * starts its counters from zero again). Slots are scarcer: each lane that can
 * book at once owns a block of weekdays within the booking horizon, all after
 * every booking the database held when the run began.
 */

const runVariable = 'KIA_TEST_RUN'
const firstSlotVariable = 'KIA_TEST_FIRST_SLOT_DATE'
const slotLanesVariable = 'KIA_TEST_SLOT_LANES'

/**
 * Set by each global setup (tests/e2e/global-setup.ts, tests/setup/services.ts) before any worker starts.
 * `lanes`: how many workers can book at once, each of which gets an equal share of the slot blocks.
 */
export function chooseRun({ latestBooking, lanes = slotBlocks }: { latestBooking?: string; lanes?: number } = {}) {
	if (!Number.isInteger(lanes) || lanes < 1 || lanes > slotBlocks)
		throw new Error(`The booking horizon leaves room for 1 to ${slotBlocks} slot lanes, not ${lanes}.`)
	process.env[runVariable] = Date.now().toString(36)
	process.env[firstSlotVariable] = firstSlotDate(todayInMadrid(), latestBooking)
	process.env[slotLanesVariable] = String(lanes)
	forgetOldRuns()
}

/** Slot lanes of runs over a day old (another run may be going on beside this one, so only old ones). */
function forgetOldRuns() {
	const dayAgo = Date.now() - 86_400_000
	for (const name of readdirSync(tmpdir()).filter((file) => file.startsWith('kia-test-slots-'))) {
		const file = join(tmpdir(), name)
		if (statSync(file).mtimeMs < dayAgo) rmSync(file, { force: true })
	}
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
 * A visitor address no other test uses (IPv6 documentation range, 2001:db8::/32), in a /64 of its own, as
 * the app's limits count an IPv6 visitor by their /64: the lane and a counter make the prefix, the run the
 * rest, 16 bits a group.
 */
export function uniqueAddress() {
	addresses += 1
	if (addresses > 0xffff) throw new Error('A worker made more than 65,535 unique addresses.')
	const run = Number.parseInt(fromRun(runVariable), 36)
	const groups = [
		0x2001,
		0xdb8,
		lane(),
		addresses,
		Math.floor(run / 2 ** 32) % 0x10000,
		Math.floor(run / 0x10000) % 0x10000,
		run % 0x10000,
		1,
	]
	return groups.map((group) => group.toString(16)).join(':')
}

/** Another address in the /64 of `address` (its last group set to `host`), as one customer line rotates them. */
export function addressInSameNetwork(address: string, host: number) {
	return [...address.split(':').slice(0, 7), host.toString(16)].join(':')
}

export type Slot = { fecha: string; hora: string }

/**
 * Slots must fall within the booking horizon (defaultBookingRules.horizonteDias), so
 * the lanes that book share its few weeks: four blocks of weekdays, dealt out
 * to as many lanes as can book at once (Vitest's pool of up to four, whose files
 * each have a database of their own: a block each; Playwright's two workers, a
 * replacement taking over its predecessor's lane: two blocks each, as the suite
 * books well over one block's 88 slots in a run, not always evenly per worker).
 */
const weekdaysPerBlock = 11
const slotBlocks = 4
const slotsPerBlock = weekdaysPerBlock * bookingSlots.length
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
	const lastNeeded = weekdaysAfter(first, slotBlocks * weekdaysPerBlock - 1)
	if (lastNeeded > iso(daysAfter(noon(today), horizonteDias))) {
		throw new Error(`The test slots from ${first} would run past the ${horizonteDias}-day booking horizon.`)
	}
	return first
}

/**
 * Playwright's parallel index, or Vitest's pool slot: the lanes that can book at
 * the same time. A worker that replaces a failed one takes over its lane, and
 * carries on from the slots its predecessor used (kept in a file of the run),
 * so failures do not use up lanes.
 */
function slotLane() {
	const pool = process.env.VITEST_POOL_ID
	const id = process.env.TEST_PARALLEL_INDEX ?? (pool === undefined ? undefined : String(Number(pool) - 1))
	if (id === undefined) throw new Error('Unique slots are handed out inside a Playwright or Vitest worker only.')
	const value = Number(id)
	const lanes = slotLanesInUse()
	if (!Number.isInteger(value) || value < 0 || value >= lanes)
		throw new Error(`Worker ${id} is past the ${lanes} lanes the booking horizon leaves room for.`)
	return value
}

const slotLanesInUse = () => Number(process.env[slotLanesVariable] ?? slotBlocks)

/** The blocks a lane owns: its own number, then every `lanes` blocks after it. */
function blocksOf(lane: number) {
	const blocks: number[] = []
	for (let block = lane; block < slotBlocks; block += slotLanesInUse()) blocks.push(block)
	return blocks
}

function slotAt(lane: number, index: number): Slot {
	const block = blocksOf(lane)[Math.floor(index / slotsPerBlock)] ?? slotBlocks
	const within = index % slotsPerBlock
	const day = block * weekdaysPerBlock + Math.floor(within / bookingSlots.length)
	const hora = bookingSlots[within % bookingSlots.length]
	if (!hora) throw new Error(`No booking slot at ${index}`)
	const fecha = weekdaysAfter(fromRun(firstSlotVariable), day)
	if (fecha > lastBookableFrom(defaultBookingRules, todayInMadrid()))
		throw new Error(`The test slot ${fecha} is past the booking horizon.`)
	return { fecha, hora }
}

type LaneState = { nextFree: number; takenAhead: number[] }

/** Where a lane's used slots are kept for the rest of the run, for whichever worker holds the lane next. */
const laneFile = (lane: number) => join(tmpdir(), `kia-test-slots-${fromRun(runVariable)}-${lane}.json`)

function readLane(lane: number): LaneState {
	const file = laneFile(lane)
	return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as LaneState) : { nextFree: 0, takenAhead: [] }
}

/** Marks `indices` of the lane taken and keeps the lane's state for the rest of the run. */
function take(lane: number, state: LaneState, taken: Set<number>, indices: number[]) {
	for (const index of indices) taken.add(index)
	let nextFree = state.nextFree
	while (taken.delete(nextFree)) nextFree += 1
	writeFileSync(laneFile(lane), JSON.stringify({ nextFree, takenAhead: [...taken] }))
}

/**
 * A bookable slot (a weekday and one of the booking hours) that no other test
 * gets. `where` asks for one of a kind; the slots it passes over stay free.
 */
export function uniqueSlot(where: (slot: Slot) => boolean = () => true): Slot {
	const lane = slotLane()
	const state = readLane(lane)
	const taken = new Set(state.takenAhead)
	const slotsOfLane = blocksOf(lane).length * slotsPerBlock
	for (let index = state.nextFree; index < slotsOfLane; index++) {
		if (taken.has(index)) continue
		const slot = slotAt(lane, index)
		if (!where(slot)) continue
		take(lane, state, taken, [index])
		return slot
	}
	throw new Error(`Worker lane ${lane} has no free slot left that fits.`)
}

/**
 * A weekday no other test gets any slot of: for a test that reads every hour a day offers, or blocks the day.
 * Days come in order, so a second call gives a later day than the first.
 */
export function uniqueDay(): string {
	const lane = slotLane()
	const state = readLane(lane)
	const taken = new Set(state.takenAhead)
	const slotsOfLane = blocksOf(lane).length * slotsPerBlock
	const perDay = bookingSlots.length
	// Every slot before nextFree is taken, so the first wholly free day starts at or after it.
	for (let first = Math.ceil(state.nextFree / perDay) * perDay; first < slotsOfLane; first += perDay) {
		const day = Array.from({ length: perDay }, (_, hour) => first + hour)
		if (day.some((index) => taken.has(index))) continue
		take(lane, state, taken, day)
		return slotAt(lane, first).fecha
	}
	throw new Error(`Worker lane ${lane} has no wholly free day left.`)
}

export const uniqueSlots = (count: number) => Array.from({ length: count }, () => uniqueSlot())
