import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { TablesInsert } from '../../../app/lib/database.types'
import type { LocalSupabase } from '../../../local/supabase/server'
import { adminId, startRlsWorld, type Actor } from '../../support/rls-world'
import { createUser, type TestUser } from '../../support/supabase'
import { uniqueEmail } from '../../support/unique'

// The support inbox and the portal’s requests: what each role may read and write: the policies and grants of supabase/migrations are what is tested (decision 003).
let supabase: LocalSupabase
let clients: Record<Actor, SupabaseClient>
let clienteA: TestUser
let clienteB: TestUser
let submissionId: string

beforeAll(async () => {
	;({ supabase, clients, clienteA, clienteB, submissionId } = await startRlsWorld())
})
afterAll(() => supabase.stop())

describe('support inbox', () => {
	test('an admin changes an item’s status and assignee, to an admin only; nothing else of what was sent', async () => {
		const taken = await clients.admin
			.from('form_submissions')
			.update({ status: 'en_curso', assignee: adminId })
			.eq('id', submissionId)
			.select('status, assignee')
		expect(taken.data).toEqual([{ status: 'en_curso', assignee: adminId }])
		const toCliente = await clients.admin
			.from('form_submissions')
			.update({ assignee: clienteA.id })
			.eq('id', submissionId)
		expect(toCliente.error?.code).toBe('23514')
		const unknownStatus = await clients.admin
			.from('form_submissions')
			.update({ status: 'borrada' })
			.eq('id', submissionId)
		expect(unknownStatus.error?.code).toBe('23514')
		const rewrite = await clients.admin
			.from('form_submissions')
			.update({ data: { name: 'Otro' } })
			.eq('id', submissionId)
		expect(rewrite.status).toBe(403)
		const row = await clients.service
			.from('form_submissions')
			.select('status, assignee, data')
			.eq('id', submissionId)
			.single()
		expect(row.data).toEqual({ status: 'en_curso', assignee: adminId, data: { name: 'Semilla' } })
	})

	test('a cliente changes nothing of an item, and adds nothing to its thread', async () => {
		const update = await clients.clienteA
			.from('form_submissions')
			.update({ status: 'resuelta', assignee: null })
			.eq('id', submissionId)
			.select('id')
		expect(update.data ?? []).toEqual([])
		const note = await clients.clienteA
			.from('form_submission_events')
			.insert({ submission_id: submissionId, kind: 'nota', body: 'Intruso' })
		expect(note.status).toBe(403)
		const row = await clients.service.from('form_submissions').select('status').eq('id', submissionId).single()
		expect(row.data?.status).not.toBe('resuelta')
	})

	test('an admin writes in the thread as themselves only; a reply has a subject, a note has none', async () => {
		const forged = await clients.admin
			.from('form_submission_events')
			.insert({ submission_id: submissionId, kind: 'nota', body: 'En nombre de otro', author: clienteA.id })
		expect(forged.status).toBe(403)
		const own = await clients.admin
			.from('form_submission_events')
			.insert({ submission_id: submissionId, kind: 'respuesta', subject: 'Re: hola', body: 'Gracias' })
			.select('author')
		expect(own.data).toEqual([{ author: adminId }])
		const replyWithoutSubject = await clients.admin
			.from('form_submission_events')
			.insert({ submission_id: submissionId, kind: 'respuesta', body: 'Sin asunto' })
		expect(replyWithoutSubject.error?.code).toBe('23514')
		const blank = await clients.admin
			.from('form_submission_events')
			.insert({ submission_id: submissionId, kind: 'nota', body: '   ' })
		expect(blank.error?.code).toBe('23514')
	})

	test('the inbox list is searched without accents and filtered by status, kind and assignee', async () => {
		const email = uniqueEmail('bandeja')
		const sent = await clients.service
			.from('form_submissions')
			.insert([
				{ form_type: 'Contacto General', data: { name: 'Íñigo Pérez', email, message: 'Facturación' } },
				{ form_type: 'investor_contact', data: { fullName: 'Inversora', email, message: 'Ronda' } },
			])
			.select('id')
		expect(sent.error).toBeNull()
		const list = async (filters: Record<string, unknown>) => {
			const result = await clients.admin.rpc('admin_soporte', { termino: email, desde: 0, cuantos: 20, ...filters })
			expect(result.error).toBeNull()
			return result.data as { total: number; rows: { form_type: string; nombre: string; status: string }[] }
		}
		expect((await list({})).total).toBe(2)
		expect((await list({ tipo: 'investor_contact' })).rows.map((row) => row.nombre)).toEqual(['Inversora'])
		expect((await list({ estado: 'resuelta' })).total).toBe(0)
		const unaccented = await clients.admin.rpc('admin_soporte', { termino: 'inigo perez', desde: 0, cuantos: 20 })
		expect((unaccented.data as { rows: { nombre: string }[] }).rows.map((row) => row.nombre)).toContain('Íñigo Pérez')
		const first = sent.data?.[0]?.id ?? ''
		await clients.admin.from('form_submissions').update({ assignee: adminId }).eq('id', first)
		expect((await list({ asignado: adminId })).rows.map((row) => row.nombre)).toEqual(['Íñigo Pérez'])
		expect((await list({ sin_asignar: true })).rows.map((row) => row.nombre)).toEqual(['Inversora'])
		const refused = await clients.clienteA.rpc('admin_soporte', { termino: '', desde: 0, cuantos: 20 })
		expect(refused.error?.code).toBe('42501')
	})
})

describe('support requests from the portal', () => {
	const open = (db: SupabaseClient, fields: Record<string, unknown>) =>
		db.from('form_submissions').insert(fields).select().single()
	const request = (subject: string) => ({ form_type: 'soporte', data: { subject, message: 'Hola' } })

	test('a cliente opens their own request, with their real name and address whatever they send', async () => {
		const opened = await open(clients.clienteA, {
			form_type: 'soporte',
			data: { subject: 'Factura', message: 'Hola', name: 'Otra persona', email: 'otra@kia.test' },
		})
		expect(opened.error).toBeNull()
		expect(opened.data).toMatchObject({ solicitante: clienteA.id, status: 'nueva', assignee: null })
		expect(opened.data?.data).toEqual({
			subject: 'Factura',
			message: 'Hola',
			name: clienteA.email.split('@')[0],
			email: clienteA.email,
		})
	})

	test('a cliente cannot open one in another’s name, pre-set its status, send a site form, or name another’s assistant', async () => {
		const [foreignAssistant, ownAssistant] = await Promise.all(
			[clienteB, clienteA].map(async (user) => {
				const found = await clients.service.from('asistentes').select('id').eq('user_id', user.id).limit(1)
				return found.data?.[0]?.id ?? ''
			}),
		)
		for (const fields of [
			{ ...request('Suplantación'), solicitante: clienteB.id },
			{ ...request('Resuelta'), status: 'resuelta' },
			{ ...request('Asignada'), assignee: adminId },
			{ form_type: 'Contacto General', data: { name: 'Sin pasar por el servidor' } },
		]) {
			const refused = await open(clients.clienteA, fields)
			expect(refused.error?.code, JSON.stringify(fields)).toBe('42501')
		}
		const borrowed = await open(clients.clienteA, { ...request('Ajeno'), asistente_id: foreignAssistant })
		expect(borrowed.error?.message).toContain('soporte_asistente_ajeno')
		const own = await open(clients.clienteA, { ...request('Propio'), asistente_id: ownAssistant })
		expect(own.data?.asistente_id).toBe(ownAssistant)
		const anonymous = await clients.anon.from('form_submissions').insert(request('Anónima'))
		expect(anonymous.status).toBe(401)
	})

	test('a cliente reads their requests and the replies, never another’s nor the team’s notes', async () => {
		const { data } = await open(clients.clienteA, request('Con nota'))
		const id = data?.id ?? ''
		const note = await clients.admin
			.from('form_submission_events')
			.insert({ submission_id: id, kind: 'nota', body: 'Solo el equipo' })
		const answer = await clients.admin
			.from('form_submission_events')
			.insert({ submission_id: id, kind: 'respuesta', subject: 'Re: Con nota', body: 'Respuesta' })
		expect(note.error ?? answer.error).toBeNull()
		const thread = await clienteA.client.from('form_submission_events').select('kind, body').eq('submission_id', id)
		expect(thread.data).toEqual([{ kind: 'respuesta', body: 'Respuesta' }])
		const byOther = await clienteB.client.from('form_submissions').select('id').eq('id', id)
		expect(byOther.data).toEqual([])
		const otherThread = await clienteB.client.from('form_submission_events').select('id').eq('submission_id', id)
		expect(otherThread.data).toEqual([])
	})

	test('a cliente writes on their own request only, as themselves, and only as the client', async () => {
		const { data } = await open(clients.clienteA, request('Hilo'))
		const id = data?.id ?? ''
		const written = await clienteA.client
			.from('form_submission_events')
			.insert({ submission_id: id, kind: 'cliente', body: 'Más datos' })
			.select('author')
		expect(written.data).toEqual([{ author: clienteA.id }])
		for (const [who, fields] of [
			[clienteB, { submission_id: id, kind: 'cliente', body: 'Intruso' }],
			[clienteA, { submission_id: id, kind: 'nota', body: 'Nota propia' }],
			[clienteA, { submission_id: id, kind: 'respuesta', subject: 'Re', body: 'Falsa respuesta' }],
			[clienteA, { submission_id: submissionId, kind: 'cliente', body: 'En un formulario ajeno' }],
			[clienteA, { submission_id: id, kind: 'cliente', body: 'Como otro', author: clienteB.id }],
		] as const) {
			const refused = await who.client.from('form_submission_events').insert(fields)
			expect(refused.status, JSON.stringify(fields)).toBe(403)
		}
		const asClient = await clients.admin
			.from('form_submission_events')
			.insert({ submission_id: id, kind: 'cliente', body: 'El equipo no habla por el cliente' })
		expect(asClient.status).toBe(403)
	})

	test('a client’s message reopens a resolved request: new if nobody had it, in progress for its assignee', async () => {
		for (const [assignee, reopenedAs] of [
			[null, 'nueva'],
			[adminId, 'en_curso'],
		] as const) {
			const { data } = await open(clients.clienteA, request(`Reabrir ${reopenedAs}`))
			const id = data?.id ?? ''
			await clients.admin.from('form_submissions').update({ status: 'resuelta', assignee }).eq('id', id).throwOnError()
			await clienteA.client
				.from('form_submission_events')
				.insert({ submission_id: id, kind: 'cliente', body: 'Sigue pasando' })
				.throwOnError()
			const row = await clients.service.from('form_submissions').select('status, assignee').eq('id', id).single()
			expect(row.data).toEqual({ status: reopenedAs, assignee })
		}
	})

	test('the thread still takes notes and messages once its assignee is no longer an admin', async () => {
		const former = await createUser(supabase.url, uniqueEmail('soporte-ex-admin'), { role: 'admin' })
		const { data } = await open(clients.clienteA, request('Asignada a quien ya no es admin'))
		const id = data?.id ?? ''
		await clients.admin.from('form_submissions').update({ assignee: former.id }).eq('id', id).throwOnError()
		await clients.service.from('usuarios').update({ role: 'cliente' }).eq('id', former.id).throwOnError()
		const note = await clients.admin
			.from('form_submission_events')
			.insert({ submission_id: id, kind: 'nota', body: 'Reasignar' })
		expect(note.error).toBeNull()
		const message = await clienteA.client
			.from('form_submission_events')
			.insert({ submission_id: id, kind: 'cliente', body: '¿Alguna novedad?' })
		expect(message.error).toBeNull()
		await clients.service.auth.admin.deleteUser(former.id)
	})

	test('one client opens at most 10 requests and writes at most 30 messages an hour', async () => {
		const busy = await createUser(supabase.url, uniqueEmail('soporte-prisa'))
		for (let count = 0; count < 10; count++) {
			await busy.client
				.from('form_submissions')
				.insert(request(`Solicitud ${count}`))
				.throwOnError()
		}
		const eleventh = await open(busy.client, request('Una más'))
		expect(eleventh.error?.message).toContain('soporte_limite')
		const { data } = await clients.service
			.from('form_submissions')
			.select('id')
			.eq('solicitante', busy.id)
			.limit(1)
			.single()
		const message = { submission_id: data?.id ?? '', kind: 'cliente', body: 'Otra vez' }
		await busy.client
			.from('form_submission_events')
			.insert(Array.from({ length: 30 }, () => message))
			.throwOnError()
		const thirtyFirst = await busy.client.from('form_submission_events').insert(message)
		expect(thirtyFirst.error?.message).toContain('soporte_limite')
		// Out of the user counts of the admin list tests.
		await clients.service.auth.admin.deleteUser(busy.id)
	})

	test('the inbox finds a request by its subject, without accents; a deleted client takes their requests along', async () => {
		const leaving = await createUser(supabase.url, uniqueEmail('soporte-baja'))
		const { data } = await open(leaving.client, request('Migración de la cuenta'))
		const found = await clients.admin.rpc('admin_soporte', {
			termino: 'migracion de la cuenta',
			desde: 0,
			cuantos: 20,
			tipo: 'soporte',
		})
		const rows = (found.data as { rows: { id: string; extracto: string }[] }).rows
		expect(rows).toContainEqual(expect.objectContaining({ id: data?.id, extracto: 'Migración de la cuenta · Hola' }))
		await clients.service.auth.admin.deleteUser(leaving.id)
		const gone = await clients.service.from('form_submissions').select('id').eq('solicitante', leaving.id)
		expect(gone.data).toEqual([])
	})
})

describe('submission keys (issue 66)', () => {
	const request = (subject: string, clave: string) => ({
		form_type: 'soporte',
		data: { subject, message: 'Hola' },
		clave,
	})
	// As the portal writes: a repeat of a key already stored is no error and stores nothing.
	const openOnce = (user: TestUser, row: TablesInsert<'form_submissions'>) =>
		user.client.from('form_submissions').upsert(row, { onConflict: 'clave', ignoreDuplicates: true }).select('id')
	const writeOnce = (user: TestUser, row: TablesInsert<'form_submission_events'>) =>
		user.client.from('form_submission_events').upsert(row, { onConflict: 'clave', ignoreDuplicates: true }).select('id')
	const jobs = async (clave: string) =>
		(await clients.service.from('trabajos').select('id').eq('clave', clave).throwOnError()).data.length

	test('a client’s key starts with their own id: one with another’s is refused, on requests and on threads', async () => {
		const foreign = await clienteA.client.from('form_submissions').insert(request('Clave ajena', `${clienteB.id}:x`))
		expect(foreign.error?.code).toBe('42501')
		const own = await clienteA.client
			.from('form_submissions')
			.insert(request('Clave propia', `${clienteA.id}:propia`))
			.select('id')
			.single()
		expect(own.error).toBeNull()
		const id = own.data?.id ?? ''
		const message = { submission_id: id, kind: 'cliente', body: 'Más datos' }
		const foreignMessage = await clienteA.client
			.from('form_submission_events')
			.insert({ ...message, clave: `${clienteB.id}:mensaje` })
		expect(foreignMessage.error?.code).toBe('42501')
		const foreignReply = await clients.admin
			.from('form_submission_events')
			.insert({ submission_id: id, kind: 'respuesta', subject: 'Re', body: 'Hola', clave: `${clienteA.id}:respuesta` })
		expect(foreignReply.error?.code).toBe('42501')
		const ownMessage = await clienteA.client
			.from('form_submission_events')
			.insert({ ...message, clave: `${clienteA.id}:mensaje` })
		expect(ownMessage.error).toBeNull()
	})

	test('a request or a message sent again with its key is stored once and told once, even at the hourly cap', async () => {
		const busy = await createUser(supabase.url, uniqueEmail('soporte-repite'))
		for (let count = 0; count < 9; count++) {
			await busy.client
				.from('form_submissions')
				.insert({ form_type: 'soporte', data: { subject: `Solicitud ${count}`, message: 'Hola' } })
				.throwOnError()
		}
		const tenth = request('La décima', `${busy.id}:decima`)
		const first = await openOnce(busy, tenth)
		expect(first.error).toBeNull()
		const id = first.data?.[0]?.id ?? ''
		const again = await openOnce(busy, tenth)
		expect(again).toMatchObject({ error: null, data: [] })
		const stored = await clients.service.from('form_submissions').select('id').eq('solicitante', busy.id)
		expect(stored.data).toHaveLength(10)
		expect(await jobs(`envio:${id}:aviso`)).toBe(1)

		const message = { submission_id: id, kind: 'cliente', body: 'Otra vez', clave: `${busy.id}:mensaje` }
		const written = await writeOnce(busy, message)
		const repeated = await writeOnce(busy, message)
		expect(repeated).toMatchObject({ error: null, data: [] })
		expect(await jobs(`evento:${written.data?.[0]?.id}`)).toBe(1)
		const thread = await clients.service.from('form_submission_events').select('id').eq('submission_id', id)
		expect(thread.data).toHaveLength(1)
		await clients.service.auth.admin.deleteUser(busy.id)
	})
})
