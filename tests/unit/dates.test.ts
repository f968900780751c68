import { describe, expect, test } from 'vitest'
import { addDays, formatFullDate, nextDays } from '~/lib/dates'

describe('date windows', () => {
	test('days move across months, years and a leap day', () => {
		expect(addDays('2026-11-30', 1)).toBe('2026-12-01')
		expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
		expect(addDays('2028-03-01', -1)).toBe('2028-02-29')
		// Madrid's clocks go back on 25 October 2026: a calendar day is still one day.
		expect(addDays('2026-10-24', 2)).toBe('2026-10-26')
	})

	test('the next seven days hold seven days on any day: a Sunday, a Monday, the 1st, the last of a month', () => {
		expect(nextDays('2026-11-29', 7)).toEqual({ desde: '2026-11-29', hasta: '2026-12-05' }) // Sunday
		expect(nextDays('2026-11-30', 7)).toEqual({ desde: '2026-11-30', hasta: '2026-12-06' }) // Monday
		expect(nextDays('2026-12-01', 7)).toEqual({ desde: '2026-12-01', hasta: '2026-12-07' }) // the 1st
		expect(nextDays('2026-12-28', 7)).toEqual({ desde: '2026-12-28', hasta: '2027-01-03' })
		expect(nextDays('2026-12-01', 1)).toEqual({ desde: '2026-12-01', hasta: '2026-12-01' })
	})
})

describe('a booking’s day, named in full', () => {
	test('weekday, day, month and year in Spanish, the day of the calendar date whatever the time zone', () => {
		expect(formatFullDate('2026-12-14')).toBe('lunes, 14 de diciembre de 2026')
		// The night Madrid's clocks go back: still that Sunday.
		expect(formatFullDate('2026-10-25')).toBe('domingo, 25 de octubre de 2026')
	})
})
