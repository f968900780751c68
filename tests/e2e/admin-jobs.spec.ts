import type { Page } from '@playwright/test'
import { cookieHeader, postAs, startSession } from '../support/browser'
import { createAccount, createAdminAccount } from '../support/data'
import { expect, openApp, test } from '../support/e2e-test'
import { serviceClient } from '../support/supabase'
import { uniqueName } from '../support/unique'
import { portalURL, rawRequest } from '../support/urls'

/**
 * /admin/trabajos: the work queue as the back office sees it. A failed e-mail job of this test alone (its data
 * carries a marker the page's search finds) about an inbox item that no longer exists, so a retry completes it
 * without sending anything.
 */
async function failedMailJob() {
	const marker = uniqueName('trabajo')
	const { data } = await serviceClient()
		.from('trabajos')
		.insert({
			tipo: 'correo',
			datos: { plantilla: 'buzon.aviso', envio: crypto.randomUUID(), marca: marker },
			estado: 'fallido',
			intentos: 8,
			ultimo_error: 'el servidor de correo no responde',
			terminado_at: new Date().toISOString(),
		})
		.select('id')
		.single()
		.throwOnError()
	return { id: data.id, marker, list: portalURL(`/admin/trabajos?q=${marker}`) }
}

async function stateOf(id: number) {
	const { data } = await serviceClient().from('trabajos').select('estado').eq('id', id).single().throwOnError()
	return data.estado
}

const jobRow = (page: Page) => page.getByRole('row').filter({ hasText: 'Correo: Aviso al equipo de un mensaje nuevo' })

test.describe('admin jobs', () => {
	test('a failed job shows with its reason, the panel points to it, and Reintentar has it done', async ({ page }) => {
		const job = await failedMailJob()
		const admin = await createAdminAccount('trabajos')
		await startSession(page, admin.email)
		await openApp(page, portalURL('/admin'))
		const panel = page.getByRole('region', { name: 'Trabajos en segundo plano' })
		await expect(panel).toContainText(/trabajos? ha(n)? fallado/)
		await page.getByRole('navigation', { name: 'Administración' }).getByRole('link', { name: 'Trabajos' }).click()
		await expect(page.getByRole('heading', { level: 1, name: 'Trabajos' })).toBeVisible()
		const failedFigure = page.getByRole('term').filter({ hasText: 'Fallidos' }).locator('xpath=following-sibling::dd')
		await expect(failedFigure).toHaveText(/^[1-9]\d*$/)

		await openApp(page, job.list)
		const row = jobRow(page)
		await expect(row).toHaveCount(1)
		await expect(row.getByText('Fallido', { exact: true })).toBeVisible()
		await expect(row.getByText('8 de 8')).toBeVisible()
		await expect(row).toContainText('Último error: el servidor de correo no responde')
		await expect(row).toContainText(/Terminado el \d{1,2} de [a-z]+ de \d{4}/)

		await row.getByRole('button', { name: 'Reintentar' }).click()
		await expect(page.getByText('Trabajo puesto de nuevo en la cola.')).toBeVisible()
		// The worker of the server that answered takes it at once: its inbox item is gone, so nothing is sent.
		await expect.poll(() => stateOf(job.id)).toBe('hecho')
		await openApp(page, `${job.list}&estado=hecho`)
		await expect(jobRow(page).getByText('Hecho', { exact: true })).toBeVisible()
		await expect(jobRow(page).getByRole('button', { name: 'Reintentar' })).toHaveCount(0)
	})

	test('a retry of no job, or of one that is not failed, is refused and says why', async ({ page }) => {
		const job = await failedMailJob()
		const admin = await createAdminAccount('trabajos-mal')
		await startSession(page, admin.email)
		for (const id of ['', 'abc', '-3', '1.5']) {
			const refused = await postAs(page, job.list, { intent: 'retry', id })
			expect(refused.status, id).toBe(400)
			expect(refused.body, id).toContain('No se ha podido identificar el trabajo.')
		}
		const incomplete: Record<string, string>[] = [{ id: String(job.id) }, { intent: 'borrar', id: String(job.id) }]
		for (const form of incomplete) {
			const refused = await postAs(page, job.list, form)
			expect(refused.status, JSON.stringify(form)).toBe(400)
			expect(refused.body).toContain('Faltan datos del formulario.')
		}
		expect(await stateOf(job.id)).toBe('fallido')

		expect((await postAs(page, job.list, { intent: 'retry', id: String(job.id) })).status).toBe(302)
		await expect.poll(() => stateOf(job.id)).toBe('hecho')
		const again = await postAs(page, job.list, { intent: 'retry', id: String(job.id) })
		expect(again.status).toBe(400)
		expect(again.body).toContain('Este trabajo ya no está fallido: no hay nada que reintentar.')
	})

	test('a refusal shows beside the list with JavaScript off', async ({ browser }) => {
		const job = await failedMailJob()
		const admin = await createAdminAccount('trabajos-mal-sin-js')
		const context = await browser.newContext({ javaScriptEnabled: false })
		const page = await context.newPage()
		await startSession(page, admin.email)
		await page.goto(job.list)
		// Another tab retried it meanwhile, and it was done.
		await serviceClient().from('trabajos').update({ estado: 'hecho' }).eq('id', job.id).throwOnError()
		await jobRow(page).getByRole('button', { name: 'Reintentar' }).click()
		await expect(page.getByRole('alert')).toHaveText('Este trabajo ya no está fallido: no hay nada que reintentar.')
		await context.close()
	})

	test('a client and a visitor are refused, see none of it, and cannot retry', async ({ page }) => {
		const job = await failedMailJob()
		const signedOut = await rawRequest(portalURL('/admin/trabajos'))
		expect(signedOut.status).toBe(302)
		expect(signedOut.headers.location).toBe('/auth?redirectTo=%2Fadmin%2Ftrabajos')

		const client = await createAccount('trabajos-cliente')
		await startSession(page, client.email)
		await page.goto(job.list)
		await expect(page).toHaveURL(portalURL('/dashboard'))
		const cookie = await cookieHeader(page)
		for (const path of ['/admin/trabajos', '/admin/trabajos.data', `/admin/trabajos.data?q=${job.marker}`]) {
			const response = await rawRequest(portalURL(path), { headers: { Cookie: cookie } })
			expect(response.status, path).not.toBe(200)
			expect(response.body, path).not.toContain('servidor de correo')
		}
		const retried = await postAs(page, job.list, { intent: 'retry', id: String(job.id) })
		expect(retried.status).not.toBe(200)
		expect(await stateOf(job.id)).toBe('fallido')
	})

	test('Reintentar works with JavaScript off', async ({ browser }) => {
		const job = await failedMailJob()
		const admin = await createAdminAccount('trabajos-sin-js')
		const context = await browser.newContext({ javaScriptEnabled: false })
		const page = await context.newPage()
		await startSession(page, admin.email)
		await page.goto(job.list)
		await jobRow(page).getByRole('button', { name: 'Reintentar' }).click()
		await expect(page).toHaveURL(job.list)
		await expect(page.getByRole('status')).toContainText('Trabajo puesto de nuevo en la cola.')
		await expect.poll(() => stateOf(job.id)).toBe('hecho')
		await context.close()
	})

	test('at a phone’s width each job is a card, with no sideways scroll @phone', async ({ page }) => {
		const job = await failedMailJob()
		const admin = await createAdminAccount('trabajos-movil')
		await page.setViewportSize({ width: 390, height: 844 })
		await startSession(page, admin.email)
		await openApp(page, job.list)
		await expect(jobRow(page).getByRole('button', { name: 'Reintentar' })).toBeVisible()
		await expect(page.getByRole('columnheader', { name: 'Estado' })).not.toBeInViewport()
		const widths = await page.evaluate(() => ({
			page: document.documentElement.scrollWidth,
			viewport: window.innerWidth,
		}))
		expect(widths.page).toBeLessThanOrEqual(widths.viewport)
	})
})
