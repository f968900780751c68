import { createTransport } from 'nodemailer'
import { describe, expect, test } from 'vitest'
import { composeMail } from '~/.server/mail'
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
	async function rawHeaders(subject: string, filename: string) {
		const transport = createTransport({ streamTransport: true, buffer: true })
		const mail = composeMail({
			to: 'cliente@kia.test',
			subject,
			text: 'x',
			attachments: [{ filename, content: 'x', contentType: 'text/plain' }],
		})
		const info = await transport.sendMail(mail)
		return info.message.toString()
	}

	test('a subject or file name carrying a line break cannot add a header', async () => {
		const raw = await rawHeaders('Tu reunión\r\nBcc: otro@evil.example', 'invitación\r\nX-Evil: 1.ics')
		expect(raw).not.toMatch(/^Bcc:/im)
		expect(raw).not.toMatch(/^X-Evil:/im)
		// Non-ASCII is kept, in the header's own encoding.
		expect(raw).toMatch(/^Subject: =\?UTF-8\?Q\?Tu_reuni=C3=B3n_Bcc/m)
	})
})
