import { describe, expect, test } from 'vitest'
import { availabilityFact, describeAvailability } from '~/content/availability'
import { splitBookings } from '~/lib/booking'
import { formatBookingTime, todayInMadrid } from '~/lib/dates'
import {
	bookingWindow,
	defaultBookingRules,
	freeHours,
	isBookable,
	isBookableDay,
	type BookingRules,
} from '~/lib/slots'

describe('Madrid calendar', () => {
	test('the day changes at midnight in Madrid, not in UTC', () => {
		// 23:30 UTC on 23 Nov 2026 is already 24 Nov in Madrid (UTC+1 in winter).
		expect(todayInMadrid(new Date('2026-11-23T23:30:00Z'))).toBe('2026-11-24')
		expect(todayInMadrid(new Date('2026-11-23T22:59:00Z'))).toBe('2026-11-23')
		// Summer time: UTC+2.
		expect(todayInMadrid(new Date('2026-07-01T22:30:00Z'))).toBe('2026-07-02')
	})

	test('meetings split around midnight Madrid time; a cancelled one to come stays with those to come', () => {
		const bookings = [
			{ id: 'a', fecha: '2026-11-23', hora: '13:30:00', status: 'confirmada' },
			{ id: 'b', fecha: '2026-11-24', hora: '10:00:00', status: 'confirmada' },
			{ id: 'c', fecha: '2026-11-25', hora: '10:00:00', status: 'cancelada' },
			{ id: 'd', fecha: '2026-11-26', hora: '11:00:00', status: 'confirmada' },
			{ id: 'e', fecha: '2026-11-20', hora: '12:00:00', status: 'confirmada' },
		]
		const beforeMidnight = splitBookings(bookings, new Date('2026-11-23T22:30:00Z'))
		expect(beforeMidnight.upcoming.map((m) => m.id)).toEqual(['a', 'b', 'c', 'd'])
		expect(beforeMidnight.past.map((m) => m.id)).toEqual(['e'])
		const afterMidnight = splitBookings(bookings, new Date('2026-11-23T23:30:00Z'))
		expect(afterMidnight.upcoming.map((m) => m.id)).toEqual(['b', 'c', 'd'])
		expect(afterMidnight.past.map((m) => m.id)).toEqual(['a', 'e'])
	})
})

describe('bookable slots', () => {
	const monday10 = new Date('2026-11-23T09:00:00Z') // 10:00 in Madrid, Monday
	test.each([
		['2026-11-23', '10:30', true],
		['2026-11-23', '10:00', false],
		['2026-11-22', '11:00', false],
		['2026-11-28', '11:00', false],
		['2026-11-24', '14:00', false],
		['2026-11-24', '13:30', true],
		['2026-02-30', '10:00', false],
		['mañana', '10:00', false],
	])('%s %s → %s', (fecha, hora, expected) =>
		expect(isBookable(defaultBookingRules, fecha, hora, monday10)).toBe(expected),
	)

	test('dates read in Spanish long format, bad ones say so', () => {
		expect(formatBookingTime('2026-11-24', '10:30:00')).toBe('24 de noviembre de 2026, 10:30')
		expect(formatBookingTime('no-es-fecha', '10:30')).toBe('Fecha inválida')
	})
})

describe('booking rules from /admin/ajustes', () => {
	const monday10 = new Date('2026-11-23T09:00:00Z') // 10:00 in Madrid, Monday
	const rules = (change: Partial<BookingRules>): BookingRules => ({ ...defaultBookingRules, ...change })

	test('only the rules’ weekdays and hours, and no blocked date', () => {
		const saturdaysToo = rules({ dias: [1, 2, 3, 4, 5, 6], horas: ['09:00', '16:30'] })
		expect(isBookable(saturdaysToo, '2026-11-28', '16:30', monday10)).toBe(true)
		expect(isBookable(saturdaysToo, '2026-11-28', '10:00', monday10)).toBe(false)
		expect(isBookable(saturdaysToo, '2026-11-29', '09:00', monday10)).toBe(false)
		const christmas = rules({ bloqueos: [{ desde: '2026-12-24', hasta: '2026-12-25' }] })
		expect(isBookableDay(christmas, '2026-12-23')).toBe(true)
		expect(isBookableDay(christmas, '2026-12-24')).toBe(false)
		expect(isBookableDay(christmas, '2026-12-25')).toBe(false)
		expect(isBookable(christmas, '2026-12-24', '10:00', monday10)).toBe(false)
	})

	test('the minimum notice moves the first bookable hour, across days too', () => {
		const twoHours = rules({ antelacionHoras: 2 })
		expect(freeHours(twoHours, bookingWindow(twoHours, monday10), '2026-11-23')).toEqual(['12:30', '13:00', '13:30'])
		const twoDays = rules({ antelacionHoras: 48 })
		const window = bookingWindow(twoDays, monday10)
		expect(window.earliest).toEqual({ fecha: '2026-11-25', hora: '10:00' })
		expect(freeHours(twoDays, window, '2026-11-24')).toEqual([])
		expect(freeHours(twoDays, window, '2026-11-25')).toEqual([
			'10:30',
			'11:00',
			'11:30',
			'12:00',
			'12:30',
			'13:00',
			'13:30',
		])
	})

	test('the horizon is the rules’ own, and taken hours are not offered', () => {
		const week = rules({ horizonteDias: 7 })
		const window = bookingWindow(week, monday10)
		expect(window.last).toBe('2026-11-30')
		expect(freeHours(week, window, '2026-11-30', ['10:00', '11:30'])).toEqual([
			'10:30',
			'11:00',
			'12:00',
			'12:30',
			'13:00',
			'13:30',
		])
		expect(freeHours(week, window, '2026-12-01')).toEqual([])
	})

	test('the availability reads as the spec says for the defaults, and follows any other rules', () => {
		expect(describeAvailability(defaultBookingRules)).toBe('de lunes a viernes entre las 10:00 y las 13:30')
		expect(availabilityFact(defaultBookingRules)).toEqual({
			title: 'De lunes a viernes',
			text: 'Cada 30 minutos, de 10:00 a 13:30.',
		})
		expect(describeAvailability({ dias: [1, 3, 5], horas: ['09:00', '12:00'] })).toBe(
			'los lunes, miércoles y viernes a las 09:00 y 12:00',
		)
		expect(availabilityFact({ dias: [2], horas: ['09:00', '09:30', '11:00'] })).toEqual({
			title: 'Los martes',
			text: 'Entre las 09:00 y las 11:00.',
		})
	})
})
