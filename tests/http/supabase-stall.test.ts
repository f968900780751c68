import { afterAll, beforeAll, expect, test } from 'vitest'
import { requestBudgetMs } from '~/.server/budget'
import { formPost } from '../support/form-posts'
import { honeypotFields } from '../support/honeypot'
import { startSilentServer } from '../support/silent-server'
import { startTestApp, type TestApp } from '../support/test-app'
import { uniqueAddress, uniqueEmail } from '../support/unique'

// A Supabase that takes connections and never answers, as PostgREST does over a frozen database (issue 66). A form
// that needs two clients (the rate limit's and the inbox's) used to wait out each client's own timeout in turn;
// one request gives up on Supabase once, for all its clients, and never waits past its budget.
let supabase: Awaited<ReturnType<typeof startSilentServer>>
let app: TestApp
beforeAll(async () => {
	supabase = await startSilentServer()
	app = await startTestApp({ SUPABASE_URL: supabase.url })
})
afterAll(async () => {
	await app?.stop()
	await supabase?.stop()
})

test('a stalled Supabase costs a form one wait, not one per client', async () => {
	const fields = {
		name: 'Ana Paciente',
		email: uniqueEmail('espera'),
		message: 'Hola',
		...(await honeypotFields(app.site('/contacto'))),
	}
	const startedAt = performance.now()
	const answer = await formPost(app.site('/contacto'), fields, uniqueAddress())
	const ms = performance.now() - startedAt
	expect(ms).toBeLessThan(requestBudgetMs)
	// The inbox's write never left (Supabase had been given up on): surely not saved, and said so (issue 66).
	expect(answer.status).toBe(500)
	expect(answer.body).toContain('Error al guardar los datos. Inténtalo de nuevo.')
	const requestId = String(answer.headers['x-request-id'])
	// Said on the request's own line, written once its answer is finished (app/.server/log.ts).
	const gaveUp = () =>
		app.app
			.output()
			.split('\n')
			.filter((line) => line.includes(requestId) && line.includes('[supabase] unreachable'))
	await expect.poll(gaveUp).toHaveLength(1)
})
