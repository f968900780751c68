import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { LocalSupabase } from '../../../local/supabase/server'
import { startRlsWorld, type Actor } from '../../support/rls-world'
import type { TestUser } from '../../support/supabase'
import { uniqueEmail, uniqueName, uniqueSlot, uniqueSlots } from '../../support/unique'

// The admin list functions: only an admin gets the lists: the policies and grants of supabase/migrations are what is tested (decision 003).
let supabase: LocalSupabase
let clients: Record<Actor, SupabaseClient>
let clienteA: TestUser
let clienteB: TestUser

beforeAll(async () => {
	;({ supabase, clients, clienteA, clienteB } = await startRlsWorld())
})
afterAll(() => supabase.stop())

describe('admin list functions', () => {
	const args = (termino: string) => ({ termino, desde: 0, cuantos: 20 })

	test('an admin gets one counted page of bookings, newest first, searched on nombre, email and motivo', async () => {
		const all = await clients.admin.rpc('admin_reservas', args(''))
		expect(all.error).toBeNull()
		const { total, rows } = all.data as { total: number; rows: { fecha: string; hora: string; email: string }[] }
		const { count } = await clients.service.from('reservas').select('id', { count: 'exact', head: true })
		expect(total).toBe(count)
		const order = rows.map((row) => `${row.fecha} ${row.hora}`)
		expect(order).toEqual([...order].sort().reverse())

		const byEmail = await clients.admin.rpc('admin_reservas', args(clienteA.email.slice(0, 12).toUpperCase()))
		expect((byEmail.data as { rows: { email: string }[] }).rows.map((row) => row.email)).toEqual([clienteA.email])
	})

	test('the unsearched total, kept by triggers, follows inserts and deletes of one row or many', async () => {
		const total = async () => ((await clients.admin.rpc('admin_reservas', args(''))).data as { total: number }).total
		const exact = async () =>
			(await clients.service.from('reservas').select('id', { count: 'exact', head: true })).count
		const before = await total()
		expect(before).toBe(await exact())

		const email = uniqueEmail('recuento')
		const added = await clients.service
			.from('reservas')
			.insert(uniqueSlots(3).map((slot) => ({ ...slot, nombre: 'Recuento', email })))
			.select('id')
		expect(added.error).toBeNull()
		expect(await total()).toBe(before + 3)

		const removedOne = await clients.service
			.from('reservas')
			.delete()
			.eq('id', added.data?.[0]?.id ?? '')
		expect(removedOne.error).toBeNull()
		expect(await total()).toBe(before + 2)
		await clients.service.from('reservas').delete().eq('email', email)
		expect(await total()).toBe(before)
		expect(await total()).toBe(await exact())
	})

	test('a search term is matched literally: % and _ are not wildcards', async () => {
		for (const termino of ['%', '_', '\\']) {
			const result = await clients.admin.rpc('admin_usuarios', args(termino))
			expect(result.error).toBeNull()
			expect(result.data).toMatchObject({ total: 0, rows: [] })
		}
		const page = await clients.admin.rpc('admin_usuarios', { termino: '', desde: 1, cuantos: 2 })
		expect(page.data).toMatchObject({ total: 4 })
		expect((page.data as { rows: unknown[] }).rows).toHaveLength(2)
	})

	test('a search ignores accents and case, in the rows and in the term', async () => {
		const email = uniqueEmail('acentos')
		const inserted = await clients.service
			.from('reservas')
			.insert({ ...uniqueSlot(), nombre: 'José Ñúñez García', email, motivo: 'Facturación' })
		expect(inserted.error).toBeNull()
		for (const termino of ['jose nunez', 'JOSÉ ÑÚÑEZ', 'nunez garcia', 'ñuñez']) {
			const found = await clients.admin.rpc('admin_reservas', args(termino))
			expect(
				(found.data as { rows: { email: string }[] }).rows.map((row) => row.email),
				termino,
			).toContain(email)
		}
		const renamed = await clients.clienteB
			.from('usuarios')
			.update({ full_name: 'Álvaro Íñiguez' })
			.eq('id', clienteB.id)
		expect(renamed.error).toBeNull()
		const user = await clients.admin.rpc('admin_usuarios', args('alvaro iniguez'))
		expect(user.data).toMatchObject({ total: 1, rows: [{ id: clienteB.id }] })
	})

	test('bookings filter by status and date range; the total counts the filtered rows', async () => {
		const email = uniqueEmail('filtros')
		const [first, second, third] = uniqueSlots(3)
		const inserted = await clients.service.from('reservas').insert([
			{ ...first, nombre: 'Filtro', email, status: 'confirmada' },
			{ ...second, nombre: 'Filtro', email, status: 'cancelada' },
			{ ...third, nombre: 'Filtro', email, status: 'confirmada' },
		])
		expect(inserted.error).toBeNull()
		const filtered = async (filters: { estado?: string; fecha_desde?: string; fecha_hasta?: string }) => {
			const result = await clients.admin.rpc('admin_reservas', { ...args(email), ...filters })
			expect(result.error).toBeNull()
			const { total, rows } = result.data as { total: number; rows: { fecha: string; status: string }[] }
			expect(rows).toHaveLength(total)
			return rows
		}
		expect(await filtered({})).toHaveLength(3)
		expect((await filtered({ estado: 'cancelada' })).map((row) => row.fecha)).toEqual([second?.fecha])
		expect(await filtered({ estado: 'confirmada' })).toHaveLength(2)
		// Slots of one lane may share a day: what each range should hold is counted from the rows themselves.
		const rows = [
			{ fecha: first?.fecha ?? '', status: 'confirmada' },
			{ fecha: second?.fecha ?? '', status: 'cancelada' },
			{ fecha: third?.fecha ?? '', status: 'confirmada' },
		]
		const expected = (desde: string, hasta: string, estado?: string) =>
			rows.filter((row) => row.fecha >= desde && row.fecha <= hasta && (!estado || row.status === estado)).length
		const middle = second?.fecha ?? ''
		expect(await filtered({ fecha_desde: middle, fecha_hasta: middle })).toHaveLength(expected(middle, middle))
		expect(await filtered({ fecha_desde: middle })).toHaveLength(expected(middle, '9999-12-31'))
		expect(await filtered({ fecha_hasta: middle, estado: 'cancelada' })).toHaveLength(1)
		expect(await filtered({ fecha_hasta: first?.fecha, estado: 'cancelada' })).toHaveLength(
			expected('0000-01-01', first?.fecha ?? '', 'cancelada'),
		)
		expect(await filtered({ fecha_desde: third?.fecha, fecha_hasta: first?.fecha })).toHaveLength(
			expected(third?.fecha ?? '', first?.fecha ?? ''),
		)
	})

	test('the export reads every matching booking once, in keyset pages, newest first', async () => {
		const email = uniqueEmail('exportar')
		const inserted = await clients.service
			.from('reservas')
			.insert(uniqueSlots(5).map((slot) => ({ ...slot, nombre: 'Exportar', email })))
		expect(inserted.error).toBeNull()
		type Row = { id: string; fecha: string; hora: string }
		const seen: Row[] = []
		let after: Row | undefined
		for (let page = 0; page < 5; page++) {
			const result = await clients.admin.rpc('admin_reservas_exportar', {
				termino: email,
				cuantos: 2,
				...(after ? { tras_fecha: after.fecha, tras_hora: after.hora, tras_id: after.id } : {}),
			})
			expect(result.error).toBeNull()
			const rows = result.data as Row[]
			seen.push(...rows)
			after = rows.at(-1)
			if (rows.length < 2) break
		}
		expect(seen).toHaveLength(5)
		expect(new Set(seen.map((row) => row.id)).size).toBe(5)
		const order = seen.map((row) => `${row.fecha} ${row.hora}`)
		expect(order).toEqual([...order].sort().reverse())
		const cliente = await clients.clienteA.rpc('admin_reservas_exportar', { termino: '', cuantos: 10 })
		expect(cliente.error?.code).toBe('42501')
	})

	test('the users list marks open invitations and can show only them, until the invitation is accepted', async () => {
		const email = uniqueEmail('invitada')
		const invited = await clients.service.auth.admin.inviteUserByEmail(email, { data: { full_name: 'Inés Invitada' } })
		expect(invited.error).toBeNull()
		const id = invited.data.user?.id ?? ''
		type Listed = { total: number; rows: { id: string; invitado_en: string | null }[] }
		const list = async (pendientes?: boolean) => {
			const result = await clients.admin.rpc('admin_usuarios', { ...args(''), cuantos: 100, pendientes })
			expect(result.error).toBeNull()
			return result.data as Listed
		}
		try {
			const everyone = await list()
			const invitedAt = everyone.rows.find((row) => row.id === id)?.invitado_en
			expect(Date.parse(invitedAt ?? '')).toBe(Date.parse(invited.data.user?.invited_at ?? ''))
			expect(everyone.rows.filter((row) => row.invitado_en).map((row) => row.id)).toEqual([id])
			expect(await list(true)).toMatchObject({ total: 1, rows: [{ id }] })

			const accepted = await clients.service.auth.admin.updateUserById(id, { email_confirm: true })
			expect(accepted.error).toBeNull()
			expect(await list(true)).toEqual({ total: 0, rows: [] })
			expect((await list()).rows.find((row) => row.id === id)?.invitado_en).toBeNull()

			const cliente = await clients.clienteA.rpc('admin_usuarios', { ...args(''), pendientes: true })
			expect(cliente.error?.code).toBe('42501')
		} finally {
			await clients.service.auth.admin.deleteUser(id)
		}
	})

	test('the users list tells each one’s plan, sign-up, confirmed demos and an e-mail never confirmed', async () => {
		const marker = uniqueName('detalles')
		const account = async (label: string, confirmed: boolean) => {
			const created = await clients.service.auth.admin.createUser({
				email: uniqueEmail(label),
				password: 'contraseña-segura-1',
				email_confirm: confirmed,
				user_metadata: { full_name: `${label} ${marker}` },
			})
			if (created.error) throw created.error
			return created.data.user
		}
		const [suscrita, pagada, pendiente] = await Promise.all([
			account('Ana', true),
			account('Bea', true),
			account('Carla', false),
		])
		const subscription = (id: string, userId: string, plan: string, periodo: string, status: string, at: string) => ({
			id: `sub_${marker}_${id}`,
			user_id: userId,
			customer_id: `cus_${marker}`,
			price_id: 'price_detalles',
			plan,
			periodo,
			status,
			created_at: at,
		})
		const [first, second, third] = uniqueSlots(3)
		const booking = { nombre: 'Ana', email: suscrita.email ?? '', user_id: suscrita.id, status: 'confirmada' }
		const written = await Promise.all([
			clients.service
				.from('suscripciones')
				.insert([
					subscription('vieja', suscrita.id, 'enterprise', 'annual', 'canceled', '2026-01-01T10:00:00Z'),
					subscription('viva', suscrita.id, 'business', 'monthly', 'active', '2026-02-01T10:00:00Z'),
					subscription('cancelada', pagada.id, 'starter', 'monthly', 'canceled', '2026-03-01T10:00:00Z'),
				]),
			clients.service.from('pagos').insert({
				id: `cs_${marker}`,
				user_id: pagada.id,
				customer_id: `cus_${marker}`,
				price_id: 'price_detalles',
				plan: 'enterprise',
				periodo: 'annual',
				amount_total: 1000,
				currency: 'eur',
				status: 'paid',
			}),
			clients.service.from('reservas').insert([
				{ ...first, ...booking },
				{ ...second, ...booking },
				{ ...third, ...booking, status: 'cancelada' },
			]),
		])
		expect(written.map((result) => result.error)).toEqual([null, null, null])

		const result = await clients.admin.rpc('admin_usuarios', args(marker))
		expect(result.error).toBeNull()
		const { rows } = result.data as {
			rows: { id: string; alta: string; plan: string | null; periodo: string | null; demos: number }[]
		}
		expect(rows).toMatchObject([
			{ id: suscrita.id, plan: 'business', periodo: 'monthly', demos: 2, sin_confirmar: false, invitado_en: null },
			{ id: pagada.id, plan: 'enterprise', periodo: 'annual', demos: 0, sin_confirmar: false },
			{ id: pendiente.id, plan: null, periodo: null, demos: 0, sin_confirmar: true, invitado_en: null },
		])
		expect(Date.parse(rows[0]?.alta ?? '')).toBe(Date.parse(suscrita.created_at))
	})

	test('only the service role counts rate-limit hits', async () => {
		const hit = { p_key: 'rls:rpc', p_limit: 5, p_window_seconds: 60 }
		for (const actor of ['anon', 'clienteA', 'admin'] as const) {
			const result = await clients[actor].rpc('hit_rate_limit', hit)
			expect(result.status, actor).toBe(actor === 'anon' ? 401 : 403)
		}
		const service = await clients.service.rpc('hit_rate_limit', hit)
		expect(service.data).toBe(true)
	})

	test('a cliente and an anonymous caller are refused, whatever they ask for', async () => {
		for (const list of ['admin_reservas', 'admin_usuarios', 'admin_reservas_exportar']) {
			const cliente = await clients.clienteA.rpc(
				list,
				list === 'admin_reservas_exportar' ? { termino: '', cuantos: 5 } : args(''),
			)
			expect(cliente.status).toBe(403)
			expect(cliente.error?.code).toBe('42501')
			const anon = await clients.anon.rpc(
				list,
				list === 'admin_reservas_exportar' ? { termino: '', cuantos: 5 } : args(''),
			)
			expect(anon.status).toBe(401)
		}
	})
})
