import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { createAccount } from '../support/data'
import { assistantOnPlan, storeDocument } from '../support/documents'
import { startFakeModel } from '../support/fake-model'
import { sessionCookie } from '../support/hostile-input'
import { serviceClient, signedIn } from '../support/supabase'
import { startTestApp, type TestApp } from '../support/test-app'
import { rawRequest } from '../support/urls'

// 'Probar el asistente' without JavaScript, with the language model configured as the site's chat has it (issue
// 67): the page with ?pregunta= shows the model's words over the quotes and their documents. A fake
// OpenAI-compatible provider started here, never a real one; the app's own worker processes the document.
let model: Awaited<ReturnType<typeof startFakeModel>>
let app: TestApp
let cookie: string
let assistant: string

beforeAll(async () => {
	model = await startFakeModel(['Tu pedido llega ', 'en 2 a 4 semanas.'])
	app = await startTestApp({
		LANGUAGE_MODEL_URL: model.url,
		LANGUAGE_MODEL_KEY: 'clave-de-prueba',
		LANGUAGE_MODEL: 'modelo-de-prueba',
		LANGUAGE_MODEL_TIMEOUT_MS: '1500',
	})
	const owner = await createAccount('docs-model')
	assistant = await assistantOnPlan(app.supabase.url, owner, 'starter')
	const { client } = await signedIn(app.supabase.url, owner.email, owner.password)
	const document = await storeDocument(
		{ id: owner.id, client },
		assistant,
		'Condiciones de entrega.txt',
		'txt',
		Buffer.from('La entrega del pedido tarda entre 2 y 4 semanas desde el pago.'),
	)
	cookie = await sessionCookie(owner.email)
	await vi.waitFor(
		async () => {
			const { data } = await serviceClient(app.supabase.url).from('documentos').select('estado').eq('id', document)
			expect(data).toEqual([{ estado: 'listo' }])
		},
		{ timeout: 20_000, interval: 250 },
	)
}, 60_000)
afterAll(async () => {
	await app.stop()
	await model.stop()
})

/** The page's answer to `question`, asked from the page's own form or (`cross-site`) by a link from elsewhere. */
async function answerTo(question: string, from: 'same-origin' | 'cross-site' = 'same-origin') {
	const page = await rawRequest(
		app.portal(`/dashboard/asistentes/${assistant}/documentos?${new URLSearchParams({ pregunta: question })}`),
		{ headers: { Cookie: cookie, 'Sec-Fetch-Site': from } },
	)
	expect(page.status).toBe(200)
	return /data-testid="try-answer"[\s\S]*?<\/section>/.exec(page.body)?.[0] ?? ''
}

test('the model’s words, over the quote and its document', async () => {
	model.behave('answer')
	const answer = await answerTo('¿Cuánto tarda la entrega?')
	expect(answer).toContain('Tu asistente respondería:')
	expect(answer).toContain('Tu pedido llega en 2 a 4 semanas.')
	expect(answer).toContain('La entrega del pedido tarda entre 2 y 4 semanas desde el pago.')
	expect(answer).toContain('Condiciones de entrega.txt')
	expect(model.requests.at(-1)?.body.messages.at(-1)?.content).toContain('tarda entre 2 y 4 semanas')
})

test('a question that arrives by a link, or a model that fails, gets the quotes alone', async () => {
	model.behave('answer')
	const asked = model.requests.length
	const byLink = await answerTo('¿cuánto tarda el pedido?', 'cross-site')
	expect(byLink).toContain('La entrega del pedido tarda entre 2 y 4 semanas desde el pago.')
	expect(byLink).not.toContain('Tu pedido llega')
	expect(model.requests).toHaveLength(asked)

	model.behave('fail')
	const failed = await answerTo('¿cuántas semanas tarda la entrega?')
	expect(failed).toContain('Condiciones de entrega.txt')
	expect(failed).not.toContain('Tu asistente respondería:')
	model.behave('answer')
})
