import { describe, expect, test } from 'vitest'
import { formatMeeting, isBookable, splitMeetings, todayInMadrid } from '~/lib/booking'

describe('Madrid calendar', () => {
	test('the day changes at midnight in Madrid, not in UTC', () => {
		// 23:30 UTC on 23 Nov 2026 is already 24 Nov in Madrid (UTC+1 in winter).
		expect(todayInMadrid(new Date('2026-11-23T23:30:00Z'))).toBe('2026-11-24')
		expect(todayInMadrid(new Date('2026-11-23T22:59:00Z'))).toBe('2026-11-23')
		// Summer time: UTC+2.
		expect(todayInMadrid(new Date('2026-07-01T22:30:00Z'))).toBe('2026-07-02')
	})

	test('meetings split around midnight Madrid time', () => {
		const meetings = [
			{ id: 'a', fecha: '2026-11-23', hora: '13:30:00', status: 'confirmada' },
			{ id: 'b', fecha: '2026-11-24', hora: '10:00:00', status: 'confirmada' },
			{ id: 'c', fecha: '2026-11-25', hora: '10:00:00', status: 'cancelada' },
			{ id: 'd', fecha: '2026-11-26', hora: '11:00:00', status: 'confirmada' },
			{ id: 'e', fecha: '2026-11-20', hora: '12:00:00', status: 'confirmada' },
		]
		const beforeMidnight = splitMeetings(meetings, new Date('2026-11-23T22:30:00Z'))
		expect(beforeMidnight.upcoming.map((m) => m.id)).toEqual(['a', 'b', 'd'])
		expect(beforeMidnight.past.map((m) => m.id)).toEqual(['c', 'e'])
		const afterMidnight = splitMeetings(meetings, new Date('2026-11-23T23:30:00Z'))
		expect(afterMidnight.upcoming.map((m) => m.id)).toEqual(['b', 'd'])
		expect(afterMidnight.past.map((m) => m.id)).toEqual(['c', 'a', 'e'])
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
	])('%s %s → %s', (fecha, hora, expected) => expect(isBookable(fecha, hora, monday10)).toBe(expected))

	test('dates read in Spanish long format, bad ones say so', () => {
		expect(formatMeeting('2026-11-24', '10:30:00')).toBe('24 de noviembre de 2026, 10:30')
		expect(formatMeeting('no-es-fecha', '10:30')).toBe('Fecha inválida')
	})
})
