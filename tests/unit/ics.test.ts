import { describe, expect, test } from 'vitest'
import { icsInvitation } from '~/.server/bookings'

const booking = { userId: 'u', nombre: 'Zoë', email: 'zoe@kia.test', fecha: '2027-03-01', hora: '10:30' }

describe('icsInvitation', () => {
	test('text typed by the visitor never breaks a line of the invitation', () => {
		const ics = icsInvitation(
			{ ...booking, motivo: 'uno\rdos\nTres\r\ncuatro, cinco; seis \\ siete' },
			'https://meet.jit.si/kia',
		)
		// Every line ends in CRLF and nothing else: no bare CR or LF inside a line.
		expect(ics.split('\r\n').every((line) => !/[\r\n]/.test(line))).toBe(true)
		expect(ics).toContain(
			'DESCRIPTION:uno\\ndos\\nTres\\ncuatro\\, cinco\\; seis \\\\ siete\\nEnlace: https://meet.jit.si/kia',
		)
	})

	test('the meeting is in Madrid time and lasts 15 minutes', () => {
		const ics = icsInvitation({ ...booking, motivo: 'Demo' }, 'https://meet.jit.si/kia')
		expect(ics).toContain('DTSTART;TZID=Europe/Madrid:20270301T103000')
		expect(ics).toContain('DTEND;TZID=Europe/Madrid:20270301T104500')
	})
})
