import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { chat } from '~/content/chat'
import { rateLimits } from '~/.server/security/rate-limit'
import type { AnswerEvent } from '~/lib/chat'
import { formPost } from '../support/form-posts'
import { honeypotFields } from '../support/honeypot'
import { serviceClient } from '../support/supabase'
import { inbox } from '../support/mail'
import { startTestApp, type TestApp } from '../support/test-app'
import { uniqueAddress, uniqueEmail, uniqueName } from '../support/unique'
import { rawRequest } from '../support/urls'

// The site's chat over HTTP (issue 54), with no language model: /asistente without JavaScript, the
// widget's answer stream, the hand-over to a person, and what is kept of each question.
const contactEmail = uniqueEmail('buzon-chat')
let app: TestApp
beforeAll(async () => {
	app = await startTestApp({ CONTACT_EMAIL: contactEmail })
})
afterAll(() => app.stop())

const ask = (question: string, address = uniqueAddress()) =>
	rawRequest(app.site(`/asistente?${new URLSearchParams({ pregunta: question })}`), {
		headers: { 'X-Forwarded-For': address },
	})

/** The page's <main>, as text, with the links it holds. */
function mainOf(html: string) {
	const main = /<main[\s\S]*?<\/main>/.exec(html)?.[0] ?? ''
	return {
		text: main
			.replace(/<[^>]+>/g, ' ')
			.replace(/&#x27;|&#39;/g, "'")
			.replace(/&quot;/g, '"')
			.replace(/\s+/g, ' '),
		links: [...main.matchAll(/<a\b[^>]*href="([^"]+)"/g)].map((match) => match[1]),
	}
}

const questionsLike = async (question: string) =>
	(
		await serviceClient(app.supabase.url)
			.from('asistente_preguntas')
			.select('pregunta, resultado, paginas')
			.eq('pregunta', question)
	).data

describe('/asistente without JavaScript', () => {
	test('a question is answered in <main> with the passage it relies on and links to its pages', async () => {
		const response = await ask('cuanto tardais')
		expect(response.status).toBe(200)
		const main = mainOf(response.body)
		expect(main.text).toContain('30 días con Starter')
		expect(main.text).toContain('Preguntas frecuentes')
		expect(main.links).toContain('/#faq')
		expect(response.body).toContain('<meta name="robots" content="noindex')
		// Each question is the visitor's own: counted and kept, so never stored by the shared cache.
		expect(response.headers['cache-control']).toBe('private, no-store')
	})

	test('what nothing published answers is said so, with the contact form, a demo and a person', async () => {
		const question = uniqueName('receta de paella valenciana')
		const main = mainOf((await ask(question)).body)
		expect(main.text).toContain('No encuentro la respuesta en lo que KIA ha publicado')
		expect(main.links).toEqual(expect.arrayContaining(['/contacto', '/solicitar-demostracion-kia', '#persona']))
		expect(await questionsLike(question)).toEqual([{ pregunta: question, resultado: 'sin_respuesta', paginas: [] }])
	})

	test('an empty or an over-long question gets a Spanish message, not an answer', async () => {
		const empty = await ask('   ')
		expect(empty.status).toBe(400)
		expect(mainOf(empty.body).text).toContain('Escribe tu pregunta.')
		const long = await ask('¿'.padEnd(501, 'a'))
		expect(long.status).toBe(400)
		expect(mainOf(long.body).text).toContain('La pregunta puede tener como máximo 500 caracteres.')
	})

	test('past the limit per address the page says to wait, and keeps nothing', async () => {
		const address = uniqueAddress()
		for (let count = 0; count < rateLimits.chat.limit; count++) expect((await ask('precio', address)).status).toBe(200)
		const refused = await ask(uniqueName('una más'), address)
		expect(refused.status).toBe(429)
		expect(mainOf(refused.body).text).toContain(chat.rateLimited)
		expect((await ask('precio')).status).toBe(200)
	})

	test('the question is kept with its result and pages; nothing about who asked', async () => {
		const question = uniqueName('¿Cuánto cuesta el plan Business?')
		await ask(question)
		const [kept] = (await questionsLike(question)) ?? []
		expect(kept?.resultado).toBe('respondida')
		expect(kept?.paginas[0]).toMatch(/^\/tarifas/)
	})
})

describe('the widget’s answer stream', () => {
	const post = (fields: Record<string, string>, host = app.site('/resources/asistente')) =>
		formPost(host, fields, uniqueAddress())
	const events = (body: string) =>
		body
			.trim()
			.split('\n')
			.map((line) => JSON.parse(line) as AnswerEvent)

	test('the answer comes as one event with its quotes and links', async () => {
		const response = await post({ pregunta: 'verifactu' })
		expect(response.status).toBe(200)
		expect(response.headers['content-type']).toContain('application/x-ndjson')
		const [start, ...rest] = events(response.body)
		expect(rest).toEqual([])
		expect(start).toMatchObject({ type: 'start', composing: false, answer: { kind: 'found' } })
		if (start?.type !== 'start' || start.answer.kind !== 'found') throw new Error('no answer')
		expect(start.answer.links[0]?.href).toBe('/funcionalidades/facturas#verifactu')
		expect(start.answer.quotes[0]?.text).toMatch(/VERIFACTU/)
	})

	test('asking for a person is a hand-over, not an answer; bad input is refused in Spanish', async () => {
		const [handover] = events((await post({ pregunta: 'Quiero hablar con una persona' })).body)
		expect(handover).toEqual({ type: 'start', composing: false, answer: { kind: 'handover' } })
		const empty = await post({ pregunta: '' })
		expect(empty.status).toBe(400)
		expect(events(empty.body)).toEqual([{ type: 'refused', message: 'Escribe tu pregunta.' }])
	})

	test('it is the site’s alone, and only from our own pages', async () => {
		expect((await post({ pregunta: 'precio' }, app.portal('/resources/asistente'))).status).toBe(404)
		const foreign = await rawRequest(app.site('/resources/asistente'), {
			method: 'POST',
			body: 'pregunta=precio',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://otro.example' },
		})
		expect(foreign.status).toBe(403)
	})
})

describe('a person instead of an answer', () => {
	const handover = async (fields: Record<string, string>) =>
		formPost(app.site('/asistente'), { ...(await honeypotFields(app.site('/asistente'))), ...fields }, uniqueAddress())

	test('the e-mail and the question reach the inbox as a Chat item and the company’s mailbox, and the page says so', async () => {
		const email = uniqueEmail('visitante-chat')
		const question = uniqueName('¿Hacéis integraciones con mi ERP?')
		const response = await handover({ email, pregunta: question })
		expect(response.status).toBe(200)
		expect(mainOf(response.body).text).toContain(`te responderá muy pronto en ${email}`)
		const { data } = await serviceClient(app.supabase.url)
			.from('form_submissions')
			.select('form_type, data, status')
			.eq('form_type', 'chat')
			.filter('data->>email', 'eq', email)
		expect(data).toEqual([
			{ form_type: 'chat', status: 'nueva', data: expect.objectContaining({ email, message: question }) },
		])
		const deadline = Date.now() + 10_000
		let mails = await inbox(contactEmail)
		while (!mails.some((mail) => mail.text.includes(question)) && Date.now() < deadline) {
			await new Promise((resolve) => setTimeout(resolve, 100))
			mails = await inbox(contactEmail)
		}
		const mail = mails.find((one) => one.text.includes(question))
		expect(mail?.subject).toBe('Nuevo formulario: chat')
		// Answered from the mail app, the answer goes to the visitor.
		expect(mail?.headers?.['reply-to']).toBe(email)
	})

	test('a wrong e-mail or no question is refused next to its field, and nothing is sent', async () => {
		const question = uniqueName('sin email válido')
		const response = await handover({ email: 'no-es-un-email', pregunta: question })
		expect(response.status).toBe(400)
		expect(mainOf(response.body).text).toContain('Introduce un email válido.')
		expect(mainOf(response.body).text).not.toContain('te responderá muy pronto')
		const empty = await handover({ email: uniqueEmail('sin-pregunta'), pregunta: '' })
		expect(empty.status).toBe(400)
		expect(mainOf(empty.body).text).toContain('Escribe tu pregunta.')
		const { data } = await serviceClient(app.supabase.url)
			.from('form_submissions')
			.select('id')
			.filter('data->>message', 'eq', question)
		expect(data).toEqual([])
	})
})
