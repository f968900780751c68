import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createAccount, createSupportRequest } from '../support/data'
import { send, urlencoded, type Body } from '../support/hostile-input'
import { select, signedIn, signedInAdmin, supportItem, supportThread } from '../support/probes'
import { serviceClient } from '../support/supabase'
import { startTestApp, type TestApp } from '../support/test-app'
import { uniqueName } from '../support/unique'
import { portalURL } from '../support/urls'

// Issue 66, bad input that still got through: an update posted without some of its form's fields, or with an intent
// no form sends, emptied what it did not carry; bytes that are not UTF-8 were stored as replacement characters.

let app: TestApp
beforeAll(async () => {
	app = await startTestApp()
})
afterAll(() => app.stop())

const incomplete = 'Faltan datos del formulario. Recarga la página e inténtalo de nuevo.'

/** Each post refused (400) and nothing changed, the refusal said in the page when `said`. */
async function expectRefused(
	url: string,
	cookie: string,
	posts: [what: string, fields: Record<string, string>][],
	read: () => Promise<unknown>,
	said = false,
) {
	const before = await read()
	for (const [what, fields] of posts) {
		const answer = await send(url, urlencoded(Object.entries(fields)), { cookie })
		expect(answer.status, what).toBe(400)
		if (said) expect(answer.body, what).toContain(incomplete)
		expect(await read(), what).toEqual(before)
	}
}

/** `fields` without `names`. */
const without = (fields: Record<string, string>, ...names: string[]) =>
	Object.fromEntries(Object.entries(fields).filter(([name]) => !names.includes(name)))

describe('an update missing fields, or with no intent we know, is refused and empties nothing', () => {
	test('the profile in Mi Cuenta', async () => {
		const user = await signedIn('perfil-incompleto')
		const profile = {
			intent: 'profile',
			nombre: 'Ana',
			apellidos: 'Completa',
			prefijo_pais: '+34',
			telefono: '600 111 222',
			preferencia_comunicacion: 'whatsapp',
		}
		const url = portalURL('/dashboard/cuenta')
		expect((await send(url, urlencoded(Object.entries(profile)), { cookie: user.cookie })).status).toBe(302)
		const read = () =>
			select(
				serviceClient()
					.from('usuarios')
					.select('nombre, apellidos, full_name, telefono, phone, preferencia_comunicacion, avatar_url')
					.eq('id', user.id),
			)
		await expectRefused(
			url,
			user.cookie,
			[
				['only a name', { intent: 'profile', nombre: 'Ana' }],
				['no phone', without(profile, 'telefono')],
				['no preference', without(profile, 'preferencia_comunicacion')],
			],
			read,
			true,
		)
		await expectRefused(
			url,
			user.cookie,
			[
				['no intent', without(profile, 'intent')],
				['an intent no form sends', { ...profile, intent: 'borrar' }],
			],
			read,
		)
	})

	test('a user in the back office', async () => {
		const admin = await signedInAdmin('usuario-incompleto')
		const user = await createAccount('usuario-editado')
		const edit = { intent: 'update', id: user.id, full_name: 'Nombre Completo', phone: '600 000 000', role: 'cliente' }
		const url = portalURL('/admin/usuarios')
		expect((await send(url, urlencoded(Object.entries(edit)), { cookie: admin.cookie })).status).toBe(302)
		await expectRefused(
			url,
			admin.cookie,
			[
				['no phone', without(edit, 'phone')],
				['no intent', without(edit, 'intent')],
				['an intent no form sends', { ...edit, intent: 'borrar-todo' }],
			],
			() => select(serviceClient().from('usuarios').select('full_name, phone, role').eq('id', user.id)),
		)
	})

	test('an assistant in the back office', async () => {
		const admin = await signedInAdmin('asistente-incompleto')
		const owner = await createAccount('asistente-incompleto-cliente')
		const { data } = await serviceClient()
			.from('asistentes')
			.insert({ user_id: owner.id, nombre: 'Completo', empresa: 'Gestoría', nota: 'Nota para el cliente' })
			.select('id')
			.single()
			.throwOnError()
		const edit = {
			intent: 'update',
			id: data.id,
			nombre: 'Completo',
			empresa: 'Gestoría',
			canales: 'web',
			estado: 'en_preparacion',
			fecha_activacion: '',
			nota: 'Nota para el cliente',
		}
		await expectRefused(
			portalURL('/admin/asistentes'),
			admin.cookie,
			[
				['no company nor note', without(edit, 'empresa', 'nota')],
				['no intent', without(edit, 'intent')],
			],
			() => select(serviceClient().from('asistentes').select('nombre, empresa, nota, estado').eq('id', data.id)),
		)
	})

	test('an inbox item’s status and assignee', async () => {
		const admin = await signedInAdmin('buzon-incompleto')
		const id = await supportItem('buzon-incompleto')
		const manage = { intent: 'manage', status: 'en_curso', assignee: admin.id }
		const url = portalURL(`/admin/soporte/${id}`)
		expect((await send(url, urlencoded(Object.entries(manage)), { cookie: admin.cookie })).status).toBe(302)
		await expectRefused(
			url,
			admin.cookie,
			[
				['no assignee', without(manage, 'assignee')],
				['no intent', without(manage, 'intent')],
			],
			() => select(serviceClient().from('form_submissions').select('status, assignee').eq('id', id)),
		)
	})
})

describe('text that is not UTF-8 is refused with a message, not stored as replacement characters', () => {
	const unreadable = 'El texto contiene caracteres que no se han podido leer.'
	/** "Café" written in Latin-1, as a page in another encoding sends it: 0xE9 is no UTF-8. */
	const latin1 = Buffer.from('Caf\u00e9 con leche', 'latin1')
	const bodies = (fields: [string, string | Buffer][]): [string, Body][] => {
		const urlencodedBytes = Buffer.concat(
			fields.flatMap(([name, value], index) => [
				Buffer.from(`${index ? '&' : ''}${name}=`),
				typeof value === 'string' ? Buffer.from(encodeURIComponent(value)) : value,
			]),
		)
		const boundary = 'limite'
		const multipartBytes = Buffer.concat([
			...fields.flatMap(([name, value]) => [
				Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`),
				Buffer.from(value),
				Buffer.from('\r\n'),
			]),
			Buffer.from(`--${boundary}--\r\n`),
		])
		return [
			['urlencoded', { contentType: 'application/x-www-form-urlencoded', body: urlencodedBytes }],
			['multipart', { contentType: `multipart/form-data; boundary=${boundary}`, body: multipartBytes }],
		]
	}

	test('a client’s support request and follow-up', async () => {
		const client = await signedIn('soporte-latin1')
		const subject = uniqueName('latin1')
		const requests = () =>
			select(serviceClient().from('form_submissions').select('id, data').eq('solicitante', client.id))
		for (const [encoding, body] of bodies([
			['subject', subject],
			['message', latin1],
		])) {
			const answer = await send(portalURL('/dashboard/soporte'), body, { cookie: client.cookie })
			expect(answer.status, encoding).toBe(400)
			expect(answer.body, encoding).toContain(unreadable)
		}
		expect(await requests()).toEqual([])
		const id = await createSupportRequest(client.id)
		for (const [encoding, body] of bodies([['message', latin1]])) {
			const answer = await send(portalURL(`/dashboard/soporte/${id}`), body, { cookie: client.cookie })
			expect(answer.status, encoding).toBe(400)
			expect(answer.body, encoding).toContain(unreadable)
		}
		expect(await supportThread(id)).toEqual([])
	})

	test('an admin’s reply', async () => {
		const admin = await signedInAdmin('respuesta-latin1')
		const id = await supportItem('respuesta-latin1')
		for (const fields of [
			[
				['intent', 'reply'],
				['subject', latin1],
				['body', 'Gracias'],
			],
			[
				['intent', 'reply'],
				['subject', 'Re: tu mensaje'],
				['body', latin1],
			],
		] satisfies [string, string | Buffer][][]) {
			for (const [encoding, body] of bodies(fields)) {
				const answer = await send(portalURL(`/admin/soporte/${id}`), body, { cookie: admin.cookie })
				expect(answer.status, encoding).toBe(400)
				expect(answer.body, encoding).toContain(unreadable)
			}
		}
		expect(await supportThread(id)).toEqual([])
	})
})
