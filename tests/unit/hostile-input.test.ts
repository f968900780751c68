import { describe, expect, test } from 'vitest'
import { readForm } from '~/.server/http/responses'
import { bookingSchema } from '~/lib/booking-schemas'
import { contactSchema } from '~/lib/contact-schemas'
import { profileSchema } from '~/lib/account-schemas'

const post = (body: string, contentType?: string) =>
	new Request('http://kia.localhost/contacto', {
		method: 'POST',
		body,
		headers: contentType ? { 'Content-Type': contentType } : {},
	})

describe('readForm', () => {
	test('reads urlencoded and multipart forms', async () => {
		expect((await readForm(post('name=Ana', 'application/x-www-form-urlencoded'))).get('name')).toBe('Ana')
		const multipart = '--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nAna\r\n--b--\r\n'
		expect((await readForm(post(multipart, 'multipart/form-data; boundary=b'))).get('name')).toBe('Ana')
	})

	test.each([
		['JSON', '{"name":"Ana"}', 'application/json'],
		['text', 'name=Ana', 'text/plain'],
		['no Content-Type', 'name=Ana', undefined],
	])('a body that is not a form (%s) is a 415', async (_, body, contentType) => {
		await expect(readForm(post(body, contentType))).rejects.toMatchObject({ init: { status: 415 } })
	})

	test.each([
		['truncated', '--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nAna', 'multipart/form-data; boundary=b'],
		['without a boundary', '--b\r\n\r\n--b--', 'multipart/form-data'],
	])('a multipart body that does not parse (%s) is a 400', async (_, body, contentType) => {
		await expect(readForm(post(body, contentType))).rejects.toMatchObject({ init: { status: 400 } })
	})
})

describe('text fields', () => {
	const invalid = 'El texto contiene caracteres no válidos.'

	test('a NUL byte or another control character is a field error, not a database failure', () => {
		const contact = contactSchema.safeParse({ name: 'Ana\u0000', email: 'ana@kia.test', message: 'Hola\u0007' })
		expect(contact.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
			['name', invalid],
			['message', invalid],
		])
		expect(
			bookingSchema.safeParse({ fecha: '2030-01-07', hora: '10:00', motivo: 'a\u0000b' }).error?.issues[0]?.message,
		).toBe(invalid)
		expect(profileSchema.safeParse({ apellidos: 'Pérez\u001b' }).error?.issues[0]?.message).toBe(invalid)
	})

	test('line breaks, tabs, emoji and right-to-left text are text', () => {
		expect(
			contactSchema.safeParse({ name: 'Zoë 🤖 \u202eمرحبا', email: 'zoe@kia.test', message: 'Hola,\r\n\tadiós' })
				.success,
		).toBe(true)
	})
})
