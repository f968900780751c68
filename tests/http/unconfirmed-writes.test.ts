import { afterAll, beforeAll, expect, test } from 'vitest'
import { startSupabase } from '../../local/supabase/server'
import { createAccount } from '../support/data'
import { renderedSubmissionKey } from '../support/form-posts'
import { startFreezablePostgres } from '../support/database-faults'
import { startHoldingProxy } from '../support/holding-proxy'
import { honeypotFields } from '../support/honeypot'
import { send, sessionCookie, urlencoded } from '../support/hostile-input'
import { inbox } from '../support/mail'
import { serviceClient } from '../support/supabase'
import { startTestApp, type TestApp } from '../support/test-app'
import { uniqueEmail, uniqueName } from '../support/unique'
import { portalURL, siteURL, smtpPort } from '../support/urls'

// Issue 66: PostgreSQL stalls while a form's write is on its way; the app stops waiting and answers, and the write
// commits once the database resumes. The answer must say that it could not confirm the save (not that it failed),
// and the visitor sending the form again must find the first: one row, one e-mail to the company.

let postgres: Awaited<ReturnType<typeof startFreezablePostgres>>
let proxy: Awaited<ReturnType<typeof startHoldingProxy>>
let app: TestApp
const company = uniqueEmail('empresa-sin-confirmar')

/** The writes of the three forms: an inbox item, a support request, a profile. */
const formWrites = /^\/rest\/v1\/(form_submissions|usuarios)(\?|$)/

beforeAll(async () => {
	postgres = await startFreezablePostgres()
	const supabase = await startSupabase({
		database: postgres.database(),
		storageFrom: postgres.storageDir,
		port: 0,
		mail: { host: '127.0.0.1', port: smtpPort(), from: 'KIA <no-reply@kia.test>' },
	})
	proxy = await startHoldingProxy(supabase.url, (req) => req.method === 'POST' && formWrites.test(req.url ?? ''))
	app = await startTestApp({ SUPABASE_URL: proxy.url, CONTACT_EMAIL: company }, { supabase })
}, 60_000)
afterAll(async () => {
	postgres?.thaw()
	await app?.stop()
	await proxy?.stop()
	await postgres?.stop()
})

const unconfirmed = {
	message: 'No hemos podido confirmar que tu mensaje se haya guardado.',
	request: 'No hemos podido confirmar que tu solicitud se haya guardado.',
	profile: 'No hemos podido confirmar que tus cambios se hayan guardado.',
}

test('a write frozen past the wait: "could not confirm", stored once on resume, a repeat finds it, one e-mail', async () => {
	const marker = uniqueName('congelada')
	const client = await createAccount('congelada', 'Cliente Congelada')
	const cookie = await sessionCookie(client.email)
	const forms = {
		contact: {
			url: siteURL('/contacto'),
			cookie: undefined,
			fields: {
				...(await honeypotFields(siteURL('/contacto'))),
				envio: await renderedSubmissionKey(siteURL('/contacto')),
				name: 'Ana Congelada',
				email: uniqueEmail('contacto-congelado'),
				message: `Hola, ${marker}`,
			},
		},
		// The portal's forms as JavaScript sends them: their pages' loaders need the database too.
		request: {
			url: portalURL('/dashboard/soporte.data'),
			cookie,
			fields: {
				envio: await renderedSubmissionKey(portalURL('/dashboard/soporte'), cookie),
				subject: marker,
				message: 'Mi asistente no contesta.',
			},
		},
		profile: {
			url: portalURL('/dashboard/cuenta.data'),
			cookie,
			fields: {
				intent: 'profile',
				nombre: 'Ana',
				apellidos: marker,
				prefijo_pais: '+34',
				telefono: '600 111 222',
				preferencia_comunicacion: 'whatsapp',
			},
		},
	}
	const sendAll = () =>
		Promise.all(
			Object.values(forms).map((form) =>
				send(form.url, urlencoded(Object.entries(form.fields)), { cookie: form.cookie }),
			),
		)
	const stored = async () => ({
		items: (await serviceClient().from('form_submissions').select('form_type, data').throwOnError()).data.filter(
			(row) => JSON.stringify(row.data).includes(marker),
		).length,
		profile: (await serviceClient().from('usuarios').select('apellidos').eq('id', client.id).single()).data?.apellidos,
	})

	const held = proxy.hold(3)
	const first = sendAll()
	await held
	await postgres.freeze()
	proxy.release()
	const [contact, request, profile] = await first
	postgres.thaw()

	expect(contact?.status).toBe(503)
	expect(contact?.body).toContain(unconfirmed.message)
	expect(request?.status).toBe(503)
	expect(request?.body).toContain(unconfirmed.request)
	expect(profile?.status).toBe(503)
	expect(profile?.body).toContain(unconfirmed.profile)
	// Committed once the database went on.
	await expect.poll(stored, { timeout: 15_000 }).toEqual({ items: 2, profile: marker })

	const [contactAgain, requestAgain, profileAgain] = await sendAll()
	const { data: opened } = await serviceClient()
		.from('form_submissions')
		.select('id')
		.eq('solicitante', client.id)
		.single()
		.throwOnError()
	expect(contactAgain?.status).toBe(302)
	// Sent by the page's script: the redirect travels in the answer (202).
	expect(requestAgain?.status).toBe(202)
	expect(requestAgain?.body).toContain(`"redirect","/dashboard/soporte/${opened.id}"`)
	expect(profileAgain?.status).toBe(202)
	expect(profileAgain?.body).toContain('"redirect","/dashboard/cuenta"')
	expect(await stored()).toEqual({ items: 2, profile: marker })

	const notices = async () =>
		(await inbox(company)).filter((mail) => mail.subject.includes(marker) || mail.text.includes(marker))
	await expect.poll(async () => (await notices()).length, { timeout: 30_000 }).toBe(2)
	// Past the worker's next rounds: no second notice of either.
	await new Promise((resolve) => setTimeout(resolve, 5_000))
	expect((await notices()).map((mail) => mail.subject).sort()).toEqual(
		['Nuevo formulario: contacto', `Nueva solicitud de soporte: ${marker}`].sort(),
	)
}, 90_000)
