import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import type { LocalSupabase } from '../../local/supabase/server'
import type * as Queue from '~/.server/jobs/queue'
import type * as Worker from '~/.server/jobs/worker'
import { inbox } from '../support/mail'
import { createUser, serviceClient, startTestSupabase } from '../support/supabase'
import { uniqueEmail, uniqueName, uniqueSlot } from '../support/unique'
import { smtpPort } from '../support/urls'

// The work queue (migration 20261202110000 and app/.server/jobs) against this file's own database: the outbox's
// writes, claims shared by several workers, leases that run out, retries and failures, and the jobs a booking's
// request leaves behind when its process dies.

let supabase: LocalSupabase
let queue: typeof Queue
let worker: typeof Worker

beforeAll(async () => {
	supabase = await startTestSupabase()
	Object.assign(process.env, { SUPABASE_URL: supabase.url, SMTP_URL: `smtp://127.0.0.1:${smtpPort()}` })
	vi.resetModules()
	queue = await import('~/.server/jobs/queue')
	worker = await import('~/.server/jobs/worker')
})
afterAll(() => supabase.stop())

const service = () => serviceClient(supabase.url)

async function jobsOf(tipo: string) {
	const { data, error } = await service().from('trabajos').select('*').eq('tipo', tipo).order('id')
	if (error) throw error
	return data
}

async function enqueue(tipo: string, count: number) {
	const jobs = Array.from({ length: count }, (_, n) => ({ tipo, datos: { n }, clave: `${tipo}:${n}` }))
	const { error } = await service().rpc('encolar_trabajos', { trabajos: jobs })
	if (error) throw error
}

/** A kind of job of this test alone (the queue's kinds are dotted lowercase words). */
const uniqueKind = () => `prueba.${uniqueName('t').replaceAll('-', '_')}`

describe('the outbox', () => {
	test('a write enqueues its work in its own transaction, once however often it is asked', async () => {
		const client = await createUser(supabase.url, uniqueEmail('outbox'))
		const slot = uniqueSlot()
		const { data: booking, error } = await service()
			.from('reservas')
			.insert({ ...slot, user_id: client.id, nombre: 'Outbox', email: client.email })
			.select('id')
			.single()
		if (error) throw error
		const { data: jobs } = await service()
			.from('trabajos')
			.select('tipo, clave')
			.eq('clave', `reserva:${booking.id}:enlace`)
		expect(jobs).toEqual([{ tipo: 'reserva.enlace', clave: `reserva:${booking.id}:enlace` }])

		// The same slot again: the unique index refuses the write, and nothing is enqueued for it.
		const before = (await jobsOf('reserva.enlace')).length
		const twice = await service()
			.from('reservas')
			.insert({ ...slot, user_id: client.id, nombre: 'Outbox', email: client.email })
		expect(twice.error?.code).toBe('23505')
		expect(await jobsOf('reserva.enlace')).toHaveLength(before)

		const kind = uniqueKind()
		await enqueue(kind, 1)
		await enqueue(kind, 1)
		expect(await jobsOf(kind)).toHaveLength(1)
	})

	test('visitors and clients cannot read, enqueue or claim jobs', async () => {
		const client = await createUser(supabase.url, uniqueEmail('ajeno'))
		expect((await client.client.from('trabajos').select('id')).data).toEqual([])
		const refused = await Promise.all([
			client.client.rpc('encolar_trabajo', { tipo: 'correo', datos: {} }),
			client.client.rpc('reclamar_trabajos', { trabajador: 'x', cuantos: 10, segundos: 30 }),
			client.client.rpc('reintentar_trabajo', { id: 1 }),
		])
		for (const { error } of refused) expect(error).not.toBeNull()
	})
})

describe('workers', () => {
	test('several workers at once share the jobs: each is done once', async () => {
		const kind = uniqueKind()
		await enqueue(kind, 30)
		const done: number[] = []
		const handlers = {
			[kind]: async (job: { datos: unknown }) => {
				done.push((job.datos as { n: number }).n)
				await new Promise((resolve) => setTimeout(resolve, 10))
			},
		}
		const counts = await Promise.all(Array.from({ length: 4 }, () => worker.runDueJobs({ handlers, batch: 3 })))
		expect(counts.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(30)
		expect([...done].sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, n) => n))
		expect(new Set((await jobsOf(kind)).map((job) => job.estado))).toEqual(new Set(['hecho']))
	})

	test('a job whose worker stopped answering goes to another once its claim runs out', async () => {
		const kind = uniqueKind()
		await enqueue(kind, 1)
		const [claimed] = await queue.claimJobs(service(), 'trabajador-caido', 10, 1)
		expect(claimed).toMatchObject({ tipo: kind, estado: 'en_curso', reclamado_por: 'trabajador-caido' })
		const done: number[] = []
		const handlers = { [kind]: async (job: { id: number }) => void done.push(job.id) }

		await worker.runDueJobs({ handlers })
		expect(done).toEqual([])
		await new Promise((resolve) => setTimeout(resolve, 1_100))
		await worker.runDueJobs({ handlers })
		expect(done).toEqual([claimed?.id])
		// The first worker, come back, cannot report it.
		expect(await queue.finishJob(service(), 'trabajador-caido', claimed?.id ?? 0)).toBe(false)
		expect((await jobsOf(kind))[0]).toMatchObject({ estado: 'hecho', intentos: 2 })
	})

	test('a failure comes back after a backoff, and past its attempts stays failed, with its reason, until retried', async () => {
		const kind = uniqueKind()
		await enqueue(kind, 1)
		const handlers = {
			[kind]: async () => {
				throw new Error('el servidor de correo no responde')
			},
		}
		const started = Date.now()
		await worker.runDueJobs({ handlers })
		const [retried] = await jobsOf(kind)
		expect(retried).toMatchObject({
			estado: 'pendiente',
			intentos: 1,
			ultimo_error: 'el servidor de correo no responde',
		})
		const wait = Date.parse(retried?.disponible_desde ?? '') - started
		expect(wait).toBeGreaterThan(3_500)
		expect(wait).toBeLessThan(7_000)

		// Its last attempt, come due.
		await service()
			.from('trabajos')
			.update({ disponible_desde: new Date().toISOString(), max_intentos: 2 })
			.eq('tipo', kind)
		await worker.runDueJobs({ handlers })
		const [failed] = await jobsOf(kind)
		expect(failed).toMatchObject({ estado: 'fallido', intentos: 2, ultimo_error: 'el servidor de correo no responde' })
		expect((await queue.readQueueStatus(service())).fallidos).toBeGreaterThanOrEqual(1)

		const admin = await createUser(supabase.url, uniqueEmail('admin-cola'), { role: 'admin' })
		const client = await createUser(supabase.url, uniqueEmail('cliente-cola'))
		expect((await client.client.rpc('reintentar_trabajo', { id: failed?.id ?? 0 })).error).not.toBeNull()
		expect(await admin.client.rpc('reintentar_trabajo', { id: failed?.id ?? 0 })).toMatchObject({ data: true })
		expect((await jobsOf(kind))[0]).toMatchObject({ estado: 'pendiente', intentos: 0 })
	})

	test('a failure no retry fixes fails at once; a kind nobody does, too', async () => {
		const kind = uniqueKind()
		const unknown = uniqueKind()
		await enqueue(kind, 1)
		await enqueue(unknown, 1)
		await worker.runDueJobs({
			handlers: {
				[kind]: async () => {
					throw new worker.PermanentJobError('la dirección no existe')
				},
			},
		})
		expect((await jobsOf(kind))[0]).toMatchObject({
			estado: 'fallido',
			intentos: 1,
			ultimo_error: 'la dirección no existe',
		})
		expect((await jobsOf(unknown))[0]).toMatchObject({ estado: 'fallido', intentos: 1 })
	})
})

describe('a booking whose request died', () => {
	test('gets its meeting link and both e-mails from the job it left, once', async () => {
		const { jobHandlers } = await import('~/.server/jobs/handlers')
		const client = await createUser(supabase.url, uniqueEmail('caida'))
		const slot = uniqueSlot()
		// What the request wrote before its process died: the row, and nothing else.
		const { data: booking, error } = await service()
			.from('reservas')
			.insert({ ...slot, user_id: client.id, nombre: 'Reserva Huérfana', email: client.email })
			.select('id')
			.single()
		if (error) throw error
		// As if its wait (the request's time to make the link itself) had passed.
		await service()
			.from('trabajos')
			.update({ disponible_desde: new Date().toISOString() })
			.eq('clave', `reserva:${booking.id}:enlace`)

		await worker.runDueJobs({ handlers: jobHandlers })
		await worker.runDueJobs({ handlers: jobHandlers })
		const { data: linked } = await service().from('reservas').select('meet_url, event_id').eq('id', booking.id).single()
		expect(linked?.meet_url).toMatch(/^https:\/\/meet\.jit\.si\/kia-demo-/)
		const mails = await inbox(client.email)
		expect(mails.map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Tu demostración de KIA: /)])
		expect(mails[0]?.text).toContain(linked?.meet_url ?? '-')

		await worker.runDueJobs({ handlers: jobHandlers })
		expect(await inbox(client.email)).toHaveLength(1)
	})

	test('the request and its job both making the link store one, and enqueue its e-mails once', async () => {
		const { linkBooking } = await import('~/.server/booking/links')
		const client = await createUser(supabase.url, uniqueEmail('doble'))
		const slot = uniqueSlot()
		const { data: booking, error } = await service()
			.from('reservas')
			.insert({ ...slot, user_id: client.id, nombre: 'Doble', email: client.email })
			.select('id')
			.single()
		if (error) throw error
		const meeting = { ...slot, id: booking.id, motivo: '', nombre: 'Doble', email: client.email }
		const [first, second] = await Promise.all([linkBooking(meeting), linkBooking(meeting)])
		expect(second).toBe(first)
		const { data: mails } = await service()
			.from('trabajos')
			.select('clave')
			.like('clave', `reserva:${booking.id}:confirmada:%`)
		expect(mails?.map((job) => job.clave).sort()).toEqual([
			`reserva:${booking.id}:confirmada:cliente`,
			`reserva:${booking.id}:confirmada:empresa`,
		])
		const { data: link } = await service()
			.from('trabajos')
			.select('estado')
			.eq('clave', `reserva:${booking.id}:enlace`)
			.single()
		expect(link?.estado).toBe('hecho')
	})
})

describe('the back office', () => {
	test('admins list the jobs not done with the queue’s figures; clients are refused', async () => {
		const kind = uniqueKind()
		await enqueue(kind, 2)
		const [job] = await jobsOf(kind)
		await service()
			.from('trabajos')
			.update({ estado: 'fallido', intentos: 8, ultimo_error: 'rechazado', terminado_at: new Date().toISOString() })
			.eq('id', job?.id ?? 0)
			.throwOnError()
		const admin = await createUser(supabase.url, uniqueEmail('admin-lista'), { role: 'admin' })
		const client = await createUser(supabase.url, uniqueEmail('cliente-lista'))
		const range = { termino: kind, desde: 0, cuantos: 20 }

		const failed = await admin.client.rpc('admin_trabajos', { ...range, estado: 'fallido' })
		expect(failed.data).toMatchObject({
			total: 1,
			rows: [{ id: job?.id, tipo: kind, estado: 'fallido', ultimo_error: 'rechazado', max_intentos: 8 }],
			resumen: { fallidos: expect.any(Number), pendientes: expect.any(Number) },
		})
		const notDone = await admin.client.rpc('admin_trabajos', range)
		expect(notDone.data).toMatchObject({ total: 2 })

		for (const call of [
			client.client.rpc('admin_trabajos', range),
			client.client.rpc('admin_cola'),
			client.client.rpc('estado_cola'),
		])
			expect((await call).error?.code).toMatch(/^(42501|PGRST202)$/)
		expect((await admin.client.rpc('admin_cola')).data).toMatchObject({ fallidos: expect.any(Number) })
	})

	test('a job whose worker died counts as stuck, and its wait starts when its claim ran out', async () => {
		const kind = uniqueKind()
		await enqueue(kind, 1)
		const before = await queue.readQueueStatus(service())
		await queue.claimJobs(service(), 'trabajador-perdido', 10, 1)
		await new Promise((resolve) => setTimeout(resolve, 2_100))
		const status = await queue.readQueueStatus(service())
		expect(status.atascados).toBeGreaterThanOrEqual(before.atascados + 1)
		expect(status.espera_segundos).toBeGreaterThanOrEqual(1)
	})
})
