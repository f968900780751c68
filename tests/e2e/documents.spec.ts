import { mkdirSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { expect, openApp, test } from '../support/e2e-test'
import { startSession } from '../support/browser'
import { createAccount, createAdminAccount } from '../support/data'
import { assistantOnPlan, pdfFile } from '../support/documents'
import { supabaseURL, portalURL } from '../support/urls'

// A client's documents (issue 67) in a browser: uploading with JavaScript (drop or choose, a progress bar per
// file) and without, the list following the states until ready, asking the assistant, deleting, downloading,
// and nobody else seeing any of it.

const documentsPage = (assistant: string) => portalURL(`/dashboard/asistentes/${assistant}/documentos`)
const rows = (page: Page) => page.getByTestId('document-row')
const row = (page: Page, name: string) => rows(page).filter({ hasText: name })

async function clientWithAssistant(label: string) {
	const account = await createAccount(label, 'Lucía Ibáñez')
	const assistant = await assistantOnPlan(supabaseURL(), account, 'starter')
	return { ...account, assistant }
}

test('with JavaScript: upload, watch it become ready, ask it, download it, delete it', async ({ page }) => {
	const client = await clientWithAssistant('docs-js')
	await startSession(page, client.email)
	await openApp(page, documentsPage(client.assistant))
	await expect(page.getByTestId('documents-quota')).toHaveText('0 de 100 documentos')
	await page.getByLabel('Archivos').setInputFiles([
		{
			name: 'Condiciones de entrega ñ.pdf',
			mimeType: 'application/pdf',
			buffer: await pdfFile(['Condiciones', 'La entrega del asistente tarda entre 2 y 4 semanas.']),
		},
		{ name: 'Notas.txt', mimeType: 'text/plain', buffer: Buffer.from('El soporte responde en 24 horas.') },
	])
	await page.getByRole('button', { name: 'Subir' }).click()
	await expect(page.getByTestId('upload-progress')).toHaveCount(2)
	await expect(page.getByText('«Notas.txt»: recibido.')).toBeVisible()
	await expect(row(page, 'Condiciones de entrega ñ.pdf')).toContainText('Listo · 2 pasajes', { timeout: 20_000 })
	await expect(row(page, 'Condiciones de entrega ñ.pdf')).toContainText('2')
	// The state's pill is one line, however narrow its column.
	const pill = await row(page, 'Condiciones de entrega ñ.pdf').getByText('Listo · 2 pasajes').boundingBox()
	expect(pill?.height ?? 0).toBeLessThan(24)
	await expect(row(page, 'Condiciones de entrega ñ.pdf')).toContainText('Lucía Ibáñez')
	await expect(page.getByTestId('documents-quota')).toHaveText('2 de 100 documentos')

	await page.getByLabel('Tu pregunta').fill('¿cuanto tarda la entrega?')
	// The answer held back: while it comes, the button says it is searching and cannot be pressed twice.
	let release = () => {}
	const held = new Promise<void>((resolve) => (release = resolve))
	await page.route(/documentos\.data\?.*pregunta=/, async (route) => {
		await held
		await route.continue()
	})
	await page.getByRole('button', { name: 'Preguntar' }).click()
	await expect(page.getByRole('button', { name: 'Buscando en tus documentos…' })).toBeDisabled()
	release()
	const answer = page.getByTestId('try-answer')
	await expect(answer).toContainText('entre 2 y 4 semanas')
	await expect(answer).toContainText('Condiciones de entrega ñ.pdf, página 2')

	const download = page.waitForEvent('download')
	await row(page, 'Notas.txt').getByRole('link', { name: 'Descargar «Notas.txt»' }).click()
	expect((await download).suggestedFilename()).toBe('Notas.txt')

	page.once('dialog', (dialog) => void dialog.accept())
	await row(page, 'Condiciones de entrega ñ.pdf')
		.getByRole('button', { name: /^Eliminar/ })
		.click()
	await expect(row(page, 'Condiciones de entrega ñ.pdf')).toHaveCount(0)
	await page.getByRole('button', { name: 'Preguntar' }).click()
	await expect(answer).toContainText('Tus documentos no dicen nada sobre esto.')
})

test('without JavaScript: the plain form uploads, and bad files are named with their reason', async ({ browser }) => {
	const client = await clientWithAssistant('docs-nojs')
	const context = await browser.newContext({ javaScriptEnabled: false })
	const page = await context.newPage()
	await startSession(page, client.email)
	await page.goto(documentsPage(client.assistant))
	await page.getByLabel('Archivos').setInputFiles([
		{ name: 'Tarifas 2026.csv', mimeType: 'text/csv', buffer: Buffer.from('servicio;precio\nMantenimiento;149 €') },
		{ name: 'programa.pdf', mimeType: 'application/pdf', buffer: Buffer.from('MZ\x90\x00ejecutable') },
	])
	await page.getByRole('button', { name: 'Subir' }).click()
	await expect(page.getByText('«Tarifas 2026.csv»: recibido.')).toBeVisible()
	await expect(page.getByText('«programa.pdf»: El archivo está dañado o no es lo que dice su extensión.')).toBeVisible()
	await expect(row(page, 'Tarifas 2026.csv')).toBeVisible()
	await expect(rows(page)).toHaveCount(1)
	await context.close()
})

test('another client sees none of it, and a visitor is sent to sign in', async ({ page, browser }) => {
	const owner = await clientWithAssistant('docs-owner')
	const other = await createAccount('docs-other')
	await startSession(page, other.email)
	const response = await page.goto(documentsPage(owner.assistant))
	expect(response?.status()).toBe(404)
	const visitor = await browser.newContext()
	const visitorPage = await visitor.newPage()
	await visitorPage.goto(documentsPage(owner.assistant))
	await expect(visitorPage).toHaveURL(/\/auth\?redirectTo=/)
	await visitor.close()
})

test('the team sees the documents, their states and the queue', async ({ page }) => {
	const admin = await createAdminAccount('docs-admin-equipo')
	await startSession(page, admin.email)
	await openApp(page, portalURL('/admin/documentos'))
	await expect(page.getByRole('heading', { level: 1, name: 'Documentos' })).toBeVisible()
	// Every client's documents, not the admin's own.
	await expect(page.getByRole('heading', { level: 2, name: 'Todos los documentos' })).toBeVisible()
	await expect(page.getByRole('heading', { name: 'Tus documentos' })).toHaveCount(0)
	await expect(page.getByTestId('documents-queue')).toContainText('En la cola:')
	await expect(page.getByRole('link', { name: 'Ver la cola de trabajos' })).toHaveAttribute(
		'href',
		'/admin/trabajos?q=documento.procesar',
	)
})

test('screenshots of the documents page', async ({ browser }) => {
	const client = await clientWithAssistant('docs-shots')
	mkdirSync('test-results/documents', { recursive: true })
	const seed = await browser.newContext()
	const seedPage = await seed.newPage()
	await startSession(seedPage, client.email)
	await openApp(seedPage, documentsPage(client.assistant))
	await seedPage.getByLabel('Archivos').setInputFiles([
		{
			name: 'Guía de facturación electrónica VERIFACTU.pdf',
			mimeType: 'application/pdf',
			buffer: await pdfFile(['Facturas VERIFACTU: se envían a la AEAT.']),
		},
		{ name: 'Escaneado del contrato.pdf', mimeType: 'application/pdf', buffer: await pdfFile([null]) },
		{
			name: 'Preguntas frecuentes.md',
			mimeType: 'text/markdown',
			buffer: Buffer.from('# Preguntas\n\nEl IVA se presenta cada trimestre.'),
		},
	])
	await seedPage.getByRole('button', { name: 'Subir' }).click()
	await expect(rows(seedPage).filter({ hasText: 'Listo' })).toHaveCount(2, { timeout: 20_000 })
	await expect(rows(seedPage).filter({ hasText: 'Error' })).toHaveCount(1)
	const cookies = await seed.cookies()
	await seed.close()
	for (const [width, height, name] of [
		[1440, 1000, 'desktop'],
		[390, 844, 'phone'],
	] as const) {
		for (const theme of ['dark', 'light'] as const) {
			const context = await browser.newContext({ viewport: { width, height }, colorScheme: theme })
			await context.addCookies([...cookies, { name: 'kia-portal-theme', value: theme, url: portalURL('/') }])
			const page = await context.newPage()
			await page.goto(
				`${documentsPage(client.assistant)}?pregunta=${encodeURIComponent('¿cuándo se presenta el IVA?')}`,
			)
			await page.screenshot({ path: `test-results/documents/${name}-${theme}.png`, fullPage: true })
			await context.close()
		}
	}
})
