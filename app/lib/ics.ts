import { businessTimeZone } from './dates'

/*
 * iCalendar (RFC 5545) written here rather than with a library. The one that does this job on npm,
 * ical-generator, writes a JavaScript Date in the server's own zone under a TZID unless a date library is added,
 * and brings no VTIMEZONE without one more package: two dependencies for one event. A demo invitation
 * is one event: the rules below are what it needs, and tests/unit/ics.test.ts reads the result back with
 * ical.js, the parser Thunderbird uses.
 */

export type InvitationMethod = 'REQUEST' | 'CANCEL'

export type Party = { name: string; email: string }

export type Invitation = {
	method: InvitationMethod
	/** The same for every version of one meeting: calendars find the event to update or cancel by it. */
	uid: string
	/** Raised with every revision (a new time, a cancellation): calendars ignore a version older than theirs. */
	sequence: number
	/** Madrid date and time, `YYYY-MM-DD` and `HH:MM` (seconds ignored). */
	fecha: string
	hora: string
	durationMinutes: number
	summary: string
	description: string
	/** The meeting's link, when it has one. */
	url: string | null
	organizer: Party
	attendees: Party[]
	/** When this version was written (DTSTAMP). */
	stamp: Date
}

/** Line breaks, and every control character but the tab, which no content line may carry (§3.1). */
const lineBreak = /\r\n|\r|\n/g
const controlExceptTab = /[^\P{Cc}\t]/gu

/** A TEXT value (§3.3.11): backslash, semicolon and comma escaped, any line break (a bare CR too) as `\n`. */
export function icsText(value: string) {
	return value
		.replace(/[\\;,]/g, (char) => `\\${char}`)
		.replace(lineBreak, '\\n')
		.replace(controlExceptTab, '')
}

/**
 * A parameter value typed by a person (a CN): always quoted, and what a quoted value cannot hold encoded as
 * RFC 6868 says (`^^`, `^n`, `^'`), since a backslash escapes nothing in a parameter.
 */
export function icsParam(value: string) {
	const encoded = value.replace(/\^/g, '^^').replace(lineBreak, '^n').replace(/"/g, "^'").replace(controlExceptTab, '')
	return `"${encoded}"`
}

function utf8Length(char: string) {
	const code = char.codePointAt(0) ?? 0
	return code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4
}

/**
 * §3.1: a content line longer than 75 octets (not characters: "ñ" is two, "🤖" four) goes on in lines that
 * start with one space. Lines break between characters, never inside one's UTF-8 bytes.
 */
export function foldLine(line: string) {
	const pieces: string[] = []
	let piece = ''
	let octets = 0
	for (const char of line) {
		// The space that opens a continuation line counts towards its 75.
		const room = pieces.length === 0 ? 75 : 74
		const size = utf8Length(char)
		if (octets + size > room) {
			pieces.push(piece)
			piece = ''
			octets = 0
		}
		piece += char
		octets += size
	}
	pieces.push(piece)
	return pieces.join('\r\n ')
}

/** A whole iCalendar object: every line folded and ended by CRLF, the last one too. */
export function icsDocument(lines: string[]) {
	return lines.map((line) => `${foldLine(line)}\r\n`).join('')
}

const twoDigits = (value: number) => String(value).padStart(2, '0')

/** A local date-time (§3.3.5 form 3), read with the TZID it is written with. */
function localDateTime(fecha: string, minutesOfDay: number) {
	return `${fecha.replace(/-/g, '')}T${twoDigits(Math.floor(minutesOfDay / 60))}${twoDigits(minutesOfDay % 60)}00`
}

/** A UTC date-time (§3.3.5 form 2), as DTSTAMP must be. */
function utcDateTime(date: Date) {
	return date
		.toISOString()
		.replace(/[-:]/g, '')
		.replace(/\.\d{3}/, '')
}

/**
 * Madrid's rules since 1996 (EU summer time: the last Sunday of March at 01:00 UTC to the last Sunday of
 * October at 01:00 UTC). A calendar needs them to place a TZID time when it does not know the zone by
 * name; tests/unit/ics.test.ts checks them against the time-zone database of the runtime, so a change of
 * the rules (the EU has debated ending summer time) fails a test rather than moving meetings by an hour.
 */
const madridTimeZone = [
	'BEGIN:VTIMEZONE',
	`TZID:${businessTimeZone}`,
	'BEGIN:DAYLIGHT',
	'TZOFFSETFROM:+0100',
	'TZOFFSETTO:+0200',
	'TZNAME:CEST',
	'DTSTART:19700329T020000',
	'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
	'END:DAYLIGHT',
	'BEGIN:STANDARD',
	'TZOFFSETFROM:+0200',
	'TZOFFSETTO:+0100',
	'TZNAME:CET',
	'DTSTART:19701025T030000',
	'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
	'END:STANDARD',
	'END:VTIMEZONE',
]

/** `mailto:` of an address that has been validated as an e-mail, so it holds no line break or space. */
const calAddress = (email: string) => `mailto:${email}`

/**
 * An invitation (RFC 5546 iTIP, sent by e-mail as RFC 6047 says): REQUEST for a new or moved meeting,
 * CANCEL (with STATUS:CANCELLED) for a cancelled one. Every attendee has already accepted, since the
 * client picked the slot: PARTSTAT=ACCEPTED and RSVP=FALSE, so no calendar sends a reply nobody reads.
 */
export function icsInvitation(invitation: Invitation) {
	const [hours = 0, minutes = 0] = invitation.hora.split(':').map(Number)
	const start = hours * 60 + minutes
	const cancelled = invitation.method === 'CANCEL'
	return icsDocument([
		'BEGIN:VCALENDAR',
		'VERSION:2.0',
		'PRODID:-//KIA//Demostraciones//ES',
		'CALSCALE:GREGORIAN',
		`METHOD:${invitation.method}`,
		...madridTimeZone,
		'BEGIN:VEVENT',
		`UID:${icsText(invitation.uid)}`,
		`SEQUENCE:${invitation.sequence}`,
		`DTSTAMP:${utcDateTime(invitation.stamp)}`,
		`DTSTART;TZID=${businessTimeZone}:${localDateTime(invitation.fecha, start)}`,
		`DTEND;TZID=${businessTimeZone}:${localDateTime(invitation.fecha, start + invitation.durationMinutes)}`,
		`SUMMARY:${icsText(invitation.summary)}`,
		`DESCRIPTION:${icsText(invitation.description)}`,
		...(invitation.url ? [`LOCATION:${icsText(invitation.url)}`, `URL:${invitation.url}`] : []),
		`ORGANIZER;CN=${icsParam(invitation.organizer.name)}:${calAddress(invitation.organizer.email)}`,
		...invitation.attendees.map(
			(attendee) =>
				`ATTENDEE;CN=${icsParam(attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:${calAddress(attendee.email)}`,
		),
		`STATUS:${cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
		'TRANSP:OPAQUE',
		'END:VEVENT',
		'END:VCALENDAR',
	])
}
