import ICAL from 'ical.js'
import { describe, expect, test } from 'vitest'
import { foldLine, icsInvitation, type Invitation } from '~/lib/ics'

const invitation: Invitation = {
	method: 'REQUEST',
	uid: '0b7e4a52-3f0c-4c43-9d0e-6a3f5b0f9c11',
	sequence: 0,
	fecha: '2027-03-01',
	hora: '10:30',
	durationMinutes: 15,
	summary: 'Demostración de KIA',
	description: 'Quiero ver la facturación VERIFACTU\nEnlace: https://meet.jit.si/kia-demo-abc',
	url: 'https://meet.jit.si/kia-demo-abc',
	organizer: { name: 'KIA', email: 'no-reply@kia.es' },
	attendees: [
		{ name: 'Zoë Núñez', email: 'zoe@kia.test' },
		{ name: 'KIA', email: 'hola@kia.es' },
	],
	stamp: new Date('2027-02-20T08:09:10.123Z'),
}

/** The physical lines, without the CRLF that ends each. */
const linesOf = (ics: string) => ics.slice(0, -2).split('\r\n')

/** Logical lines: continuation lines (CRLF + one space) joined back, as every reader does first (§3.1). */
const unfolded = (ics: string) => linesOf(ics.replace(/\r\n /g, ''))

/** The event's lines named `name` (the VTIMEZONE has a DTSTART of its own). */
function property(ics: string, name: string) {
	const lines = unfolded(ics)
	const event = lines.slice(lines.indexOf('BEGIN:VEVENT'), lines.indexOf('END:VEVENT'))
	return event.filter((line) => new RegExp(`^${name}[;:]`).test(line))
}

function parsed(ics: string) {
	const calendar = new ICAL.Component(ICAL.parse(ics))
	const vevent = calendar.getFirstSubcomponent('vevent')
	if (!vevent) throw new Error('no VEVENT')
	return { calendar, vevent, event: new ICAL.Event(vevent) }
}

const octets = (text: string) => Buffer.byteLength(text, 'utf8')

describe('the .ics text (RFC 5545)', () => {
	// Long, with two- three- and four-octet characters: some line boundary falls inside each kind.
	const longText = 'Señora Ñúñez quiere ver cómo el asistente 🤖 responde correos — «facturación» € '.repeat(6)
	const long = icsInvitation({
		...invitation,
		description: longText,
		attendees: [{ name: `Zoë ${'Ñ'.repeat(80)}`, email: 'zoe@kia.test' }],
	})

	test('every line ends in CRLF, and nothing else breaks a line', () => {
		expect(long.endsWith('\r\n')).toBe(true)
		expect(long.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
	})

	test('every line is at most 75 octets, counted in UTF-8 and not in characters', () => {
		const lines = linesOf(long)
		for (const line of lines) expect(octets(line), line).toBeLessThanOrEqual(75)
		// Some lines had to be folded because of their octets: characters alone would have let them through.
		expect(lines.some((line) => line.length < 75 && octets(line) > 70)).toBe(true)
	})

	test('folding never splits a character, and unfolding gives the text back', () => {
		const strict = new TextDecoder('utf-8', { fatal: true })
		for (let shift = 0; shift < 4; shift++) {
			// Each shift moves every boundary by one octet, so every kind of character meets one.
			const line = `DESCRIPTION:${'x'.repeat(shift)}${longText}`
			const folded = foldLine(line)
			for (const piece of folded.split('\r\n')) {
				expect(() => strict.decode(Buffer.from(piece, 'utf8'))).not.toThrow()
				expect(octets(piece)).toBeLessThanOrEqual(75)
			}
			expect(folded.replace(/\r\n /g, '')).toBe(line)
		}
		expect(foldLine('x'.repeat(75))).toBe('x'.repeat(75))
		expect(foldLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x`)
		// A four-octet character that would end past the 75th octet goes whole to the next line.
		expect(foldLine(`${'x'.repeat(73)}🤖`)).toBe(`${'x'.repeat(73)}\r\n 🤖`)
	})

	test.each([
		['a comma', 'uno, dos', 'uno\\, dos'],
		['a semicolon', 'uno; dos', 'uno\\; dos'],
		['a backslash', 'C:\\ruta', 'C:\\\\ruta'],
		['a newline', 'uno\ndos', 'uno\\ndos'],
		['a CRLF', 'uno\r\ndos', 'uno\\ndos'],
		['a bare carriage return', 'uno\rdos', 'uno\\ndos'],
		['a control character, dropped', 'uno\u0007dos\u0000', 'unodos'],
		['a tab, kept', 'uno\tdos', 'uno\tdos'],
	])('text escapes %s', (_, text, escaped) => {
		const ics = icsInvitation({ ...invitation, description: text })
		expect(property(ics, 'DESCRIPTION')).toEqual([`DESCRIPTION:${escaped}`])
		expect(parsed(ics).event.description).toBe(text.replace(/\r\n|\r/g, '\n').replace(/[\u0000\u0007]/g, ''))
	})

	test('a name with quotes, a caret or a line break stays one parameter (RFC 6868)', () => {
		const name = 'Ana "Ani" ^ Ruiz\nS.L.; Madrid, España'
		const ics = icsInvitation({ ...invitation, attendees: [{ name, email: 'ana@kia.test' }] })
		expect(property(ics, 'ATTENDEE')).toEqual([
			`ATTENDEE;CN="Ana ^'Ani^' ^^ Ruiz^nS.L.; Madrid, España";ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:ana@kia.test`,
		])
		const attendee = parsed(ics).vevent.getFirstProperty('attendee')
		expect(attendee?.getParameter('cn')).toBe(name)
		expect(attendee?.getFirstValue()).toBe('mailto:ana@kia.test')
	})

	test('times are Madrid times with their VTIMEZONE, and DTSTAMP is UTC', () => {
		const ics = icsInvitation(invitation)
		expect(property(ics, 'DTSTART')).toEqual(['DTSTART;TZID=Europe/Madrid:20270301T103000'])
		expect(property(ics, 'DTEND')).toEqual(['DTEND;TZID=Europe/Madrid:20270301T104500'])
		expect(property(ics, 'DTSTAMP')).toEqual(['DTSTAMP:20270220T080910Z'])
		const timezones = parsed(ics).calendar.getAllSubcomponents('vtimezone')
		expect(timezones.map((zone) => zone.getFirstPropertyValue('tzid'))).toEqual(['Europe/Madrid'])
		// Winter: UTC+1.
		expect(parsed(ics).event.startDate.toJSDate().toISOString()).toBe('2027-03-01T09:30:00.000Z')
		// Seconds of a database time are ignored.
		expect(property(icsInvitation({ ...invitation, hora: '13:30:00' }), 'DTEND')).toEqual([
			'DTEND;TZID=Europe/Madrid:20270301T134500',
		])
	})

	test("the VTIMEZONE places every demo where the runtime's time-zone database does, summer and winter", () => {
		const zone = new ICAL.Timezone(
			parsed(icsInvitation(invitation)).calendar.getFirstSubcomponent('vtimezone') ?? undefined,
		)
		const madridOffset = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Madrid', timeZoneName: 'longOffset' })
		const mismatches: string[] = []
		// Every day of ten years, at the first demo's start and the last one's end.
		for (let day = Date.UTC(2025, 0, 1); day < Date.UTC(2035, 0, 1); day += 86_400_000) {
			for (const [hour, minute] of [
				[10, 0],
				[13, 45],
			] as const) {
				const date = new Date(day)
				const wallClock = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), hour, minute)
				const offset = /GMT([+-]\d\d):(\d\d)/.exec(madridOffset.format(wallClock))
				const expected = wallClock - Number(offset?.[1]) * 3_600_000
				const time = ICAL.Time.fromData(
					{ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), hour, minute },
					zone,
				)
				if (time.toUnixTime() * 1000 !== expected) mismatches.push(time.toString())
			}
		}
		expect(mismatches).toEqual([])
	})

	test('an invitation calendars take as one: organizer, attendees, method, UID and SEQUENCE', () => {
		const { calendar, vevent, event } = parsed(icsInvitation({ ...invitation, sequence: 3 }))
		expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST')
		expect(event.uid).toBe(invitation.uid)
		expect(event.sequence).toBe(3)
		expect(event.summary).toBe('Demostración de KIA')
		expect(event.location).toBe('https://meet.jit.si/kia-demo-abc')
		expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED')
		expect(event.organizer).toBe('mailto:no-reply@kia.es')
		expect(vevent.getFirstProperty('organizer')?.getParameter('cn')).toBe('KIA')
		expect(
			event.attendees.map((attendee) => [
				attendee.getFirstValue(),
				attendee.getParameter('cn'),
				attendee.getParameter('partstat'),
			]),
		).toEqual([
			['mailto:zoe@kia.test', 'Zoë Núñez', 'ACCEPTED'],
			['mailto:hola@kia.es', 'KIA', 'ACCEPTED'],
		])
	})

	test('a cancellation is the same event, METHOD:CANCEL and STATUS:CANCELLED', () => {
		const request = icsInvitation(invitation)
		const cancel = icsInvitation({ ...invitation, method: 'CANCEL', sequence: 1 })
		expect(unfolded(cancel)).toContain('METHOD:CANCEL')
		expect(property(cancel, 'STATUS')).toEqual(['STATUS:CANCELLED'])
		expect(property(cancel, 'SEQUENCE')).toEqual(['SEQUENCE:1'])
		expect(property(cancel, 'UID')).toEqual(property(request, 'UID'))
		expect(parsed(cancel).calendar.getFirstPropertyValue('method')).toBe('CANCEL')
	})

	test('a meeting without a link has no LOCATION or URL', () => {
		const ics = icsInvitation({ ...invitation, url: null, description: 'Demo' })
		expect(property(ics, 'LOCATION')).toEqual([])
		expect(property(ics, 'URL')).toEqual([])
		expect(parsed(ics).event.description).toBe('Demo')
	})
})
