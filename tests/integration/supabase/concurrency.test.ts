import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import type { LocalSupabase } from '../../../local/supabase/server'
import { todayInMadrid } from '~/lib/dates'
import { defaultBookingRules } from '~/lib/slots'
import { inbox, type CaughtMail } from '../../support/mail'
import { linkInText } from '../../support/newsletter'
import { createUser, serviceClient, startTestSupabase } from '../../support/supabase'
import { uniqueEmail, uniqueName, uniqueSlot, uniqueSlots } from '../../support/unique'
import { smtpPort } from '../../support/urls'
import { restartWorker, stopWorker } from '../../support/worker'

// Every rule that counts rows and then writes one, attacked as the audit of issue 50 did: the writes sent
// together, each request in a transaction of its own on its own connection. Each test fails when the lock or
// constraint that keeps its rule is taken away (the migration's `pg_advisory_xact_lock`, the unique index,
// the counter's primary key).

let supabase: LocalSupabase
beforeAll(async () => {
	supabase = await startTestSupabase()
})
afterAll(() => supabase.stop())

const service = () => serviceClient(supabase.url)
const atOnce = <T>(count: number, send: (index: number) => PromiseLike<T>) =>
	Promise.all(Array.from({ length: count }, (_, index) => send(index)))

describe('support caps', () => {
	const request = (subject: string) => ({
		form_type: 'soporte',
		data: { subject, message: 'Necesito ayuda con el asistente.' },
	})

	test('sixteen requests sent at once by one client: ten are kept, the rest refused with soporte_limite', async () => {
		const client = await createUser(supabase.url, uniqueEmail('soporte-a-la-vez'))
		const results = await atOnce(16, (index) =>
			client.client.from('form_submissions').insert(request(`Solicitud ${index}`)),
		)
		const refused = results.filter((result) => result.error)
		expect(refused.map((result) => result.error?.message.split(':')[0])).toEqual(Array(6).fill('soporte_limite'))
		const { count } = await service()
			.from('form_submissions')
			.select('id', { count: 'exact', head: true })
			.eq('solicitante', client.id)
		expect(count).toBe(10)
	})

	test('four bulk inserts of thirty follow-ups sent at once: thirty are kept', async () => {
		const client = await createUser(supabase.url, uniqueEmail('mensajes-a-la-vez'))
		const { data: opened } = await client.client
			.from('form_submissions')
			.insert(request('Hilo'))
			.select('id')
			.single()
			.throwOnError()
		const message = { submission_id: opened.id, kind: 'cliente', body: 'Otra vez' }
		const results = await atOnce(4, () =>
			client.client.from('form_submission_events').insert(Array.from({ length: 30 }, () => message)),
		)
		expect(results.filter((result) => result.error === null)).toHaveLength(1)
		const { count } = await service()
			.from('form_submission_events')
			.select('id', { count: 'exact', head: true })
			.eq('author', client.id)
		expect(count).toBe(30)
	})
})

describe('bookings', () => {
	const booking = (slot: { fecha: string; hora: string }, userId: string | null = null) => ({
		...slot,
		user_id: userId,
		nombre: 'Carrera',
		email: 'carrera@kia.test',
		status: 'confirmada',
	})

	test(`one client's bookings sent at once: ${defaultBookingRules.maximoPendientes} upcoming kept, no more`, async () => {
		const client = await createUser(supabase.url, uniqueEmail('reservas-a-la-vez'))
		const slots = uniqueSlots(8)
		const results = await atOnce(slots.length, (index) =>
			service()
				.from('reservas')
				.insert(booking(slots[index] ?? uniqueSlot(), client.id)),
		)
		for (const refused of results.filter((result) => result.error))
			expect(refused.error?.message).toContain('reservas_maximo_pendientes')
		const { count } = await service()
			.from('reservas')
			.select('id', { count: 'exact', head: true })
			.eq('user_id', client.id)
			.gte('fecha', todayInMadrid())
		expect(count).toBe(defaultBookingRules.maximoPendientes)
	})

	test('eight people booking the same slot at once: one booking is kept, the others get a conflict', async () => {
		const slot = uniqueSlot()
		const results = await atOnce(8, () => service().from('reservas').insert(booking(slot)))
		expect(results.map((result) => result.status).sort()).toEqual([201, ...Array(7).fill(409)])
		const { count } = await service()
			.from('reservas')
			.select('id', { count: 'exact', head: true })
			.eq('fecha', slot.fecha)
			.eq('hora', slot.hora)
			.eq('status', 'confirmada')
		expect(count).toBe(1)
	})
})

describe('counters', () => {
	test('twenty hits on a new key sent at once against a limit of five: exactly five are let through', async () => {
		const key = uniqueName('contador-a-la-vez')
		const allowed = await atOnce(20, () =>
			service().rpc('hit_rate_limit', { p_key: key, p_limit: 5, p_window_seconds: 600 }),
		)
		expect(allowed.filter((result) => result.data === true)).toHaveLength(5)
		const { data } = await service().from('rate_limits').select('hits').eq('key', key).single().throwOnError()
		expect(data.hits).toBe(20)
	})

	test('twenty newsletter sign-ups of one address at once: one confirmation e-mail, whose link works', async () => {
		Object.assign(process.env, {
			SUPABASE_URL: supabase.url,
			SMTP_URL: `smtp://127.0.0.1:${smtpPort()}`,
		})
		vi.resetModules()
		const { subscribe, confirm } = await import('~/.server/newsletter/newsletter')
		const email = uniqueEmail('boletin-a-la-vez')
		expect(await atOnce(20, () => subscribe(email))).toEqual(Array(20).fill(true))
		const { data: jobs } = await service()
			.from('trabajos')
			.select('datos')
			.eq('tipo', 'correo')
			.eq('datos->>plantilla', 'boletin.confirmacion')
			.throwOnError()

		const { data: subscriber } = await service()
			.from('boletin_suscriptores')
			.select('id')
			.eq('email', email)
			.single()
			.throwOnError()
		expect(jobs.filter((job) => (job.datos as { suscriptor?: string }).suscriptor === subscriber.id)).toHaveLength(1)

		await restartWorker()
		try {
			await expect.poll(async () => (await inbox(email)).length, { timeout: 10_000 }).toBe(1)
			await new Promise((resolve) => setTimeout(resolve, 500))
			const mails = await inbox(email)
			expect(mails).toHaveLength(1)
			const token = new URL(linkInText(mails[0] as CaughtMail, '/boletin/confirmar')).searchParams.get('token')
			expect(await confirm(token ?? '')).toEqual({ ok: true, email })
		} finally {
			await stopWorker()
		}
	})
})
