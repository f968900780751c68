import { createClient } from '@supabase/supabase-js'
import type { Browser, Page } from '@playwright/test'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Database } from '../../app/lib/database.types'
import { startMailCatcher } from '../../local/mail'
import { startPostgres, type PostgresServer } from '../../local/postgres'
import type { LocalService } from '../../local/service'
import { startStripe, type LocalStripe } from '../../local/stripe/server'
import { copyDatabase } from '../../local/supabase/db'
import { buildSeededDatabase } from '../../local/supabase/seed-buckets'
import { startSupabase, type LocalSupabase } from '../../local/supabase/server'
import { startApp } from '../support/app-server'
import { expect, openApp, test, visitorAddress } from '../support/e2e-test'
import { formPost } from '../support/form-posts'
import { localAnonKey, localServiceRoleKey } from '../support/keys'
import { e2eStripe, signedWebhook } from '../support/stripe'
import { slotRadio } from '../support/slot-picker'
import { uniqueEmail, uniqueName, uniqueSlot } from '../support/unique'
import { rawRequest } from '../support/urls'
import { fillCheckout } from '../support/billing'
import { submittedEmail, testPassword } from '../support/data'
import { acceptCookies, submitSignIn } from '../support/browser'
import { localCompany } from '../../app/.server/local-defaults'

/**
 * What people see while Supabase, Stripe or the mail server is down, and that
 * everything comes back without restarting the app. This file stops services,
 * so it runs its own (each restarted on the port it first took, where the app
 * expects it) and its own production server, one test at a time.
 */
test.describe.configure({ mode: 'serial', timeout: 90_000 })

const unavailable = 'El servicio no está disponible en este momento. Inténtalo de nuevo en unos minutos.'
const bookingUnavailable =
	'Ahora mismo no podemos mostrar los huecos libres ni reservar demostraciones. Inténtalo de nuevo en unos minutos.'
/** What must never reach a visitor: the English internals of a failed connection, or the generic crash page. */
const rawErrors =
	/fetch failed|ECONNREFUSED|TypeError|AbortError|AuthRetryableFetchError|Unexpected Server Error|Algo salió mal/

const ports = { supabase: 0, smtp: 0, mailWeb: 0, stripe: 0 }
let postgres: PostgresServer | undefined
let supabase: LocalSupabase | undefined
let mail: LocalService | undefined
let stripe: LocalStripe | undefined
let app: Awaited<ReturnType<typeof startApp>>
/** What outlives a restart of a service: the Stripe stand-in's data and the seed's Storage files. */
let stateDir = ''

const site = (path: string) => `http://kia.localhost:${app.port}${path}`
const portal = (path: string) => `http://portal.kia.localhost:${app.port}${path}`

const seeded = 'resilience_template'

/** The Supabase stand-in over a database fresh from the seed, like the suite's. */
async function startTheDatabase() {
	if (!postgres) throw new Error('The PostgreSQL server starts before all.')
	const started = await startSupabase({
		database: await copyDatabase(postgres.url, seeded),
		storageFrom: join(stateDir, 'storage'),
		port: ports.supabase,
		log: false,
		mail: { host: '127.0.0.1', port: ports.smtp, from: 'KIA <no-reply@kia.test>' },
	})
	ports.supabase = started.port
	return started
}

async function startTheMailServer() {
	const started = await startMailCatcher({ smtpPort: ports.smtp, webPort: ports.mailWeb })
	Object.assign(ports, { smtp: started.smtpPort, mailWeb: Number(new URL(started.url).port) })
	return started
}

/**
 * Stripe's state is kept in a file, so the customers the database points at still exist after a restart. First
 * started before the app, which needs its address, and told the app's once it runs.
 */
async function startStripeApi(webhookUrl?: string) {
	const started = await startStripe({ port: ports.stripe, dataFile: join(stateDir, 'stripe.json'), webhookUrl })
	ports.stripe = started.port
	return started
}

const appWebhookUrl = () => `http://127.0.0.1:${app.port}/api/stripe/webhook`

test.beforeAll(async () => {
	stateDir = await mkdtemp(join(tmpdir(), 'kia-resilience-'))
	mail = await startTheMailServer()
	postgres = await startPostgres()
	await buildSeededDatabase(postgres.url, seeded, join(stateDir, 'storage'))
	supabase = await startTheDatabase()
	stripe = await startStripeApi()
	app = await startApp((port) => ({
		SITE_URL: `http://kia.localhost:${port}`,
		PORTAL_URL: `http://portal.kia.localhost:${port}`,
		COOKIE_DOMAIN: 'kia.localhost',
		...localCompany,
		SESSION_SECRET: 'e2e-session-secret-with-more-than-32-characters',
		SUPABASE_URL: `http://127.0.0.1:${ports.supabase}`,
		SUPABASE_ANON_KEY: localAnonKey,
		SUPABASE_SERVICE_ROLE_KEY: localServiceRoleKey,
		SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
		...e2eStripe(`http://127.0.0.1:${ports.stripe}`),
		ENABLE_TEST_ROUTES: '1',
	}))
	stripe.setWebhookUrl(appWebhookUrl())
})

test.afterAll(async () => {
	await app.stop()
	await Promise.all([supabase?.stop(), mail?.stop(), stripe?.stop()])
	await postgres?.stop()
	await rm(stateDir, { recursive: true, force: true })
})

const database = () =>
	createClient<Database>(`http://127.0.0.1:${ports.supabase}`, localServiceRoleKey, {
		auth: { persistSession: false },
	})

async function createAccount(label: string) {
	const email = uniqueEmail(label)
	const { data, error } = await database().auth.admin.createUser({
		email,
		password: testPassword,
		email_confirm: true,
		user_metadata: { full_name: 'Cliente Resiliente' },
	})
	if (error) throw error
	return { id: data.user.id, email }
}

/** Signs in on this file's own app through its form (browser.ts's signIn posts to the worker's app). */
async function signInThroughTheForm(page: Page, email: string) {
	await openApp(page, portal('/auth'))
	await submitSignIn(page, email)
	await page.waitForURL(portal('/dashboard'))
}

async function openPage(browser: Browser, url: string) {
	const page = await (await browser.newContext()).newPage()
	await openApp(page, url)
	return page
}

/** The app's process is up, still answers, and met no error that nobody handled. */
async function expectAppAlive() {
	expect(app.output()).not.toMatch(/unhandled|uncaught/i)
	expect((await rawRequest(`http://127.0.0.1:${app.port}/favicon.svg`)).status).toBe(200)
}

async function expectUnavailablePage(page: Page, url: string) {
	const response = await page.goto(url)
	expect(response?.status(), url).toBe(503)
	await expect(page.getByRole('heading', { name: 'Servicio no disponible' })).toBeVisible()
	await expect(page.getByText(unavailable)).toBeVisible()
	expect(await page.content()).not.toMatch(rawErrors)
}

/**
 * The browser's Supabase session as one Cookie header (chunks joined), its
 * access token marked expired: the next request must refresh it first.
 */
async function expiredSessionCookie(page: Page) {
	// @supabase/ssr names it after the first label of the Supabase host (127.0.0.1).
	const name = 'sb-127-auth-token'
	const chunks = (await page.context().cookies(portal('/')))
		.filter((cookie) => cookie.name === name || cookie.name.startsWith(`${name}.`))
		.sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }))
	const encoded = chunks.map((cookie) => cookie.value).join('')
	const session = JSON.parse(Buffer.from(encoded.replace(/^base64-/, ''), 'base64url').toString()) as {
		expires_at: number
	}
	session.expires_at = Math.floor(Date.now() / 1000) - 60
	return `${name}=base64-${Buffer.from(JSON.stringify(session)).toString('base64url')}`
}

/** Stripe posting an event to the app, signed as Stripe signs it. */
function deliverEvent(event: { id: string; type: string; data: { object: Record<string, unknown> } }) {
	const payload = JSON.stringify({
		object: 'event',
		api_version: '2025-01-01',
		created: Math.floor(Date.now() / 1000),
		livemode: false,
		...event,
	})
	return rawRequest(site('/api/stripe/webhook'), { method: 'POST', body: payload, headers: signedWebhook(payload) })
}

async function timed<T>(work: () => Promise<T>) {
	const started = Date.now()
	const result = await work()
	return { result, ms: Date.now() - started }
}

test('Supabase down: public pages stay up, portal pages answer 503 in Spanish; it all recovers without a restart', async ({
	page,
	browser,
}) => {
	const account = await createAccount('caida-db')
	await signInThroughTheForm(page, account.email)
	const { data: post } = await database().from('blog_posts').select('slug').limit(1).single()
	const expired = await expiredSessionCookie(page)
	const signInForm = await openPage(browser, portal('/auth'))
	const visitor = await openPage(browser, site('/'))
	const booking = await openPage(browser, site('/solicitar-demostracion-kia'))

	await supabase?.stop()
	supabase = undefined

	// A page rendered during the outage shows the spec's error text, answered 503 for no cache to keep: one in front
	// keeps serving its whole copy from before (tests/http/database-outage.test.ts).
	const rendered = await visitor.goto(site('/?durante=caida'))
	expect(rendered?.status()).toBe(503)
	expect(rendered?.headers()['cache-control']).toBe('private, no-store')
	await expect(visitor.getByText('Error al cargar las últimas entradas del blog.')).toBeVisible()
	// At once: supabase-js would retry each read for 7 s before giving up.
	const blog = await timed(() => visitor.goto(site('/blog')))
	expect(blog.result?.status()).toBe(503)
	expect(blog.ms).toBeLessThan(3_000)
	await expect(visitor.getByText('Error al cargar los datos del blog')).toBeVisible()
	// A single article that cannot be read is a 503, so no search engine files the error under its address.
	expect((await visitor.goto(site(`/blog/${post?.slug}`)))?.status()).toBe(503)
	await expect(visitor.getByRole('heading', { name: 'Error al cargar el artículo' })).toBeVisible()
	// The demo page shows, and says plainly that booking is unavailable; a booking sent from it as loaded before
	// comes back with everything as typed.
	const demo = await visitor.goto(site('/solicitar-demostracion-kia'))
	expect(demo?.status()).toBe(200)
	await expect(visitor.getByText(bookingUnavailable)).toBeVisible()
	expect(await visitor.content()).not.toMatch(rawErrors)
	const bookingForm = booking.locator('form#reserva')
	await bookingForm.getByLabel('Nombre').fill('Ana Paciente')
	await bookingForm.getByLabel('Email').fill(uniqueEmail('caida-reserva'))
	await bookingForm.getByRole('radio').first().check()
	await bookingForm.getByLabel('Motivo de la reunión').fill('Ver facturas')
	await bookingForm.getByRole('button', { name: 'Reservar demostración' }).click()
	await expect(booking.getByRole('alert').filter({ hasText: 'No se pudo reservar la cita.' })).toBeVisible()
	// The page says it under the form; the toast says it too, for as long as it stays.
	await expect(booking.getByRole('main').getByText(bookingUnavailable)).toBeVisible()
	await expect(bookingForm.getByLabel('Nombre')).toHaveValue('Ana Paciente')
	await expect(bookingForm.getByLabel('Motivo de la reunión')).toHaveValue('Ver facturas')
	// The chosen slot stays with the form, to be sent again, however much more is typed.
	await bookingForm.getByLabel('Motivo de la reunión').fill('Ver facturas y correos')
	await expect(bookingForm.locator('input[name="slot"]')).toHaveValue(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/)
	expect(await booking.content()).not.toMatch(rawErrors)
	// Signed in, the site still renders, and still knows who is there: the session is checked against the
	// signing keys fetched before the outage, not by asking Supabase.
	expect((await page.goto(site('/tarifas/business')))?.status()).toBe(200)
	await expect(page.getByRole('link', { name: 'Ir al Dashboard' }).first()).toBeVisible()

	await expectUnavailablePage(page, portal('/dashboard'))
	await expectUnavailablePage(visitor, portal('/auth'))
	await expectUnavailablePage(visitor, portal('/dashboard/reuniones'))

	// A session that needs refreshing first: supabase-js would retry that for 30 s; the page answers at once.
	const refresh = await timed(() => rawRequest(portal('/dashboard'), { headers: { Cookie: expired } }))
	expect(refresh.result.status).toBe(503)
	expect(refresh.ms).toBeLessThan(3_000)

	// 'Cerrar sesión', posted as the dashboard's menu does (fetch), works: this browser forgets the session.
	const signOut = await page.evaluate(
		async () => (await fetch('/auth/salir', { method: 'POST', redirect: 'manual' })).type,
	)
	expect(signOut).toBe('opaqueredirect')
	expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContainEqual(
		expect.stringMatching(/^sb-/),
	)

	// The sign-in form, loaded before the outage, says why it cannot sign in.
	await submitSignIn(signInForm, account.email)
	await expect(signInForm.locator('#signin').getByRole('alert')).toHaveText(unavailable)
	await expect(signInForm.getByText('Error al iniciar sesión')).toBeVisible()
	const withoutJavaScript = await formPost(
		portal('/auth'),
		{ intent: 'signin', email: account.email, password: testPassword, redirectTo: '/dashboard' },
		visitorAddress(),
	)
	expect(withoutJavaScript.status).toBe(503)
	expect(withoutJavaScript.body).toContain(unavailable)
	expect(withoutJavaScript.body).not.toMatch(rawErrors)
	await expectAppAlive()

	supabase = await startTheDatabase()
	await visitor.goto(site('/blog'))
	await expect(visitor.getByRole('article').first()).toBeVisible()
	await visitor.goto(site('/'))
	await expect(visitor.getByText('Error al cargar las últimas entradas del blog.')).toHaveCount(0)
	// A fresh database no longer knows the old session's user: sign in as a new one.
	const again = await createAccount('vuelta-db')
	await signInThroughTheForm(signInForm, again.email)
	await expect(signInForm.getByRole('heading', { name: 'Te damos la bienvenida, Cliente Resiliente' })).toBeVisible()
	await expectAppAlive()
	await Promise.all([signInForm.context().close(), visitor.context().close(), booking.context().close()])
})

test('Supabase hangs (it takes connections and never answers): pages give up after the call timeout; it all recovers', async ({
	page,
}) => {
	await supabase?.stop()
	supabase = undefined
	const held = new Set<Socket>()
	const silent = createServer((socket) => held.add(socket))
	await new Promise<void>((resolve) => silent.listen(ports.supabase, '127.0.0.1', resolve))
	try {
		// The app gives up on a call after 10 s (app/.server/supabase/supabase.ts), then on every other call of that request.
		const blog = await timed(() => page.goto(site('/blog?colgado=1')))
		expect(blog.result?.status()).toBe(503)
		expect(blog.ms).toBeLessThan(15_000)
		await expect(page.getByText('Error al cargar los datos del blog')).toBeVisible()
		const auth = await timed(() => page.goto(portal('/auth')))
		expect(auth.result?.status()).toBe(503)
		expect(auth.ms).toBeLessThan(15_000)
		await expect(page.getByText(unavailable)).toBeVisible()
		expect(await page.content()).not.toMatch(rawErrors)
		await expectAppAlive()
	} finally {
		for (const socket of held) socket.destroy()
		await new Promise((resolve) => silent.close(resolve))
	}

	supabase = await startTheDatabase()
	await page.goto(site('/blog?de-vuelta=1'))
	await expect(page.getByRole('article').first()).toBeVisible()
})

// A Stripe that refuses connections is known at once; waiting for the client's timeouts (5 s, then 5 s
// again for its one retry: app/.server/billing/stripe.ts) takes over 10 s. Between the two, a bound a machine whose
// cores are busy still meets: at 4 s one checkout of a run on a machine loaded to 18 went over.
const refusedWithin = 8_000

test('Stripe down: the subscription page still shows everything; checkout, the billing portal and changes say so within seconds; webhooks ask for a retry; it all recovers', async ({
	page,
	browser,
}) => {
	const account = await createAccount('caida-stripe')
	await signInThroughTheForm(page, account.email)
	// Someone who pays a plan is sent to change it rather than to a second checkout: the purchases during and after
	// the outage are another client's, with no plan yet.
	const buyerContext = await browser.newContext()
	const buyer = await buyerContext.newPage()
	await signInThroughTheForm(buyer, (await createAccount('caida-stripe-compra')).email)
	// Every purchase is clicked once the page has hydrated: Chromium cancels a post sent while it hydrates.
	await openApp(page, site('/tarifas/business?periodo=mensual'))
	await page.getByRole('button', { name: 'Pagar y Activar' }).click()
	await page.waitForURL(/\/checkout\/cs_/)
	await fillCheckout(page)
	await page.getByRole('button', { name: 'Pagar' }).click()
	await expect(page.getByRole('heading', { name: '¡Gracias! Tu plan está activo' })).toBeVisible()
	const sessionId = new URL(page.url()).searchParams.get('session_id') ?? ''

	await stripe?.stop()
	stripe = undefined

	await openApp(buyer, site('/tarifas/business'))
	const checkout = await timed(async () => {
		await buyer.getByRole('button', { name: 'Pagar y Activar' }).click()
		await expect(buyer.getByText('Error en el pago')).toBeVisible()
	})
	expect(checkout.ms).toBeLessThan(refusedWithin)
	await expect(
		buyer.getByText('No se pudo redirigir a la página de pago. Por favor, inténtalo de nuevo.'),
	).toBeVisible()
	expect(new URL(buyer.url()).pathname).toBe('/tarifas/business')

	// The subscription page reads Postgres only: it renders whole while Stripe is down.
	await openApp(page, portal('/dashboard/suscripcion'))
	const plan = page.getByRole('region', { name: 'Plan Business' })
	await expect(plan.getByText('Activa')).toBeVisible()
	await expect(page.getByRole('region', { name: 'Facturas' }).getByRole('cell', { name: 'Pagada' })).toBeVisible()
	const cancel = await timed(async () => {
		await plan.getByRole('button', { name: 'Cancelar suscripción' }).click()
		await page.getByRole('dialog').getByRole('button', { name: 'Cancelar al final del periodo' }).click()
		await expect(page.getByText('No se pudo conectar con Stripe')).toBeVisible()
	})
	expect(cancel.ms).toBeLessThan(refusedWithin)
	await expect(page.getByRole('alert').filter({ hasText: 'No hemos cambiado nada.' }).first()).toBeVisible()
	const handOff = await timed(async () => {
		await page.getByRole('button', { name: 'Gestionar método de pago' }).click()
		await expect(page.getByText('No se pudo cargar el portal de cliente.')).toBeVisible()
	})
	expect(handOff.ms).toBeLessThan(refusedWithin)
	await expect(page.getByText('Error al cargar el portal')).toBeVisible()
	await expect(page.getByRole('button', { name: 'Intentar de nuevo' })).toBeVisible()
	expect(await page.content()).not.toMatch(rawErrors)

	// An event that needs Stripe to be applied: 5xx, so Stripe delivers it again later.
	const completed = {
		id: `evt_${uniqueName('resiliencia')}`,
		type: 'checkout.session.completed',
		data: { object: { id: sessionId, object: 'checkout.session' } },
	}
	expect((await deliverEvent(completed)).status).toBeGreaterThanOrEqual(500)
	// One we ignore needs nothing: 2xx, no point in a retry.
	const ignored = {
		id: `evt_${uniqueName('ignorado')}`,
		type: 'customer.created',
		data: { object: { id: 'cus_x', object: 'customer' } },
	}
	expect((await deliverEvent(ignored)).status).toBe(200)
	await expectAppAlive()

	stripe = await startStripeApi(appWebhookUrl())
	expect((await deliverEvent(completed)).status).toBe(200)
	await page.getByRole('button', { name: 'Intentar de nuevo' }).click()
	await page.waitForURL(/\/billing\/bps_/)
	await expect(page.getByRole('button', { name: 'Cancelar suscripción' })).toBeVisible()
	await openApp(buyer, site('/tarifas/business'))
	await buyer.getByRole('button', { name: 'Pagar y Activar' }).click()
	await buyer.waitForURL(/\/checkout\/cs_/)
	await buyerContext.close()
})

test('mail down: a demo booking and a contact message are kept and confirmed; their e-mails arrive once mail is back', async ({
	page,
}) => {
	const account = await createAccount('caida-correo')
	await signInThroughTheForm(page, account.email)
	await acceptCookies(page, site('/'))

	await mail?.stop()
	mail = undefined
	const logBefore = app.output().length

	// Typed before hydration, the date would be reset by it (a known React limitation for controlled inputs).
	await openApp(page, site('/solicitar-demostracion-kia'))
	const { fecha, hora } = uniqueSlot()
	await slotRadio(page, { fecha, hora }).check()
	await page.getByRole('button', { name: 'Reservar demostración' }).click()
	const confirmation = page.getByRole('status').filter({ hasText: '¡Cita confirmada!' })
	await expect(confirmation).toBeVisible()
	await expect(confirmation.getByRole('link', { name: 'Ir a la reunión' })).toHaveAttribute(
		'href',
		/^https:\/\/meet\.jit\.si\//,
	)
	const bookings = await database().from('reservas').select('status, meet_url').eq('user_id', account.id)
	expect(bookings.data).toEqual([{ status: 'confirmada', meet_url: expect.stringMatching(/^https:\/\//) }])

	await sendContactMessage(page, account.email)
	await expect(page.getByText('¡Mensaje Enviado!')).toBeVisible()
	expect(await contactMessagesFrom(account.email)).toBe(1)
	// The e-mails are jobs of the outbox: each failed attempt is logged once, and retried.
	await expect
		.poll(() => app.output().slice(logBefore), { timeout: 30_000 })
		.toMatch(/\[jobs\] correo failed; it will be retried/)
	await expectAppAlive()

	mail = await startTheMailServer()
	await sendContactMessage(page, account.email)
	await expect(page.getByText('¡Mensaje Enviado!')).toBeVisible()
	// Both messages' notices and the booking's confirmation, each once, as the retries come due.
	await expect.poll(() => mailsAbout('Nuevo formulario: contacto', account.email), { timeout: 90_000 }).toBe(2)
	await expect.poll(() => mailsTo(/^Tu demostración de KIA/, account.email), { timeout: 90_000 }).toBe(1)
})

async function sendContactMessage(page: Page, email: string) {
	await openApp(page, site('/contacto'))
	const form = page.getByRole('main')
	await form.getByLabel('Nombre').fill('Cliente Resiliente')
	await form.getByLabel('Email').fill(email)
	await form.getByLabel('Mensaje').fill('¿Funciona la web con el correo caído?')
	await form.getByRole('button', { name: 'Enviar mensaje' }).click()
}

async function contactMessagesFrom(email: string) {
	const { data, error } = await database().from('form_submissions').select('data').eq('form_type', 'Contacto General')
	if (error) throw error
	return data.filter((row) => submittedEmail(row.data) === email).length
}

/** Mails whose subject matches, sent to `address`. */
async function mailsTo(subject: RegExp, address: string) {
	const mails = (await (await fetch(`http://127.0.0.1:${ports.mailWeb}/email`)).json()) as {
		subject: string
		to: { address: string }[]
	}[]
	return mails.filter((mail) => subject.test(mail.subject) && mail.to.some((to) => to.address === address)).length
}

/** Mails with this subject that name `sender`: the company's inbox is not this test's alone. */
async function mailsAbout(subject: string, sender: string) {
	const mails = (await (await fetch(`http://127.0.0.1:${ports.mailWeb}/email`)).json()) as {
		subject: string
		text: string
	}[]
	return mails.filter((candidate) => candidate.subject === subject && candidate.text.includes(sender)).length
}
