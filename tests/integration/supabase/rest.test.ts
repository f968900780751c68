import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Database } from '../../../app/lib/database.types'
import type { LocalSupabase } from '../../../local/supabase/server'
import { signJwt } from '../../../local/supabase/jwt'
import { localServiceRoleKey } from '../../support/keys'
import { client, raw, serviceClient, startTestSupabase } from '../../support/supabase'
import { uniqueName, uniqueSlot } from '../../support/unique'

// Expected statuses, headers and bodies come from SUPABASE-CONTRACT.md (PostgREST v14's sources).
let supabase: LocalSupabase
const clienteId = 'c0000000-0000-4000-8000-000000000001'

beforeAll(async () => {
	supabase = await startTestSupabase()
})
afterAll(() => supabase.stop())

const service = () => serviceClient(supabase.url)
const anon = () => client(supabase.url)
/** For requests the schema's types rule out on purpose (a missing column, an unknown function): the server must refuse them. */
const untyped = (typed: SupabaseClient<Database>): SupabaseClient => typed

describe('select', () => {
	test('columns, aliases and a many-to-many embed through the junction', async () => {
		const { data, error } = await anon()
			.from('blog_posts')
			.select('titulo:title, slug, blog_tags(name)')
			.eq('slug', 'verifactu-que-cambia-y-como-prepararte')
			.single()
		expect(error).toBeNull()
		expect(data?.titulo).toContain('VERIFACTU')
		expect(data?.blog_tags.map((tag: { name: string }) => tag.name).sort()).toEqual(['Automatización', 'VERIFACTU'])
	})

	test('to-one embeds are objects, to-many arrays ([] when empty)', async () => {
		const junction = await anon().from('blog_post_tags').select('blog_posts(slug), blog_tags(name)').limit(1).single()
		expect(junction.data?.blog_posts).toEqual({ slug: expect.any(String) })
		expect(junction.data?.blog_tags).toEqual({ name: expect.any(String) })
		await service().from('blog_tags').insert({ name: 'Sin artículos' })
		const tags = await anon()
			.from('blog_tags')
			.select('name, blog_post_tags(post_id)')
			.eq('name', 'Sin artículos')
			.single()
		expect(tags.data?.blog_post_tags).toEqual([])
	})

	test('!inner with an embedded filter keeps only parents that match', async () => {
		const { data } = await anon()
			.from('blog_posts')
			.select('slug, blog_tags!inner(name)')
			.eq('blog_tags.name', 'VERIFACTU')
		expect(data?.map((post) => post.slug)).toEqual(['verifactu-que-cambia-y-como-prepararte'])
	})

	test('a filter follows a path into a json column, as PostgREST’s arrows do', async () => {
		const email = `ruta-${crypto.randomUUID()}@kia.test`
		await service()
			.from('form_submissions')
			.insert({ form_type: 'Contacto General', data: { name: 'Ruta', email, origen: { ciudad: 'Mutxamel' } } })
			.throwOnError()
		const byText = await service().from('form_submissions').select('data').eq('data->>email', email)
		expect(byText.data).toEqual([{ data: { name: 'Ruta', email, origen: { ciudad: 'Mutxamel' } } }])
		const nested = await service()
			.from('form_submissions')
			.select('form_type')
			.eq('data->>email', email)
			.eq('data->origen->>ciudad', 'Mutxamel')
		expect(nested.data).toEqual([{ form_type: 'Contacto General' }])
		const none = await service().from('form_submissions').select('id').eq('data->>email', 'nadie@kia.test')
		expect(none.data).toEqual([])
		const notJson = await untyped(service()).from('form_submissions').select('id').eq('form_type->>x', 'y')
		expect(notJson.status).toBe(404)
		expect(notJson.error?.code).toBe('42883')
	})

	test('a relationship that does not exist is PGRST200', async () => {
		const response = await raw(supabase.url, '/rest/v1/blog_posts?select=*,usuarios(*)')
		expect(response.status).toBe(400)
		expect(((await response.json()) as { code: string }).code).toBe('PGRST200')
	})

	test('filters: eq, neq, gt/gte/lt/lte, like/ilike, in, is, not, or with and', async () => {
		const db = service().from('reservas')
		const all = await db.select('id, fecha, hora, status, motivo').eq('user_id', clienteId)
		expect(all.data).toHaveLength(5)
		const count = async (query: PromiseLike<{ data: unknown[] | null }>) => (await query).data?.length
		expect(await count(service().from('reservas').select('id').eq('status', 'cancelada'))).toBe(2)
		expect(await count(service().from('reservas').select('id').neq('status', 'cancelada'))).toBe(3)
		expect(await count(service().from('reservas').select('id').gte('hora', '12:00'))).toBe(2)
		expect(await count(service().from('reservas').select('id').lt('hora', '11:00'))).toBe(2)
		expect(
			await count(
				service().from('reservas').select('id').gt('fecha', new Date().toISOString().slice(0, 10)).lte('hora', '13:30'),
			),
		).toBe(3)
		expect(await count(service().from('reservas').select('id').ilike('motivo', '%whatsapp%'))).toBe(1)
		expect(await count(service().from('reservas').select('id').like('motivo', '%WhatsApp%'))).toBe(1)
		expect(await count(service().from('reservas').select('id').in('hora', ['10:00', '10:30']))).toBe(2)
		expect(await count(service().from('reservas').select('id').is('motivo', null))).toBe(1)
		expect(await count(service().from('reservas').select('id').not('motivo', 'is', null))).toBe(4)
		expect(
			await count(
				service().from('reservas').select('id').or('motivo.ilike.*verifactu*,and(status.eq.cancelada,motivo.is.null)'),
			),
		).toBe(2)
	})

	test('order by several columns with nulls placement, limit, offset and range', async () => {
		const ordered = await service()
			.from('reservas')
			.select('motivo')
			.order('motivo', { ascending: true, nullsFirst: true })
		expect(ordered.data?.[0]?.motivo).toBeNull()
		const byDate = await service()
			.from('reservas')
			.select('fecha, hora')
			.order('fecha', { ascending: false })
			.order('hora', { ascending: false })
		const keys = byDate.data?.map((row) => `${row.fecha} ${row.hora}`) ?? []
		expect(keys).toEqual([...keys].sort().reverse())
		const page = await service().from('reservas').select('fecha').order('fecha').range(1, 2)
		expect(page.data).toEqual(
			byDate.data
				?.slice()
				.reverse()
				.slice(1, 3)
				.map(({ fecha }) => ({ fecha })),
		)
	})

	test('count=exact: Content-Range with the total, 206 for a partial page, 416 past the end', async () => {
		const response = await raw(supabase.url, '/rest/v1/blog_posts?select=slug&limit=2', {
			headers: { Prefer: 'count=exact' },
		})
		expect(response.status).toBe(206)
		expect(response.headers.get('content-range')).toBe('0-1/6')
		expect(response.headers.get('preference-applied')).toBe('count=exact')
		const whole = await raw(supabase.url, '/rest/v1/blog_posts?select=slug', { headers: { Prefer: 'count=exact' } })
		expect(whole.status).toBe(200)
		expect(whole.headers.get('content-range')).toBe('0-5/6')
		const none = await raw(supabase.url, '/rest/v1/blog_posts?select=slug&slug=eq.nada', {
			headers: { Prefer: 'count=exact' },
		})
		expect(none.headers.get('content-range')).toBe('*/0')
		const past = await raw(supabase.url, '/rest/v1/blog_posts?select=slug&offset=50', {
			headers: { Prefer: 'count=exact' },
		})
		expect(past.status).toBe(416)
		expect(((await past.json()) as { code: string }).code).toBe('PGRST103')
		const noCount = await raw(supabase.url, '/rest/v1/blog_posts?select=slug&limit=3')
		expect(noCount.headers.get('content-range')).toBe('0-2/*')
		const rangeHeader = await raw(supabase.url, '/rest/v1/blog_posts?select=slug', { headers: { Range: '0-1' } })
		expect(((await rangeHeader.json()) as unknown[]).length).toBe(2)
	})

	test('single(): one row as an object, otherwise 406 PGRST116', async () => {
		const one = await raw(supabase.url, '/rest/v1/blog_tags?select=name&name=eq.VERIFACTU', {
			headers: { Accept: 'application/vnd.pgrst.object+json' },
		})
		expect(one.status).toBe(200)
		expect(one.headers.get('content-type')).toBe('application/vnd.pgrst.object+json; charset=utf-8')
		expect(await one.json()).toEqual({ name: 'VERIFACTU' })
		const none = await raw(supabase.url, '/rest/v1/blog_tags?select=name&name=eq.Nada', {
			headers: { Accept: 'application/vnd.pgrst.object+json' },
		})
		expect(none.status).toBe(406)
		expect(await none.json()).toEqual({
			code: 'PGRST116',
			details: 'The result contains 0 rows',
			hint: null,
			message: 'Cannot coerce the result to a single JSON object',
		})
	})
})

describe('writes', () => {
	test('insert: 201, empty body by default, the row with return=representation', async () => {
		const minimal = await raw(supabase.url, '/rest/v1/blog_tags', {
			method: 'POST',
			key: localServiceRoleKey,
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ name: 'Fiscalidad' }),
		})
		expect(minimal.status).toBe(201)
		expect(await minimal.text()).toBe('')
		expect(minimal.headers.get('content-range')).toBe('*/*')

		const full = await raw(supabase.url, '/rest/v1/blog_tags?select=name', {
			method: 'POST',
			key: localServiceRoleKey,
			headers: { 'Content-Type': 'application/json', Prefer: 'return=representation' },
			body: JSON.stringify([{ name: 'Contabilidad' }, { name: 'Nóminas' }]),
		})
		expect(full.status).toBe(201)
		expect(full.headers.get('preference-applied')).toBe('return=representation')
		expect(await full.json()).toEqual([{ name: 'Contabilidad' }, { name: 'Nóminas' }])
	})

	test('upsert merges duplicates on the primary key or on_conflict', async () => {
		const first = await service()
			.from('blog_tags')
			.upsert({ name: 'Laboral' }, { onConflict: 'name' })
			.select('id, name')
			.single()
		const again = await service()
			.from('blog_tags')
			.upsert({ name: 'Laboral' }, { onConflict: 'name' })
			.select('id, name')
			.single()
		expect(again.data?.id).toBe(first.data?.id)
		const profile = await service()
			.from('usuarios')
			.upsert({ id: clienteId, nombre: 'Javi' })
			.select('nombre, apellidos')
			.single()
		expect(profile.data).toEqual({ nombre: 'Javi', apellidos: 'Ortega' })
	})

	test('upsert with merge-duplicates: 201 when a row was inserted, 200 when every row already existed', async () => {
		const [first, second] = [uniqueName('etiqueta'), uniqueName('etiqueta')]
		const tags = () => service().from('blog_tags')
		const allNew = await tags().upsert([{ name: first }], { onConflict: 'name' })
		expect(allNew.error).toBeNull()
		expect(allNew.status).toBe(201)
		const allExisting = await tags().upsert([{ name: first }], { onConflict: 'name' })
		expect(allExisting.error).toBeNull()
		expect(allExisting.status).toBe(200)
		const mixed = await tags().upsert([{ name: first }, { name: second }], { onConflict: 'name' })
		expect(mixed.status).toBe(201)
		const represented = await tags()
			.upsert([{ name: first }, { name: second }], { onConflict: 'name' })
			.select('name')
		expect(represented.status).toBe(200)
		expect(represented.data).toEqual([{ name: first }, { name: second }])
		const nothing = await tags().upsert([], { onConflict: 'name' })
		expect(nothing.status).toBe(200)

		const minimal = await raw(supabase.url, '/rest/v1/blog_tags?on_conflict=name', {
			method: 'POST',
			key: localServiceRoleKey,
			headers: { 'Content-Type': 'application/json', Prefer: 'resolution=merge-duplicates' },
			body: JSON.stringify([{ name: first }]),
		})
		expect(minimal.status).toBe(200)
		expect(minimal.headers.get('preference-applied')).toBe('resolution=merge-duplicates')
		expect(await minimal.text()).toBe('')
	})

	test('upsert with ignore-duplicates answers 201, even when it inserted nothing', async () => {
		const name = uniqueName('etiqueta')
		const tags = () => service().from('blog_tags')
		expect((await tags().upsert({ name }, { onConflict: 'name', ignoreDuplicates: true })).status).toBe(201)
		const ignored = await tags().upsert({ name }, { onConflict: 'name', ignoreDuplicates: true }).select('name')
		expect(ignored.status).toBe(201)
		expect(ignored.data).toEqual([])
	})

	test('update and delete: 204 minimal, 200 with rows; unmatched filters change nothing', async () => {
		const update = await raw(supabase.url, '/rest/v1/blog_tags?name=eq.Laboral', {
			method: 'PATCH',
			key: localServiceRoleKey,
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ name: 'Derecho laboral' }),
		})
		expect(update.status).toBe(204)
		const deleted = await service().from('blog_tags').delete().eq('name', 'Derecho laboral').select('name')
		expect(deleted.status).toBe(200)
		expect(deleted.data).toEqual([{ name: 'Derecho laboral' }])
		const nothing = await service().from('blog_tags').delete().eq('name', 'No existe').select()
		expect(nothing.data).toEqual([])
	})

	test('a singular write that does not match exactly one row is rolled back with 406', async () => {
		const response = await raw(supabase.url, '/rest/v1/usuarios?prefijo_pais=eq.%2B34', {
			method: 'PATCH',
			key: localServiceRoleKey,
			headers: {
				'Content-Type': 'application/json',
				Accept: 'application/vnd.pgrst.object+json',
				Prefer: 'return=representation',
			},
			body: JSON.stringify({ telefono: '600000000' }),
		})
		expect(response.status).toBe(406)
		expect(((await response.json()) as { details: string }).details).toBe('The result contains 2 rows')
		const changed = await service().from('usuarios').select('id').eq('telefono', '600000000')
		expect(changed.data).toEqual([])
	})

	test('database errors carry their SQLSTATE and PostgREST’s status', async () => {
		const slot = { ...uniqueSlot(), nombre: 'A', email: 'a@kia.test' }
		expect((await service().from('reservas').insert(slot)).status).toBe(201)
		const duplicate = await service()
			.from('reservas')
			.insert({ ...slot, nombre: 'B', email: 'b@kia.test' })
		expect(duplicate.status).toBe(409)
		expect(duplicate.error?.code).toBe('23505')
		const foreignKey = await service()
			.from('blog_post_tags')
			.insert({ post_id: crypto.randomUUID(), tag_id: crypto.randomUUID() })
		expect(foreignKey.status).toBe(409)
		expect(foreignKey.error?.code).toBe('23503')
		const weekend = await service()
			.from('reservas')
			.insert({ ...slot, fecha: '2026-12-05', nombre: 'C' })
		expect(weekend.status).toBe(400)
		expect(weekend.error?.code).toBe('23514')
		const notNull = await untyped(service()).from('reservas').insert(uniqueSlot())
		expect(notNull.error?.code).toBe('23502')
	})

	test('two concurrent bookings of one slot: one is created, the other gets 409', async () => {
		const slot = { ...uniqueSlot(), nombre: 'Cliente', email: 'c@kia.test' }
		const results = await Promise.all([
			service().from('reservas').insert(slot),
			service()
				.from('reservas')
				.insert({ ...slot, nombre: 'Otro' }),
		])
		expect(results.map((result) => result.status).sort()).toEqual([201, 409])
		const rows = await service()
			.from('reservas')
			.select('id')
			.eq('fecha', slot.fecha)
			.eq('hora', slot.hora)
			.eq('status', 'confirmada')
		expect(rows.data).toHaveLength(1)
	})
})

describe('malformed requests get PostgREST’s 4xx', () => {
	test.each([
		['/rest/v1/no_existe', 404, 'PGRST205'],
		['/rest/v1/blog_posts?select=nope', 400, '42703'],
		['/rest/v1/blog_posts?slug=nope.x', 400, 'PGRST100'],
		['/rest/v1/blog_posts?slug=eq', 400, 'PGRST100'],
		['/rest/v1/blog_posts?published_at=is.maybe', 400, 'PGRST100'],
		['/rest/v1/blog_posts?or=(slug.eq.a', 400, 'PGRST100'],
		['/rest/v1/blog_posts?order=slug.sideways', 400, 'PGRST100'],
		['/rest/v1/blog_posts?limit=-1', 400, 'PGRST100'],
		['/rest/v1/blog_posts?select=*,nope(*)', 400, 'PGRST200'],
		['/rest/v1/blog_posts?nope.name=eq.x', 400, 'PGRST108'],
	])('%s → %i %s', async (path, status, code) => {
		const response = await raw(supabase.url, path)
		expect(response.status).toBe(status)
		const body = (await response.json()) as Record<string, unknown>
		expect(body.code).toBe(code)
		expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message'])
	})

	test('bad JSON and unknown columns in a write', async () => {
		const badJson = await raw(supabase.url, '/rest/v1/blog_tags', {
			method: 'POST',
			key: localServiceRoleKey,
			body: '{"name":',
		})
		expect(badJson.status).toBe(400)
		expect(((await badJson.json()) as { code: string }).code).toBe('PGRST102')
		const unknown = await raw(supabase.url, '/rest/v1/blog_tags', {
			method: 'POST',
			key: localServiceRoleKey,
			body: '{"nombre":"x"}',
		})
		expect(unknown.status).toBe(400)
		expect(((await unknown.json()) as { code: string }).code).toBe('PGRST204')
	})

	test('expired and forged JWTs: 401 with WWW-Authenticate', async () => {
		const expired = await signJwt({ role: 'authenticated', sub: clienteId, exp: Math.floor(Date.now() / 1000) - 60 })
		const response = await raw(supabase.url, '/rest/v1/reservas', { token: expired })
		expect(response.status).toBe(401)
		expect(((await response.json()) as { code: string }).code).toBe('PGRST303')
		expect(response.headers.get('www-authenticate')).toContain('invalid_token')
		const forged = `${expired.split('.').slice(0, 2).join('.')}.firma-falsa`
		const forgedResponse = await raw(supabase.url, '/rest/v1/reservas', { token: forged })
		expect(forgedResponse.status).toBe(401)
		expect(((await forgedResponse.json()) as { code: string }).code).toBe('PGRST301')
	})

	test('rpc: named arguments, the caller’s EXECUTE privilege, unknown functions', async () => {
		const allowed = await service().rpc('hit_rate_limit', { p_key: 'prueba', p_limit: 2, p_window_seconds: 60 })
		expect(allowed.data).toBe(true)
		await service().rpc('hit_rate_limit', { p_key: 'prueba', p_limit: 2, p_window_seconds: 60 })
		const third = await service().rpc('hit_rate_limit', { p_key: 'prueba', p_limit: 2, p_window_seconds: 60 })
		expect(third.data).toBe(false)
		const asAnon = await anon().rpc('hit_rate_limit', { p_key: 'x', p_limit: 1, p_window_seconds: 60 })
		expect(asAnon.status).toBe(401)
		expect(asAnon.error?.code).toBe('42501')
		const unknown = await untyped(anon()).rpc('no_existe', {})
		expect(unknown.status).toBe(404)
		expect(unknown.error?.code).toBe('PGRST202')
	})

	test('rpc: arguments with a default may be left out; a required one may not', async () => {
		// admin_reservas_exportar(termino, cuantos, estado default null, …): the service role is no admin, so
		// the function itself refuses (42501), which proves the call resolved.
		const resolved = await service().rpc('admin_reservas_exportar', { termino: '', cuantos: 1 })
		expect(resolved.error?.code).toBe('42501')
		const withOptional = await service().rpc('admin_reservas_exportar', {
			termino: '',
			cuantos: 1,
			estado: 'cancelada',
		})
		expect(withOptional.error?.code).toBe('42501')
		const missing = await untyped(service()).rpc('admin_reservas_exportar', { termino: '' })
		expect(missing.status).toBe(404)
		expect(missing.error?.code).toBe('PGRST202')
		const unknownArgument = await untyped(service()).rpc('admin_reservas_exportar', {
			termino: '',
			cuantos: 1,
			otro: 1,
		})
		expect(unknownArgument.error?.code).toBe('PGRST202')
	})

	test('outside the subset: 501 with a message', async () => {
		const fts = await raw(supabase.url, '/rest/v1/blog_posts?title=fts.verifactu')
		expect(fts.status).toBe(501)
	})
})

describe('max rows (config.toml’s max_rows, 1000, as hosted Supabase)', () => {
	const total = 1_205
	const keys = Array.from({ length: total }, (_, index) => `max-rows-${String(index).padStart(4, '0')}`)

	beforeAll(async () => {
		// Writes are not capped: the representation holds every row written.
		const written = await service()
			.from('rate_limits')
			.insert(keys.map((key) => ({ key, window_start: new Date().toISOString(), hits: 1 })))
			.select('key')
		expect(written.data).toHaveLength(total)
		await supabase.db.query(`create function public.numeros(hasta integer) returns setof integer
			language sql as $$ select generate_series(1, hasta) $$`)
	})
	afterAll(async () => {
		await service().from('rate_limits').delete().like('key', 'max-rows-%')
		await supabase.db.query('drop function public.numeros(integer)')
	})

	test('an unranged read returns the first 1000 rows, 200 with an open total, and no error', async () => {
		const response = await raw(supabase.url, '/rest/v1/rate_limits?select=key&key=like.max-rows-*&order=key', {
			key: localServiceRoleKey,
		})
		expect(response.status).toBe(200)
		expect(response.headers.get('content-range')).toBe('0-999/*')
		const rows = (await response.json()) as { key: string }[]
		expect(rows).toHaveLength(1_000)
		expect(rows.at(-1)?.key).toBe(keys[999])
	})

	test('with a count: 206 and the whole total; a range past the cap is cut to it; the rest by offset', async () => {
		const counted = await service().from('rate_limits').select('key', { count: 'exact' }).like('key', 'max-rows-%')
		expect(counted.status).toBe(206)
		expect(counted.count).toBe(total)
		expect(counted.data).toHaveLength(1_000)
		const asked = await service().from('rate_limits').select('key').like('key', 'max-rows-%').range(0, 1_199)
		expect(asked.data).toHaveLength(1_000)
		const rest = await service()
			.from('rate_limits')
			.select('key')
			.like('key', 'max-rows-%')
			.order('key')
			.range(1_000, 1_999)
		expect(rest.data?.map((row) => row.key)).toEqual(keys.slice(1_000))
	})

	test('a function’s set is cut the same way', async () => {
		const { data } = await untyped(service()).rpc('numeros', { hasta: total })
		expect(data).toHaveLength(1_000)
		expect((data as number[])[0]).toBe(1)
	})
})
