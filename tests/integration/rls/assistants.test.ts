import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { LocalSupabase } from '../../../local/supabase/server'
import { startRlsWorld, type Actor } from '../../support/rls-world'
import type { TestUser } from '../../support/supabase'

// Assistants (/admin/asistentes and the portal): what each role may read and change: the policies and grants of supabase/migrations are what is tested (decision 003).
let supabase: LocalSupabase
let clients: Record<Actor, SupabaseClient>
let clienteA: TestUser
let clienteB: TestUser

beforeAll(async () => {
	;({ supabase, clients, clienteA, clienteB } = await startRlsWorld())
})
afterAll(() => supabase.stop())

describe('assistants (Asistentes)', () => {
	const assistant = (userId: string, fields: Record<string, unknown> = {}) => ({
		user_id: userId,
		nombre: 'Asistente fiscal',
		empresa: 'Gestoría Íñiguez',
		canales: ['web', 'whatsapp'],
		estado: 'en_preparacion',
		...fields,
	})

	test('an admin creates, changes and deletes a client’s assistant; only that client sees it', async () => {
		const created = await clients.admin
			.from('asistentes')
			.insert(assistant(clienteA.id, { nota: 'Nota para el cliente' }))
			.select('id')
			.single()
		expect(created.error).toBeNull()
		const id = created.data?.id ?? ''
		const changed = await clients.admin
			.from('asistentes')
			.update({ estado: 'activo', fecha_activacion: '2026-11-03', canales: ['web', 'email', 'pagos'] })
			.eq('id', id)
			.select('estado, fecha_activacion, canales')
		expect(changed.data).toEqual([
			{ estado: 'activo', fecha_activacion: '2026-11-03', canales: ['web', 'email', 'pagos'] },
		])
		const seen = await clienteA.client.from('asistentes').select('nombre, estado, canales, nota').eq('id', id)
		expect(seen.data).toEqual([
			{
				nombre: 'Asistente fiscal',
				estado: 'activo',
				canales: ['web', 'email', 'pagos'],
				nota: 'Nota para el cliente',
			},
		])
		expect((await clienteB.client.from('asistentes').select('id').eq('id', id)).data).toEqual([])
		const deleted = await clients.admin.from('asistentes').delete().eq('id', id).select('id')
		expect(deleted.data).toEqual([{ id }])
		expect((await clienteA.client.from('asistentes').select('id').eq('id', id)).data).toEqual([])
	})

	test('a cliente cannot create, change or delete an assistant, not even their own', async () => {
		const created = await clienteA.client.from('asistentes').insert(assistant(clienteA.id))
		expect(created.status).toBe(403)
		expect(created.error?.code).toBe('42501')
		const own = await clients.service.from('asistentes').insert(assistant(clienteA.id)).select('id').single()
		const id = own.data?.id ?? ''
		const changed = await clienteA.client.from('asistentes').update({ estado: 'en_pausa' }).eq('id', id).select('id')
		expect(changed.data).toEqual([])
		const deleted = await clienteA.client.from('asistentes').delete().eq('id', id).select('id')
		expect(deleted.data).toEqual([])
		const anonymous = await clients.anon.from('asistentes').delete().eq('id', id)
		expect(anonymous.status).toBe(401)
		const after = await clients.service.from('asistentes').select('estado').eq('id', id).single()
		expect(after.data?.estado).toBe('en_preparacion')
	})

	test('whose an assistant is never changes through the API, not even by an admin', async () => {
		const own = await clients.service.from('asistentes').insert(assistant(clienteA.id)).select('id').single()
		const moved = await clients.admin
			.from('asistentes')
			.update({ user_id: clienteB.id })
			.eq('id', own.data?.id ?? '')
		expect(moved.status).toBe(403)
		expect(moved.error?.code).toBe('42501')
	})

	test('the database refuses an assistant live without a date, or with no channel, an unknown one or an unknown status', async () => {
		for (const fields of [
			{ estado: 'activo' },
			{ canales: [] },
			{ canales: ['web', 'telegram'] },
			{ estado: 'borrado' },
			{ nombre: '   ' },
			{ nota: 'x'.repeat(1001) },
		]) {
			const refused = await clients.admin.from('asistentes').insert(assistant(clienteA.id, fields))
			expect(refused.error?.code, JSON.stringify(fields).slice(0, 60)).toBe('23514')
		}
		const live = await clients.admin
			.from('asistentes')
			.insert(assistant(clienteA.id, { estado: 'activo', fecha_activacion: '2026-11-03' }))
		expect(live.error).toBeNull()
	})

	test('admin_asistentes: a counted page searched on the assistant and its client, filtered by status and channel', async () => {
		// A company name of this test's own, so other tests' assistants stay out of its counts.
		const empresa = `Gestoría Ñandú ${crypto.randomUUID().slice(0, 8)}`
		// One at a time: the list is newest first, and rows of one statement share their creation time.
		for (const fields of [
			{ nombre: 'Recordatorios', canales: ['whatsapp'], estado: 'activo', fecha_activacion: '2026-10-01' },
			{ nombre: 'Cobros', canales: ['web', 'pagos'], estado: 'en_pausa' },
		]) {
			const added = await clients.service.from('asistentes').insert(assistant(clienteB.id, { ...fields, empresa }))
			expect(added.error).toBeNull()
		}
		const list = (filters: Record<string, string>, termino = empresa) =>
			clients.admin.rpc('admin_asistentes', { termino, desde: 0, cuantos: 20, ...filters })
		const all = await list({})
		expect(all.data).toMatchObject({
			total: 2,
			rows: [
				{ nombre: 'Cobros', cliente_email: clienteB.email },
				{ nombre: 'Recordatorios', cliente_email: clienteB.email },
			],
		})
		expect((await list({}, empresa.toUpperCase().replace('Ñ', 'N').replace('Í', 'I'))).data).toMatchObject({ total: 2 })
		expect((await list({ estado: 'activo' })).data).toMatchObject({ total: 1, rows: [{ nombre: 'Recordatorios' }] })
		expect((await list({ canal: 'pagos' })).data).toMatchObject({ total: 1, rows: [{ nombre: 'Cobros' }] })
		expect((await list({ canal: 'email' })).data).toMatchObject({ total: 0, rows: [] })
		const byClient = await list({}, clienteB.email)
		expect((byClient.data as { rows: { cliente_email: string }[] }).rows.map((row) => row.cliente_email)).toEqual(
			Array((byClient.data as { total: number }).total).fill(clienteB.email),
		)
		const refused = await clients.clienteA.rpc('admin_asistentes', { termino: '', desde: 0, cuantos: 20 })
		expect(refused.error?.code).toBe('42501')
	})
})
