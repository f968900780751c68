import { createTransport } from 'nodemailer'
import { describe, expect, test } from 'vitest'
import { composeMail, type Mail } from '~/.server/mail'
import { singleLine } from '~/lib/header-text'

describe('singleLine', () => {
	test.each([
		['Hola\r\nBcc: otro@evil.example', 'Hola Bcc: otro@evil.example'],
		['a\u0000b\u0007c\u007fd\u0085e', 'a b c d e'],
		['línea\u2028otra\u2029más', 'línea otra más'],
		['  Zoë 🤖   García  ', 'Zoë 🤖 García'],
	])('%j becomes %j', (text, expected) => expect(singleLine(text)).toBe(expected))

	test('is cut to the header’s length', () => expect(singleLine('x'.repeat(500))).toHaveLength(200))
})

describe('composeMail', () => {
	// The raw message as nodemailer writes it: what an SMTP server would receive.
	async function raw(mail: Mail) {
		const transport = createTransport({ streamTransport: true, buffer: true })
		const info = await transport.sendMail(composeMail(mail))
		return info.message.toString()
	}

	test('a subject carrying a line break cannot add a header', async () => {
		const message = await raw({ to: 'cliente@kia.test', subject: 'Tu reunión\r\nBcc: otro@evil.example', text: 'x' })
		expect(message).not.toMatch(/^Bcc:/im)
		// Non-ASCII is kept, in the header's own encoding.
		expect(message).toMatch(/^Subject: =\?UTF-8\?Q\?Tu_reuni=C3=B3n_Bcc/m)
	})

	test('an invitation is a text/calendar part whose method is the one inside, and an attached file', async () => {
		const content = 'BEGIN:VCALENDAR\r\nMETHOD:CANCEL\r\nEND:VCALENDAR\r\n'
		const message = await raw({
			to: 'cliente@kia.test',
			subject: 'Cancelada',
			text: 'x',
			invitation: { method: 'CANCEL', content },
		})
		expect(message).toMatch(/^Content-Type: text\/calendar; charset=utf-8; method=CANCEL$/m)
		expect(message).toMatch(/^Content-Type: application\/ics; name=demostracion-kia\.ics$/m)
	})
})
