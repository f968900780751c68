import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { LocalSupabase } from '../../../local/supabase/server'
import { client, createUser, signedIn, startTestSupabase } from '../../support/supabase'
import { uniqueEmail } from '../../support/unique'

// Who may EXECUTE each function of the schemas the API roles can reach (public, which PostgREST exposes at
// /rest/v1/rpc, and private, which policies and triggers call), and use each sequence, straight from the catalogue
// (has_function_privilege counts grants to PUBLIC and Supabase's default privileges alike), so what a default grants
// fails here until it is listed with a reason.

let supabase: LocalSupabase
beforeAll(async () => {
	supabase = await startTestSupabase()
})
afterAll(() => supabase.stop())

type ApiRole = 'anon' | 'authenticated'

/**
 * What each API role may run in public, with why. anon runs nothing: no policy for anon calls a function, and no
 * page calls one without a session. Trigger functions are no one's to call: a trigger runs its function without
 * checking EXECUTE. service_role keeps everything (the server's rate limits and webhooks need it).
 */
const mayExecute: Record<ApiRole, Record<string, string>> = {
	anon: {},
	authenticated: {
		'is_admin()': 'RLS policies for signed-in callers ask it; it only says whether the caller is an admin',
		'require_admin()': 'the admin functions call it; it raises 42501 for anyone but an admin',
		'contains_pattern(text)': 'the admin search escapes what was typed with it; pure',
		'admin_reservas(text,integer,integer,text,date,date)': 'admin list; checks require_admin() first',
		'admin_reservas_exportar(text,integer,text,date,date,date,time without time zone,uuid)':
			'admin CSV export; checks require_admin() first',
		'admin_usuarios(text,integer,integer,boolean)': 'admin list; checks require_admin() first',
		'admin_soporte(text,integer,integer,text,text,uuid,boolean)': 'admin list; checks require_admin() first',
		'admin_asistentes(text,integer,integer,text,text)': 'admin list; checks require_admin() first',
		'admin_suscripciones(text,integer,integer,text,text,text)': 'admin list; checks require_admin() first',
		'admin_pagos(text,integer,integer,text,text)': 'admin list; checks require_admin() first',
		'admin_pagos_fallidos(text,integer,integer,text)': 'admin list; checks require_admin() first',
		'admin_asistente_web(text,integer,integer,text)':
			'admin list of the chat’s questions; checks require_admin() first',
		'ingresos_recurrentes(text[],timestamp with time zone)':
			'the revenue sums; runs as the caller, so RLS counts an admin’s rows or a client’s own',
		'private.plano(text)': 'the admin search folds accents with it; pure',
		'private.horas_de_media_hora(time without time zone[])':
			'the booking rules’ CHECK constraint calls it as the admin who writes them; pure',
		'reintentar_trabajo(bigint)': 'the back office’s Reintentar; checks require_admin() first',
		'admin_trabajos(text,integer,integer,text)': 'admin list of the work queue; checks require_admin() first',
		'admin_cola()': 'the admin panel’s queue figures; checks require_admin() first',
		'cupo_documentos(uuid)': 'an assistant’s plan and document count; refuses (42501) anyone but its owner or an admin',
		'registrar_documento(uuid,uuid,text,text,bigint,text)':
			'adds the caller’s own document once its file is in their folder, within the plan’s count; refuses another’s assistant',
		'buscar_pasajes(uuid,text[],integer)':
			'searches one assistant’s passages; refuses (42501) anyone but its owner or an admin',
		'reprocesar_documento(uuid)': 'the back office’s Reprocesar; checks require_admin() first',
		'admin_documentos(uuid,text,integer)': 'admin list of the documents; checks require_admin() first',
		'private.es_solicitud_propia(uuid)':
			'the support thread’s policies ask it; it only says whether the request is the caller’s',
	},
}

/** Signatures as PostgreSQL prints them with public on the search path: `name(args)`, `private.name(args)`. */
async function executableBy(role: ApiRole | 'service_role', schemas = ['public', 'private']) {
	const { rows } = await supabase.db.query<{ signature: string }>(
		`select p.oid::regprocedure::text as signature
		from pg_proc p join pg_namespace n on n.oid = p.pronamespace
		where n.nspname = any($2) and has_function_privilege($1, p.oid, 'EXECUTE')
		order by 1`,
		[role, schemas],
	)
	return rows.map((row) => row.signature)
}

describe('EXECUTE on the functions of public and private', () => {
	test.each(['anon', 'authenticated'] as const)('%s may run exactly the functions listed for it', async (role) => {
		expect(await executableBy(role)).toEqual(Object.keys(mayExecute[role]).sort())
	})

	test('the server (service_role) may still run every function of public', async () => {
		const { rows } = await supabase.db.query<{ count: number }>(
			`select count(*)::int as count from pg_proc p join pg_namespace n on n.oid = p.pronamespace
			where n.nspname = 'public'`,
		)
		expect(await executableBy('service_role', ['public'])).toHaveLength(rows[0]?.count ?? -1)
	})

	test.each(['anon', 'authenticated'] as const)('%s may use no sequence', async (role) => {
		const { rows } = await supabase.db.query<{ sequence: string }>(
			`select sequence from (
				select c.oid, c.oid::regclass::text as sequence from pg_class c join pg_namespace n on n.oid = c.relnamespace
				where c.relkind = 'S' and n.nspname in ('public', 'private') offset 0
			) s where has_sequence_privilege($1, s.oid, 'USAGE, SELECT, UPDATE')`,
			[role],
		)
		expect(rows).toEqual([])
	})

	test('a function a later migration adds is nobody’s but the server’s until it is granted', async () => {
		const granted = await supabase.db.transaction(async (tx) => {
			await tx.query('savepoint prueba')
			await tx.query(`create function public.prueba_sin_permisos() returns integer language sql as 'select 1'`)
			const { rows } = await tx.query<{ anon: boolean; authenticated: boolean; service_role: boolean }>(
				`select has_function_privilege('anon', 'public.prueba_sin_permisos()', 'EXECUTE') as anon,
					has_function_privilege('authenticated', 'public.prueba_sin_permisos()', 'EXECUTE') as authenticated,
					has_function_privilege('service_role', 'public.prueba_sin_permisos()', 'EXECUTE') as service_role`,
			)
			await tx.query('rollback to savepoint prueba')
			return rows[0]
		})
		expect(granted).toEqual({ anon: false, authenticated: false, service_role: true })
	})
})

describe('through the API', () => {
	const adminLists = {
		admin_soporte: { termino: '', desde: 0, cuantos: 1 },
		admin_asistentes: { termino: '', desde: 0, cuantos: 1 },
		admin_suscripciones: { termino: '', desde: 0, cuantos: 1 },
		admin_pagos: { termino: '', desde: 0, cuantos: 1 },
		admin_pagos_fallidos: { termino: '', desde: 0, cuantos: 1 },
		admin_asistente_web: { termino: '', desde: 0, cuantos: 1 },
		admin_reservas: { termino: '', desde: 0, cuantos: 1 },
		admin_usuarios: { termino: '', desde: 0, cuantos: 1 },
	} as const

	test.each(Object.entries(adminLists))(
		'anon is refused %s by the grant, before the function runs',
		async (name, args) => {
			const { error } = await client(supabase.url).rpc(name as keyof typeof adminLists, args)
			expect(error?.code).toBe('42501')
			expect(error?.message).toBe(`permission denied for function ${name}`)
		},
	)

	test.each(Object.entries(adminLists))(
		'a cliente reaches %s and is refused by its admin check',
		async (name, args) => {
			const cliente = await createUser(supabase.url, uniqueEmail('funciones'))
			const { error } = await cliente.client.rpc(name as keyof typeof adminLists, args)
			expect(error?.code).toBe('42501')
			expect(error?.message).toBe('Solo un administrador puede ver esta lista')
		},
	)

	test('an admin still gets the lists', async () => {
		const { client: admin } = await signedIn(supabase.url, 'admin@kia.test', 'kia-admin-2025')
		for (const [name, args] of Object.entries(adminLists)) {
			const { error } = await admin.rpc(name as keyof typeof adminLists, args)
			expect(error, name).toBeNull()
		}
	})
})
