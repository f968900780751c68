import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { LocalSupabase } from '../../../local/supabase/server'
import { adminId, startRlsWorld, type Actor } from '../../support/rls-world'
import { createUser, serviceClient, type TestUser } from '../../support/supabase'
import { uniqueEmail, uniqueSlot } from '../../support/unique'

// Who may change and delete what: every API role against the tables, straight against /rest/v1: the policies and grants of supabase/migrations are what is tested (decision 003).
let supabase: LocalSupabase
let clients: Record<Actor, SupabaseClient>
let clienteA: TestUser
let clienteB: TestUser
let junction: { post_id: string; tag_id: string }

beforeAll(async () => {
	;({ supabase, clients, clienteA, clienteB, junction } = await startRlsWorld())
})
afterAll(() => supabase.stop())

describe('update', () => {
	test('a cliente updates their own profile, and nobody else’s', async () => {
		const own = await clienteA.client.from('usuarios').update({ nombre: 'Ana' }).eq('id', clienteA.id).select('nombre')
		expect(own.data).toEqual([{ nombre: 'Ana' }])
		const other = await clienteA.client
			.from('usuarios')
			.update({ nombre: 'Hackeado' })
			.eq('id', clienteB.id)
			.select('nombre')
		expect(other.data).toEqual([])
		const check = await serviceClient(supabase.url).from('usuarios').select('nombre').eq('id', clienteB.id).single()
		expect(check.data?.nombre).toBeNull()
	})

	test('role escalation and e-mail changes by a cliente fail, through update and upsert alike', async () => {
		const role = await clienteA.client.from('usuarios').update({ role: 'admin' }).eq('id', clienteA.id)
		expect(role.status).toBe(403)
		const email = await clienteA.client.from('usuarios').update({ email: 'otro@kia.test' }).eq('id', clienteA.id)
		expect(email.status).toBe(403)
		const upsertRole = await clienteA.client.from('usuarios').upsert({ id: clienteA.id, role: 'admin' })
		expect(upsertRole.status).toBe(403)
		const upsertEmail = await clienteA.client.from('usuarios').upsert({ id: clienteA.id, email: 'otro@kia.test' })
		expect(upsertEmail.status).toBe(403)
		const profile = await serviceClient(supabase.url)
			.from('usuarios')
			.select('role, email')
			.eq('id', clienteA.id)
			.single()
		expect(profile.data).toEqual({ role: 'cliente', email: clienteA.email })
	})

	test('the role guard treats claims without a role as the least privileged caller, not as a migration', async () => {
		// PostgREST always sets a role claim, so this drives the guard below the API, as a request would reach it.
		const escalate = (claims: Record<string, string>, sessionRole: string | null) =>
			supabase.db.transaction(async (tx) => {
				if (sessionRole) await tx.query(`set local role ${sessionRole}`)
				await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)])
				await tx.query(`update public.usuarios set role = 'admin' where id = $1`, [clienteA.id])
			})
		await expect(escalate({ sub: clienteA.id }, 'authenticated')).rejects.toThrow(
			'Solo un administrador puede cambiar el rol',
		)
		await expect(escalate({ sub: clienteA.id }, null)).rejects.toThrow('Solo un administrador puede cambiar el rol')
		await expect(escalate({ sub: clienteA.id, role: '' }, null)).rejects.toThrow(
			'Solo un administrador puede cambiar el rol',
		)
		// Claims are a setting anyone running SQL can write: who the statement runs as decides (issue 64, finding 11).
		await expect(escalate({ sub: clienteA.id, role: 'service_role' }, 'authenticated')).rejects.toThrow(
			'Solo un administrador puede cambiar el rol',
		)
		const profile = await serviceClient(supabase.url).from('usuarios').select('role').eq('id', clienteA.id).single()
		expect(profile.data?.role).toBe('cliente')
	})

	test('the role guard still trusts SQL run with no API request at all, as migrations and seeds are', async () => {
		const promoted = await supabase.db.transaction(async (tx) => {
			await tx.query('savepoint before_promotion')
			await tx.query(`update public.usuarios set role = 'admin' where id = $1`, [clienteB.id])
			const { rows } = await tx.query<{ role: string }>(`select role from public.usuarios where id = $1`, [clienteB.id])
			await tx.query('rollback to savepoint before_promotion')
			return rows[0]?.role
		})
		expect(promoted).toBe('admin')
	})

	test('an admin edits another user’s name, phone and role, but not their own role, nor anyone’s e-mail', async () => {
		const edited = await clients.admin
			.from('usuarios')
			.update({ full_name: 'Beatriz López', phone: '+34600111222', role: 'admin' })
			.eq('id', clienteB.id)
			.select('full_name, phone, role')
		expect(edited.data).toEqual([{ full_name: 'Beatriz López', phone: '+34600111222', role: 'admin' }])
		const selfDemote = await clients.admin.from('usuarios').update({ role: 'cliente' }).eq('id', adminId)
		expect(selfDemote.status).toBe(403)
		const email = await clients.admin.from('usuarios').update({ email: 'x@kia.test' }).eq('id', clienteA.id)
		expect(email.status).toBe(403)
		const demoteOther = await clients.admin.from('usuarios').update({ role: 'cliente' }).eq('id', clienteB.id)
		expect(demoteOther.error).toBeNull()
	})

	test.each(['reservas', 'blog_posts', 'form_submissions'])('only the service role updates %s', async (table) => {
		for (const actor of ['anon', 'clienteA', 'admin'] as const) {
			const result = await clients[actor].from(table).update({ id: crypto.randomUUID() }).neq('id', crypto.randomUUID())
			expect(result.status, `${actor} on ${table}`).toBe(actor === 'anon' ? 401 : 403)
		}
		const service = await clients.service.from(table).update({}).neq('id', crypto.randomUUID())
		expect(service.error).toBeNull()
	})

	// Tables the server alone writes (billing, rate limits) or only seeds (blog tags): one column each, set to
	// a value no row has, so the service role's update touches nothing.
	const untouchable: Record<string, { column: string; value: string }> = {
		blog_tags: { column: 'name', value: 'sin-fila' },
		blog_post_tags: { column: 'post_id', value: crypto.randomUUID() },
		rate_limits: { column: 'key', value: 'sin-fila' },
		suscripciones: { column: 'status', value: 'sin-fila' },
		pagos: { column: 'status', value: 'sin-fila' },
		facturas: { column: 'status', value: 'sin-fila' },
		stripe_customers: { column: 'customer_id', value: 'cus_sin_fila' },
		stripe_eventos: { column: 'type', value: 'sin-fila' },
		boletin_suscriptores: { column: 'email', value: 'sin-fila@kia.test' },
		asistente_preguntas: { column: 'pregunta', value: 'sin-fila' },
	}
	test.each(Object.keys(untouchable))('only the service role updates %s', async (table) => {
		const { column, value } = untouchable[table] ?? { column: '', value: '' }
		for (const actor of ['anon', 'clienteA', 'clienteB', 'admin'] as const) {
			const result = await clients[actor]
				.from(table)
				.update({ [column]: value })
				.eq(column, value)
			expect(result.status, `${actor} on ${table}`).toBe(actor === 'anon' ? 401 : 403)
			expect(result.error?.code, `${actor} on ${table}`).toBe('42501')
		}
		const service = await clients.service
			.from(table)
			.update({ [column]: value })
			.eq(column, value)
		expect(service.error).toBeNull()
	})
})

describe('delete', () => {
	test.each([
		'usuarios',
		'reservas',
		'blog_posts',
		'blog_tags',
		'form_submissions',
		'form_submission_events',
		'boletin_suscriptores',
		'suscripciones',
		'pagos',
		'facturas',
		'stripe_eventos',
	])('only the service role deletes from %s', async (table) => {
		for (const actor of ['anon', 'clienteA', 'clienteB', 'admin'] as const) {
			const result = await clients[actor].from(table).delete().eq('id', clienteA.id)
			expect(result.status, `${actor} on ${table}`).toBe(actor === 'anon' ? 401 : 403)
		}
		const service = await clients.service.from(table).delete().eq('id', crypto.randomUUID())
		expect(service.status).toBe(204)
	})

	test.each([
		['blog_post_tags', 'post_id'],
		['rate_limits', 'key'],
		['stripe_customers', 'user_id'],
	])('only the service role deletes from %s', async (table, column) => {
		// Real rows' keys for the others; a key no row has for the service role.
		const existing = { post_id: junction.post_id, key: 'sin-fila', user_id: clienteA.id }[column] ?? ''
		for (const actor of ['anon', 'clienteA', 'clienteB', 'admin'] as const) {
			const result = await clients[actor].from(table).delete().eq(column, existing)
			expect(result.status, `${actor} on ${table}`).toBe(actor === 'anon' ? 401 : 403)
		}
		const service = await clients.service
			.from(table)
			.delete()
			.eq(column, column === 'key' ? 'sin-fila' : crypto.randomUUID())
		expect(service.status).toBe(204)
	})

	test('deleting a user removes their profile and assistants and keeps the company’s booking history', async () => {
		const user = await createUser(supabase.url, uniqueEmail('baja'))
		const service = serviceClient(supabase.url)
		const upcoming = uniqueSlot()
		await service.from('reservas').insert([
			{ user_id: user.id, fecha: '2024-05-03', hora: '12:00', nombre: 'Baja', email: user.email },
			{ user_id: user.id, ...upcoming, nombre: 'Baja', email: user.email },
		])
		await service.from('asistentes').insert({ user_id: user.id, nombre: 'A' })
		expect((await service.auth.admin.deleteUser(user.id)).error).toBeNull()
		expect((await service.from('usuarios').select('id').eq('id', user.id)).data).toEqual([])
		expect((await service.from('asistentes').select('id').eq('user_id', user.id)).data).toEqual([])
		const history = await service
			.from('reservas')
			.select('user_id, email, fecha, status')
			.eq('email', user.email)
			.order('fecha')
		// The past meeting is history as it was; the upcoming one no longer holds its slot (issue 18, finding 9).
		expect(history.data).toEqual([
			{ user_id: null, email: user.email, fecha: '2024-05-03', status: 'confirmada' },
			{ user_id: null, email: user.email, fecha: upcoming.fecha, status: 'cancelada' },
		])
		const rebooked = await service.from('reservas').insert({ ...upcoming, nombre: 'Otra', email: 'otra@kia.test' })
		expect(rebooked.error).toBeNull()
	})
})
