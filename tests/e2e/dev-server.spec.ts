import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { connect, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from '@playwright/test'
import { adminCopy } from '../../app/content/admin'
import { formatLongDate } from '../../app/lib/dates'
import routes from '../../app/routes'
import { freePorts, retryOnTakenPort } from '../../local/service'
import { submitSignIn } from '../support/browser'
import { expect, test } from '../support/e2e-test'
import { localAnonKey } from '../support/keys'
import { rawRequest } from '../support/urls'
import { fillCheckout } from '../support/billing'

/**
 * `npm run dev` as a newcomer first meets it (issue #16): an empty Vite cache, a fresh database, each
 * page visited once. It gets its own ports and folders, so it meets neither a developer's dev server
 * nor the suite's services, and leaves `.data/` alone.
 */

declare global {
	interface Window {
		/** Set once a page has loaded: a page that reloads by itself loses it. */
		loadedOnce?: true
	}
}

type Ports = { app: number; supabase: number; postgres: number; stripe: number; smtp: number; maildev: number }
type Dev = { npm: ChildProcess; ports: Ports; output: () => string; firstStatus: number }

// A first start bundles every browser package and a first visit compiles each page: slow on a busy
// machine, so every wait is long, and each one ends on a condition.
const startUpMs = 240_000
const pageMs = 90_000

// One after another (each starts a dev server), and all of them even when one fails.
test.describe.configure({ mode: 'default' })

let cacheDir = ''
test.beforeAll(async () => {
	cacheDir = await mkdtemp(join(tmpdir(), 'kia-dev-vite-'))
})
test.afterAll(async () => {
	await rm(cacheDir, { recursive: true, force: true })
})

test('a first run serves every page the first time: no console error, no reload, a quiet log', async ({ browser }) => {
	test.setTimeout(startUpMs + 40 * pageMs)
	const dev = await startDev()
	const watched: WatchedPage[] = []
	const watch = async () => {
		const page = await watchedPage(browser)
		watched.push(page)
		return page
	}
	try {
		// Served only once the services answer: the very first answer is the page, not a 503.
		expect(dev.firstStatus, dev.output()).toBe(200)
		const site = (path: string) => `http://kia.localhost:${dev.ports.app}${path}`
		const portal = (path: string) => `http://portal.kia.localhost:${dev.ports.app}${path}`
		const pages = pagesOf(routes)
		const slug = await publishedSlug(dev.ports.supabase)
		const unsubscribe = await newsletterUnsubscribeLink(dev)
		const withParams = (path: string) =>
			path
				.replace('/boletin/confirmar', '/boletin/confirmar?token=enlace-de-prueba')
				.replace('/boletin/baja', unsubscribe)
				.replace(':slug', slug)
				.replace(':plan', 'starter')
				.replace('/funcionalidades/:id', '/funcionalidades/facturas')
				.replace('/admin/soporte/:id', `/admin/soporte/${seededInbox.message}`)
				.replace('/dashboard/soporte/:id', `/dashboard/soporte/${seededInbox.request}`)
				.replace('/dashboard/asistentes/:id', `/dashboard/asistentes/${seededAssistant}`)

		const visitor = await watch()
		for (const { path } of pages.filter((entry) => entry.host === 'site' && entry.path !== checkoutReturn))
			await visitOnce(visitor, site(withParams(path)))
		for (const path of ['/auth', '/auth/callback', signUpLinkWithPlus]) await visitOnce(visitor, portal(path))

		const client = await watch()
		await signIn(client, portal('/auth'), 'cliente@kia.test', 'kia-cliente-2025')
		await expectLivedInPanel(client)
		for (const { path } of pages.filter(
			(entry) => entry.host === 'portal' && /^\/(dashboard|auth\/nueva-contrasena)/.test(entry.path),
		))
			await visitOnce(client, portal(withParams(path)))
		await expectSeededInvoices(client, portal('/dashboard/suscripcion'))
		await expectAnsweredFromDocuments(client, portal(`/dashboard/asistentes/${seededAssistant}/documentos`))

		// The seeded client already pays a plan, so 'Pagar y Activar' sends them to change it: the admin buys.
		const admin = await watch()
		await signIn(admin, portal('/auth'), 'admin@kia.test', 'kia-admin-2025')
		await returnFromCheckout(admin, site('/tarifas/starter'))
		await expectFiguresAboveZero(admin, portal('/admin'))
		for (const { path } of pages.filter((entry) => entry.host === 'portal' && entry.path.startsWith('/admin')))
			await visitOnce(admin, portal(withParams(path)))

		const visited = new Set(watched.flatMap((page) => page.visited.map((url) => new URL(url).pathname)))
		expect(
			pages
				.map(({ path }) => new URL(withParams(path), 'http://kia.localhost').pathname)
				.filter((path) => !visited.has(path)),
			'pages of app/routes.ts not visited',
		).toEqual([])
		expect(watched.flatMap((page) => page.errors)).toEqual([])

		const log = dev.output()
		// Vite found no package after start-up, so it never bundled again nor reloaded a page.
		expect(log).not.toMatch(/new dependencies optimized|optimized dependencies changed|Outdated Optimize Dep/)
		expect(log).not.toMatch(/Future Flag Warning/)
		// Quiet: the stand-ins' request lines only with DEBUG=services; no stack trace.
		expect(log).not.toMatch(/^\[(supabase|stripe)\] (GET|POST|PATCH|DELETE) /m)
		expect(log).not.toMatch(/^\s+at /m)
	} finally {
		await Promise.all(watched.map((page) => page.context().close()))
		killAll(await stopDev(dev, () => process.kill(-pidOf(dev.npm), 'SIGINT')))
	}
})

/**
 * A sign-up confirmation's link as the e-mail gives it, for an address with a '+': the browser keeps %2b as
 * written, the server's router does not, and a form action taken from the location differed (hydration).
 */
const signUpLinkWithPlus = `/auth/callback?${new URLSearchParams({ token_hash: 'a'.repeat(56), type: 'email' })}&email=ana%2betiqueta%40kia.test&alta=1`

const stops: [string, (dev: Dev) => void][] = [
	['Ctrl-C (SIGINT to the process group)', (dev) => process.kill(-pidOf(dev.npm), 'SIGINT')],
	['SIGTERM to npm', (dev) => process.kill(pidOf(dev.npm), 'SIGTERM')],
	['SIGHUP to npm', (dev) => process.kill(pidOf(dev.npm), 'SIGHUP')],
	['SIGTERM to node', (dev) => process.kill(devScriptPid(dev), 'SIGTERM')],
	['SIGHUP to node', (dev) => process.kill(devScriptPid(dev), 'SIGHUP')],
]

for (const [how, send] of stops) {
	test(`${how} stops every process it started and frees every port`, async () => {
		test.setTimeout(startUpMs + 60_000)
		const dev = await startDev()
		const commands = descendantsOf(pidOf(dev.npm)).map(commandOf)
		for (const started of ['scripts/dev.ts', 'maildev', 'server.js', 'bin/postgres -D'])
			expect(
				commands.some((command) => command.includes(started)),
				started,
			).toBe(true)
		const survivors = await stopDev(dev, () => send(dev))
		try {
			expect(survivors.map(commandOf), dev.output()).toEqual([])
			for (const port of Object.values(dev.ports)) expect(await isListening(port), `port ${port}`).toBe(false)
		} finally {
			killAll(survivors)
		}
	})
}

test('a port already taken is said before any service starts, with the variable that moves it', async () => {
	test.setTimeout(startUpMs + 30_000)
	const holder = createServer()
	const [taken = 0] = await freePorts(1)
	await new Promise<void>((resolve) => holder.listen(taken, '127.0.0.1', resolve))
	try {
		const npm = spawn('npm', ['run', 'dev'], {
			stdio: ['ignore', 'pipe', 'pipe'],
			env: { ...process.env, POSTGRES_PORT: String(taken), LOCAL_DATA_DIR: ':memory:' },
		})
		let output = ''
		npm.stdout?.on('data', (chunk) => (output += chunk))
		npm.stderr?.on('data', (chunk) => (output += chunk))
		const [code] = (await once(npm, 'exit')) as [number | null]
		expect(code).not.toBe(0)
		expect(output).toContain(`port ${taken} (postgres, POSTGRES_PORT) already in use`)
		expect(output).not.toMatch(/^\[services\] (mail|supabase|stripe):/m)
		expect(output).not.toMatch(/^\s+at /m)
	} finally {
		holder.close()
	}
})

const checkoutReturn = '/panel-de-clientes'

/** The pages of app/routes.ts, by host; resource routes (no UI) and the catch-all left out. */
function pagesOf(entries: RouteEntry[], parent = ''): { host: 'site' | 'portal'; path: string }[] {
	return entries.flatMap((entry) => {
		const path = entry.path ? `${parent}/${entry.path}` : parent
		if (entry.children) return pagesOf(entry.children, path)
		const host = /^routes\/(site|portal)\//.exec(entry.file)?.[1]
		if (!host || !entry.file.endsWith('.tsx')) return []
		return [{ host: host as 'site' | 'portal', path: path || '/' }]
	})
}
type RouteEntry = { path?: string; file: string; children?: RouteEntry[] }

function startDev(): Promise<Dev> {
	return retryOnTakenPort(async () => startDevOn(await freePorts(6)))
}

async function startDevOn([
	app = 0,
	supabase = 0,
	postgres = 0,
	stripe = 0,
	smtp = 0,
	maildev = 0,
]: number[]): Promise<Dev> {
	const ports = { app, supabase, postgres, stripe, smtp, maildev }
	const { DEBUG: _debug, ...env } = process.env
	// Its own process group, as a terminal gives a command: Ctrl-C is a SIGINT to the whole group.
	const npm = spawn('npm', ['run', 'dev'], {
		detached: true,
		stdio: ['ignore', 'pipe', 'pipe'],
		env: {
			...env,
			PORT: String(app),
			SUPABASE_PORT: String(supabase),
			POSTGRES_PORT: String(postgres),
			STRIPE_PORT: String(stripe),
			SMTP_PORT: String(smtp),
			MAILDEV_PORT: String(maildev),
			LOCAL_DATA_DIR: ':memory:',
			DEV_CACHE_DIR: cacheDir,
		},
	})
	const closed = once(npm, 'close')
	let output = ''
	npm.stdout?.on('data', (chunk) => (output += chunk))
	npm.stderr?.on('data', (chunk) => (output += chunk))
	// Its own line, not any answer on the port: another process may hold a port picked for it.
	const listening = new RegExp(`listening on port ${app}\\b`)
	const deadline = Date.now() + startUpMs
	while (Date.now() < deadline) {
		if (npm.exitCode !== null) {
			await closed
			throw new Error(`npm run dev exited at start-up:\n${output}`)
		}
		if (listening.test(output)) {
			const answer = await rawRequest(`http://kia.localhost:${app}/`)
			return { npm, ports, output: () => output, firstStatus: answer.status }
		}
		await new Promise((resolve) => setTimeout(resolve, 250))
	}
	process.kill(-pidOf(npm), 'SIGKILL')
	throw new Error(`npm run dev did not answer within ${startUpMs / 1000} s:\n${output}`)
}

/**
 * Sends the stop and waits, bounded, for npm and everything below it to end; what is still running
 * then is returned for the test to judge (and kill, so no run leaks processes).
 */
async function stopDev(dev: Dev, send: () => void) {
	const everything = descendantsOf(pidOf(dev.npm))
	send()
	// The dev script gives the stand-ins 10 s to close before it gives up on them.
	await waitUntil(() => dev.npm.exitCode !== null || dev.npm.signalCode !== null, 30_000)
	await waitUntil(() => !everything.some(isAlive), 15_000)
	return everything.filter(isAlive)
}

function killAll(pids: number[]) {
	for (const pid of pids.filter(isAlive)) process.kill(pid, 'SIGKILL')
}

async function waitUntil(condition: () => boolean, timeoutMs: number) {
	const deadline = Date.now() + timeoutMs
	while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100))
}

function pidOf(child: ChildProcess) {
	if (child.pid === undefined) throw new Error('npm did not start')
	return child.pid
}

/** The dev script's node process: npm's child. */
function devScriptPid(dev: Dev) {
	const pid = descendantsOf(pidOf(dev.npm)).find((candidate) => commandOf(candidate).includes('scripts/dev.ts'))
	if (pid === undefined) throw new Error(`no dev script under npm:\n${dev.output()}`)
	return pid
}

/** `pid` and every process below it, from /proc. */
function descendantsOf(pid: number): number[] {
	const parents = new Map<number, number[]>()
	for (const name of readdirSync('/proc')) {
		if (!/^\d+$/.test(name)) continue
		const parent = parentOf(Number(name))
		if (parent !== undefined) parents.set(parent, [...(parents.get(parent) ?? []), Number(name)])
	}
	const all = [pid]
	for (let i = 0; i < all.length; i++) all.push(...(parents.get(all[i] ?? -1) ?? []))
	return all
}

function statOf(pid: number) {
	try {
		// The command name may hold spaces and parentheses: the fields that follow the last ')'.
		const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
		return stat.slice(stat.lastIndexOf(')') + 2).split(' ')
	} catch {
		return undefined
	}
}

function parentOf(pid: number) {
	const fields = statOf(pid)
	return fields ? Number(fields[1]) : undefined
}

/** Running, or stopped but not yet reaped (a zombie is dead). */
function isAlive(pid: number) {
	const state = statOf(pid)?.[0]
	return state !== undefined && state !== 'Z' && state !== 'X'
}

function commandOf(pid: number) {
	const file = `/proc/${pid}/cmdline`
	return existsSync(file) ? readFileSync(file, 'utf8').replaceAll('\0', ' ') : ''
}

function isListening(port: number) {
	return new Promise<boolean>((resolve) => {
		const socket = connect(port, '127.0.0.1')
		socket.once('connect', () => {
			socket.destroy()
			resolve(true)
		})
		socket.once('error', () => resolve(false))
	})
}

async function publishedSlug(supabasePort: number) {
	const response = await fetch(`http://127.0.0.1:${supabasePort}/rest/v1/blog_posts?select=slug&limit=1`, {
		headers: { apikey: localAnonKey, Authorization: `Bearer ${localAnonKey}` },
	})
	const [post] = (await response.json()) as { slug: string }[]
	if (!post) throw new Error('the seed has no published post')
	return post.slug
}

/** Subscribes to the newsletter on the dev server and confirms, as a reader does: the welcome's unsubscribe link (path and query). */
async function newsletterUnsubscribeLink(dev: Dev) {
	const site = `http://kia.localhost:${dev.ports.app}`
	const email = `lector-${Date.now()}@kia.test`
	const post = (url: string, body: string) =>
		rawRequest(url, {
			method: 'POST',
			body,
			headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: site },
		})
	await post(`${site}/resources/newsletter`, new URLSearchParams({ email, redirectTo: '/' }).toString())
	const linkOf = async (subject: string, path: string) => {
		const deadline = Date.now() + 10_000
		while (Date.now() < deadline) {
			const mails = (await (await fetch(`http://127.0.0.1:${dev.ports.maildev}/email`)).json()) as {
				subject: string
				text: string
				to: { address: string }[]
			}[]
			const mail = mails.find((each) => each.subject === subject && each.to.some((to) => to.address === email))
			const link = mail?.text.match(/https?:\/\/\S+/g)?.find((url) => new URL(url).pathname === path)
			if (link) return link
			await new Promise((resolve) => setTimeout(resolve, 200))
		}
		throw new Error(`no "${subject}" mail to ${email} on the dev server`)
	}
	await post(await linkOf('Confirma tu suscripción al boletín de KIA', '/boletin/confirmar'), '')
	const unsubscribe = new URL(await linkOf('Te damos la bienvenida al boletín de KIA', '/boletin/baja'))
	return unsubscribe.pathname + unsubscribe.search
}

/** The seed's inbox (supabase/seed.sql): a visitor's new message and the client's answered request. */
const seededInbox = {
	message: 'f5000000-0000-4000-8000-000000000002',
	request: 'f5000000-0000-4000-8000-000000000001',
}
const seededAssistant = 'a5000000-0000-4000-8000-000000000001'

/** A first run's client panel is lived in (issue 55): a plan and its renewal, a request with a reply, a live assistant. */
async function expectLivedInPanel(page: WatchedPage) {
	const now = new Date()
	const renewal = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))
	const plan = page.getByRole('region', { name: 'Tu plan' })
	await expect(plan).toContainText('Plan Business')
	await expect(plan).toContainText(`Se renueva el ${formatLongDate(renewal)}.`)
	const requests = page.getByRole('region', { name: 'Solicitudes abiertas' })
	await expect(requests.getByRole('link', { name: 'Añadir el horario de verano' })).toBeVisible()
	const assistants = page.getByRole('region', { name: 'Tus asistentes' })
	await expect(assistants.getByRole('listitem').filter({ hasText: 'Asistente de Ortega Asesores' })).toContainText(
		'Activo',
	)
}

/**
 * The seed's documents, uploaded to Storage at start and read by the first run's worker: all three ready (the page
 * looks again while any is not), and 'Probar el asistente' answers from them (issue 67).
 */
async function expectAnsweredFromDocuments(page: WatchedPage, documentsUrl: string) {
	await visitOnce(page, documentsUrl)
	await expect(page.getByTestId('document-row').filter({ hasText: 'Listo' })).toHaveCount(3, { timeout: 30_000 })
	await page.getByLabel('Tu pregunta').fill('¿Qué horario tenéis en agosto?')
	await page.getByRole('button', { name: 'Preguntar' }).click()
	const answer = page.getByTestId('try-answer')
	await expect(answer).toContainText('de 8:00 a 15:00')
	await expect(answer).toContainText('Preguntas frecuentes de los clientes.pdf, página 1')
}

/** The seed's three monthly invoices, paid with IVA, each with its page on the Stripe stand-in. */
async function expectSeededInvoices(page: WatchedPage, subscriptionUrl: string) {
	await visitOnce(page, subscriptionUrl)
	const invoices = page.getByRole('row').filter({ hasText: /KIADEMO-000[123]/ })
	await expect(invoices).toHaveCount(3)
	for (const invoice of await invoices.all()) {
		await expect(invoice).toContainText('Pagada')
		// The WebApp page's picture of the portal shows the same: 199 € and 41,79 € of IVA.
		await expect(invoice).toContainText('240,79 €')
		await expect(invoice.getByRole('link', { name: /^Ver factura/ })).toBeVisible()
	}
}

/** The admin's home on a first run: new messages, subscriptions and their revenue are not zero. */
async function expectFiguresAboveZero(page: WatchedPage, adminUrl: string) {
	await visitOnce(page, adminUrl)
	const { figures } = adminCopy
	for (const label of [figures.inbox, figures.subscriptions, figures.revenue]) {
		const figure = page.getByRole('link').filter({ hasText: label })
		await expect(figure).toBeVisible()
		expect(await figure.textContent(), label).not.toMatch(/^\D*0(,00)?\D*$/)
	}
}

type WatchedPage = Page & { errors: string[]; visited: string[] }

/** A page in a browser context of its own whose console errors, page errors and loads are recorded. */
async function watchedPage(browser: Browser): Promise<WatchedPage> {
	const page = Object.assign(await (await browser.newContext()).newPage(), {
		errors: [] as string[],
		visited: [] as string[],
	})
	page.setDefaultTimeout(pageMs)
	page.setDefaultNavigationTimeout(pageMs)
	page.on('console', (message) => {
		if (message.type() === 'error') page.errors.push(`${page.url()}: ${message.text()}`)
	})
	page.on('pageerror', (error) => page.errors.push(`${page.url()}: ${error.message}`))
	return page
}

async function visitOnce(page: WatchedPage, url: string) {
	let loads = 0
	const countLoad = () => loads++
	page.on('load', countLoad)
	const response = await page.goto(url)
	expect(response?.status(), url).toBe(200)
	await settle(page)
	page.off('load', countLoad)
	expect(loads, `${url} loaded more than once`).toBe(1)
	page.visited.push(url)
}

/**
 * Marks the page, then waits until it has hydrated and fetched what it loads once the browser is idle
 * (every page mounts the toaster then): a reload by Vite in the meantime would clear the mark.
 */
async function settle(page: WatchedPage) {
	await page.evaluate(() => (window.loadedOnce = true))
	await page
		.locator('section[aria-label^="Notificaciones"]')
		.waitFor({ state: 'attached' })
		.catch((error: unknown) => {
			throw new Error(`${page.url()} never settled; its console errors:\n${page.errors.join('\n')}`, { cause: error })
		})
	await page.waitForLoadState('networkidle')
	expect(await page.evaluate(() => window.loadedOnce), `${page.url()} reloaded`).toBe(true)
}

async function signIn(page: WatchedPage, authUrl: string, email: string, password: string) {
	await visitOnce(page, authUrl)
	await submitSignIn(page, email, password)
	await page.waitForURL(/\/(dashboard|admin)$/)
}

/** The checkout return page is reached from the Stripe stand-in's checkout, as a buyer reaches it. */
async function returnFromCheckout(page: WatchedPage, planUrl: string) {
	await visitOnce(page, planUrl)
	await page.getByRole('button', { name: 'Pagar y Activar' }).click()
	await page.waitForURL(/\/checkout\/cs_/)
	await fillCheckout(page)
	const returned = page.waitForResponse(
		(response) =>
			new URL(response.url()).pathname === checkoutReturn && response.request().resourceType() === 'document',
	)
	await page.getByRole('button', { name: 'Pagar' }).click()
	expect((await returned).status()).toBe(200)
	await page.waitForURL((url) => url.pathname === checkoutReturn)
	await settle(page)
	await expect(page.getByRole('heading', { name: '¡Gracias! Tu plan está activo' })).toBeVisible()
	page.visited.push(page.url())
}
