import { afterAll, beforeAll, expect, test } from 'vitest'
import { renderedSubmissionKey } from '../support/form-posts'
import { send, urlencoded } from '../support/hostile-input'
import { inbox, waitForMail } from '../support/mail'
import { signedInAdmin, supportItem, supportThread } from '../support/probes'
import { serviceClient } from '../support/supabase'
import { startTestApp, type TestApp } from '../support/test-app'
import { uniqueName } from '../support/unique'
import { portalURL } from '../support/urls'

// An admin's reply or note sent twice from one page (a double click, a post sent again after its answer was lost)
// is stored once, and a reply mailed once; written again from the page the first one came back to, it is another.
let app: TestApp
beforeAll(async () => {
	app = await startTestApp()
})
afterAll(() => app?.stop())

async function senderOf(id: string) {
	const { data, error } = await serviceClient().from('form_submissions').select('data').eq('id', id).single()
	if (error) throw error
	return String((data.data as { email: string }).email)
}

test('a reply sent twice from one page is one reply and one e-mail; sent from the next page, a second', async () => {
	const admin = await signedInAdmin('respuesta-doble')
	const id = await supportItem('respuesta-doble')
	const url = portalURL(`/admin/soporte/${id}`)
	const body = uniqueName('Respuesta una vez')
	const reply = async () =>
		urlencoded(
			Object.entries({
				intent: 'reply',
				envio: await renderedSubmissionKey(url, admin.cookie),
				subject: 'Re: Tu mensaje a KIA',
				body,
			}),
		)
	const once = await reply()
	const answers = await Promise.all([once, once, once].map((form) => send(url, form, { cookie: admin.cookie })))
	expect(answers.map((answer) => answer.status)).toEqual([302, 302, 302])
	expect((await supportThread(id)).filter((event) => event.kind === 'respuesta')).toHaveLength(1)
	const sender = await senderOf(id)
	await waitForMail(sender, /Tu mensaje a KIA/, body)

	expect((await send(url, await reply(), { cookie: admin.cookie })).status).toBe(302)
	expect((await supportThread(id)).filter((event) => event.kind === 'respuesta')).toHaveLength(2)
	const deadline = Date.now() + 10_000
	while ((await inbox(sender)).length < 2 && Date.now() < deadline) await new Promise((done) => setTimeout(done, 100))
	expect(await inbox(sender)).toHaveLength(2)
})

test('a note sent twice from one page is one note', async () => {
	const admin = await signedInAdmin('nota-doble')
	const id = await supportItem('nota-doble')
	const url = portalURL(`/admin/soporte/${id}`)
	const envio = await renderedSubmissionKey(url, admin.cookie)
	const note = urlencoded(Object.entries({ intent: 'note', envio, body: 'Llamar el lunes' }))
	const answers = await Promise.all([note, note].map((form) => send(url, form, { cookie: admin.cookie })))
	expect(answers.map((answer) => answer.status)).toEqual([302, 302])
	expect(await supportThread(id)).toMatchObject([{ kind: 'nota', body: 'Llamar el lunes' }])
	// The same words as a reply are not the note again: each form's submission is its own.
	const reply = urlencoded(Object.entries({ intent: 'reply', envio, subject: 'Re', body: 'Llamar el lunes' }))
	expect((await send(url, reply, { cookie: admin.cookie })).status).toBe(302)
	expect((await supportThread(id)).map((event) => event.kind).sort()).toEqual(['nota', 'respuesta'])
})
