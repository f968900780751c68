import { randomUUID, createHash } from 'node:crypto'
import { startApp, testAppEnv } from '../support/app-server'
import { startSession } from '../support/browser'
import { createAccount } from '../support/data'
import { assistantOnPlan, storeDocument } from '../support/documents'
import { expect, openApp, test } from '../support/e2e-test'
import { startFakeModel } from '../support/fake-model'
import { signedIn, serviceClient } from '../support/supabase'
import { supabaseURL } from '../support/urls'

// While a document is processed the documents page follows its state (issue 67), and a question asked on the
// page stays answered: the list is read again on its own, and the question (a search and a call to the language
// model) is not asked again. A production server of this file's own, with a fake OpenAI-compatible model that
// counts what it is asked, on the worker's services (its sessions are valid here: same Supabase, same secret).

let model: Awaited<ReturnType<typeof startFakeModel>>
let app: Awaited<ReturnType<typeof startApp>>
test.beforeAll(async () => {
	model = await startFakeModel(['Tu pedido llega ', 'en 2 a 4 semanas.'])
	app = await startApp((port) => ({
		...testAppEnv(port),
		LANGUAGE_MODEL_URL: model.url,
		LANGUAGE_MODEL_KEY: 'clave-de-prueba',
		LANGUAGE_MODEL: 'modelo-de-prueba',
	}))
})
test.afterAll(async () => {
	await app?.stop()
	await model?.stop()
})

/** A document being read for as long as the test wants: its row, its job put off for an hour. */
async function documentBeingRead(assistant: string, userId: string) {
	const id = randomUUID()
	const service = serviceClient(supabaseURL())
	const inserted = await service.from('documentos').insert({
		id,
		asistente_id: assistant,
		user_id: userId,
		nombre: 'Catálogo largo.pdf',
		objeto: `${userId}/${assistant}/${id}.pdf`,
		tipo: 'pdf',
		tamano: 2_048,
		sha256: createHash('sha256').update(id).digest('hex'),
		estado: 'procesando',
	})
	if (inserted.error) throw inserted.error
	const putOff = await service
		.from('trabajos')
		.update({ disponible_desde: new Date(Date.now() + 3_600_000).toISOString() })
		.eq('datos->>documento', id)
	if (putOff.error) throw putOff.error
	return id
}

test('the list follows a document being read without asking the question again', async ({ page }) => {
	const owner = await createAccount('docs-poll')
	const assistant = await assistantOnPlan(supabaseURL(), owner, 'starter')
	const { client } = await signedIn(supabaseURL(), owner.email, owner.password)
	const ready = await storeDocument(
		{ id: owner.id, client },
		assistant,
		'Condiciones de entrega.txt',
		'txt',
		Buffer.from('La entrega del pedido tarda entre 2 y 4 semanas desde el pago.'),
	)
	await expect
		.poll(async () => (await serviceClient(supabaseURL()).from('documentos').select('estado').eq('id', ready)).data, {
			timeout: 20_000,
		})
		.toEqual([{ estado: 'listo' }])
	const reading = await documentBeingRead(assistant, owner.id)

	await startSession(page, owner.email)
	const asked: string[] = []
	const listed: string[] = []
	page.on('request', (request) => {
		const url = request.url()
		if (url.includes('pregunta=')) asked.push(url)
		if (url.includes('/documentos/lista')) listed.push(url)
	})
	await openApp(page, `http://portal.kia.localhost:${app.port}/dashboard/asistentes/${assistant}/documentos`)
	const main = page.getByRole('main')
	const row = main.getByTestId('document-row').filter({ hasText: 'Catálogo largo.pdf' })
	await expect(row).toContainText('Procesando')

	await main.getByLabel('Tu pregunta').fill('¿Cuánto tarda la entrega?')
	await main.getByRole('button', { name: 'Preguntar' }).click()
	const answer = main.getByTestId('try-answer')
	await expect(answer).toContainText('Tu pedido llega en 2 a 4 semanas.')
	await expect(answer).toContainText('Condiciones de entrega.txt')
	expect(model.requests).toHaveLength(1)

	// The list is read again every two seconds while the document is being read; the question is not.
	await expect.poll(() => listed.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2)
	const done = await serviceClient(supabaseURL())
		.from('documentos')
		.update({ estado: 'listo', paginas: 12, pasajes: 40, procesado_at: new Date().toISOString() })
		.eq('id', reading)
	if (done.error) throw done.error
	await expect(row).toContainText('Listo · 40 pasajes', { timeout: 10_000 })
	await expect(main.getByText('Actualizando')).toHaveCount(0)

	const polls = listed.length
	await page.waitForTimeout(4_500)
	expect(listed).toHaveLength(polls)
	await expect(answer).toContainText('Tu pedido llega en 2 a 4 semanas.')
	expect(asked).toHaveLength(1)
	expect(model.requests).toHaveLength(1)
})
