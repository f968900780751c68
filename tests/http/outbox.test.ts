import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startApp, testAppEnv } from '../support/app-server'
import { createAccount } from '../support/data'
import { honeypotFields } from '../support/honeypot'
import { sessionCookie, send, urlencoded } from '../support/hostile-input'
import { inbox, type CaughtMail } from '../support/mail'
import { confirmSubject, subscribeByPost } from '../support/newsletter'
import { startFaultySmtp } from '../support/smtp-fault'
import { serviceClient } from '../support/supabase'
import { startTestApp, type TestApp } from '../support/test-app'
import { uniqueAddress, uniqueEmail, uniqueSlot } from '../support/unique'
import { siteURL, smtpPort } from '../support/urls'

// Nothing lost when a part fails: the production server, its mail server failing as real ones do (refusing
// connections, or taking them and never answering) and the server itself killed mid-request and mid-job.
// Whatever was saved is told, once the part is back, once.

let app: TestApp
let smtp: Awaited<ReturnType<typeof startFaultySmtp>>
const company = uniqueEmail('empresa-outbox')

beforeAll(async () => {
	smtp = await startFaultySmtp(smtpPort())
	app = await startTestApp({ SMTP_URL: smtp.url, CONTACT_EMAIL: company })
})
afterAll(async () => {
	await app.stop()
	await smtp.stop()
})

/** Mails to `recipient` whose text mentions `marker`, after waiting for `count` of them. */
async function arrived(recipient: string, marker: string, count: number, timeoutMs = 30_000) {
	const matching = async () => (await inbox(recipient)).filter((mail) => mail.text.includes(marker))
	await expect.poll(async () => (await matching()).length, { timeout: timeoutMs, interval: 250 }).toBe(count)
	return matching()
}

/** Long enough for a retry that should not happen to have happened: the first backoff, and a poll. */
const pastARetry = () => new Promise((resolve) => setTimeout(resolve, 7_500))

async function contactPost(marker: string) {
	const url = siteURL('/contacto')
	return send(
		url,
		urlencoded(
			Object.entries({
				...(await honeypotFields(url)),
				name: 'Ana Fallo',
				email: uniqueEmail('contacto-outbox'),
				message: `Hola, ${marker}`,
			}),
		),
	)
}

async function bookingPost(cookie: string, marker: string) {
	return send(siteURL('/solicitar-demostracion-kia'), urlencoded(Object.entries({ ...uniqueSlot(), motivo: marker })), {
		cookie,
	})
}

/** Jobs waiting for a retry, each with the reason its last attempt failed. */
async function retrying() {
	const { data } = await serviceClient().from('trabajos').select('ultimo_error').eq('estado', 'pendiente')
	return (data ?? []).filter((job) => job.ultimo_error)
}

describe.each(['down', 'dropping'] as const)('with the mail server %s', (fault) => {
	test('the company hears of a contact, a booking and its client are told, a subscriber gets their link: once it is back, once', async () => {
		const marker = `outbox-${fault}-${Date.now()}`
		const client = await createAccount(`outbox-${fault}`, 'Cliente Paciente')
		const cookie = await sessionCookie(client.email)
		const subscriber = uniqueEmail(`boletin-${fault}`)
		await smtp.set(fault)

		expect((await contactPost(marker)).status).toBe(302)
		const booked = await bookingPost(cookie, marker)
		expect(booked.status).toBe(200)
		expect(booked.body).toContain('¡Cita confirmada!')
		expect((await subscribeByPost(subscriber, uniqueAddress())).status).toBe(302)

		// Tried, and failed for a reason the back office can read.
		await expect.poll(async () => (await retrying()).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(3)
		expect((await retrying())[0]?.ultimo_error).toMatch(/^no se pudo enviar: /)
		expect(await inbox(client.email)).toEqual([])
		expect(await inbox(subscriber)).toEqual([])

		await smtp.set('none')
		const [notice] = await arrived(company, `Hola, ${marker}`, 1)
		expect(notice?.subject).toBe('Nuevo formulario: contacto')
		const [confirmation] = await arrived(client.email, 'Enlace a la reunión', 1)
		expect(confirmation?.subject).toMatch(/^Tu demostración de KIA: /)
		await arrived(company, marker, 2)
		await expect.poll(async () => (await inbox(subscriber)).length, { timeout: 30_000 }).toBe(1)
		expect((await inbox(subscriber))[0]?.subject).toMatch(confirmSubject)

		await pastARetry()
		expect(await inbox(client.email)).toHaveLength(1)
		expect(await inbox(subscriber)).toHaveLength(1)
		expect((await inbox(company)).filter((mail) => mail.text.includes(marker))).toHaveLength(2)
	})
})

describe('a server killed during ten bookings at once, mid-e-mail', () => {
	test('every booking it stored gets its meeting link and its two e-mails from the next server, once', async () => {
		const marker = `caida-${Date.now()}`
		const clients = await Promise.all(
			Array.from({ length: 10 }, async (_, n) => {
				const account = await createAccount(`caida-${n}`, `Cliente Caído ${n}`)
				return { ...account, cookie: await sessionCookie(account.email) }
			}),
		)
		// Its worker takes the first e-mails and waits on a mail server that never answers when it dies.
		await smtp.set('dropping')
		const bookings = clients.map((client) => bookingPost(client.cookie, marker).catch(() => null))
		const stored = async () => {
			const { data } = await serviceClient().from('reservas').select('id, email, meet_url').eq('motivo', marker)
			return data ?? []
		}
		await expect.poll(async () => (await stored()).length, { timeout: 15_000, interval: 20 }).toBeGreaterThan(0)
		await expect
			.poll(async () => {
				const { data } = await serviceClient().from('trabajos').select('id').eq('estado', 'en_curso')
				return (data ?? []).length
			})
			.toBeGreaterThan(0)
			.catch(() => {})
		process.kill(app.app.pid, 'SIGKILL')
		await Promise.all(bookings)
		await app.app.exited

		const left = await stored()
		expect(left.length).toBeGreaterThan(0)
		await smtp.set('none')
		const next = await startApp((port) => ({
			...testAppEnv(port, { supabase: app.supabase.url, smtp: smtp.url }),
			CONTACT_EMAIL: company,
		}))
		try {
			// The link's job waits 15 s for the request that died; a claim held by the dead worker runs out after 15.
			await expect
				.poll(async () => (await stored()).every((booking) => booking.meet_url), { timeout: 45_000, interval: 500 })
				.toBe(true)
			for (const booking of left) {
				const [mail] = await arrived(booking.email, 'Enlace a la reunión', 1, 45_000)
				expect((mail as CaughtMail).text).toContain(booking.meet_url ?? '-')
			}
			await arrived(company, marker, left.length, 45_000)
			await pastARetry()
			for (const booking of left) expect(await inbox(booking.email)).toHaveLength(1)
			expect((await inbox(company)).filter((mail) => mail.text.includes(marker))).toHaveLength(left.length)
		} finally {
			await next.stop()
		}
	}, 120_000)
})
