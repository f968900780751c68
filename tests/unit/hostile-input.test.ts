import { describe, expect, test } from 'vitest'
import { readForm } from '~/.server/http'

const post = (body: string, contentType?: string) =>
	new Request('http://kia.localhost/contacto', { method: 'POST', body, headers: contentType ? { 'Content-Type': contentType } : {} })

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
