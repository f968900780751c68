import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { LocalSupabase } from '../../../local/supabase/server'
import { adminId, startRlsWorld, type Actor } from '../../support/rls-world'
import type { TestUser } from '../../support/supabase'

// The booking rules of /admin/ajustes: what each role may read and change: the policies and grants of supabase/migrations are what is tested (decision 003).
let supabase: LocalSupabase
let clients: Record<Actor, SupabaseClient>
let clienteA: TestUser

beforeAll(async () => {
	;({ supabase, clients, clienteA } = await startRlsWorld())
})
afterAll(() => supabase.stop())

describe('booking rules (Ajustes)', () => {
	test('an admin changes the rules, and the log says who, before and after; a cliente changes nothing', async () => {
		const byCliente = await clients.clienteA
			.from('reglas_reservas')
			.update({ maximo_pendientes: 20 })
			.eq('id', true)
			.select('id')
		expect(byCliente.data ?? []).toEqual([])
		const byAnon = await clients.anon.from('reglas_reservas').update({ maximo_pendientes: 20 }).eq('id', true)
		expect(byAnon.status).toBe(401)
		const changed = await clients.admin
			.from('reglas_reservas')
			.update({ maximo_pendientes: 4, horas: ['10:00', '16:30'] })
			.eq('id', true)
			.select('maximo_pendientes, horas')
		expect(changed.data).toEqual([{ maximo_pendientes: 4, horas: ['10:00:00', '16:30:00'] }])
		const log = await clients.admin
			.from('cambios_ajustes')
			.select('autor, tipo, antes, despues')
			.eq('tipo', 'reglas')
			.order('id', { ascending: false })
			.limit(1)
			.single()
		expect(log.data).toMatchObject({
			autor: adminId,
			antes: { maximo_pendientes: 3, horas: expect.arrayContaining(['13:30:00']) },
			despues: { maximo_pendientes: 4, horas: ['10:00:00', '16:30:00'] },
		})
		const quarterPast = await clients.admin
			.from('reglas_reservas')
			.update({ horas: ['10:15'] })
			.eq('id', true)
		expect(quarterPast.error?.code).toBe('23514')
		const noDays = await clients.admin.from('reglas_reservas').update({ dias: [] }).eq('id', true)
		expect(noDays.error?.code).toBe('23514')
		const restored = await clients.admin
			.from('reglas_reservas')
			.update({ maximo_pendientes: 3, horas: ['10:00', '10:30', '11:00', '11:30', '12:00', '12:30', '13:00', '13:30'] })
			.eq('id', true)
		expect(restored.error).toBeNull()
	})

	test('blocks: an admin adds one as themselves and removes it; a cliente neither reads, adds nor removes', async () => {
		const forged = await clients.admin
			.from('bloqueos_reservas')
			.insert({ desde: '2099-02-01', hasta: '2099-02-01', motivo: 'Falso', creado_por: clienteA.id })
		expect(forged.status).toBe(403)
		const backwards = await clients.admin
			.from('bloqueos_reservas')
			.insert({ desde: '2099-02-02', hasta: '2099-02-01', motivo: 'Al revés' })
		expect(backwards.error?.code).toBe('23514')
		const added = await clients.admin
			.from('bloqueos_reservas')
			.insert({ desde: '2099-03-01', hasta: '2099-03-05', motivo: 'Vacaciones' })
			.select('id, creado_por')
			.single()
		expect(added.data?.creado_por).toBe(adminId)
		const id = added.data?.id ?? ''
		const removedByCliente = await clients.clienteA.from('bloqueos_reservas').delete().eq('id', id).select('id')
		expect(removedByCliente.data ?? []).toEqual([])
		const insertByCliente = await clients.clienteA
			.from('bloqueos_reservas')
			.insert({ desde: '2099-04-01', hasta: '2099-04-01', motivo: 'Intruso' })
		expect(insertByCliente.status).toBe(403)
		const removed = await clients.admin.from('bloqueos_reservas').delete().eq('id', id).select('id')
		expect(removed.data).toEqual([{ id }])
		const log = await clients.admin
			.from('cambios_ajustes')
			.select('autor, tipo, antes, despues')
			.in('tipo', ['bloqueo_creado', 'bloqueo_eliminado'])
			.order('id', { ascending: false })
			.limit(2)
		expect(log.data).toMatchObject([
			{ autor: adminId, tipo: 'bloqueo_eliminado', antes: { motivo: 'Vacaciones' }, despues: null },
			{ autor: adminId, tipo: 'bloqueo_creado', antes: null, despues: { desde: '2099-03-01', hasta: '2099-03-05' } },
		])
		const rewrite = await clients.admin.from('cambios_ajustes').update({ tipo: 'reglas' }).neq('id', 0)
		expect(rewrite.status).toBe(403)
		const erase = await clients.admin.from('cambios_ajustes').delete().neq('id', 0)
		expect(erase.status).toBe(403)
		const noRules = await clients.admin.from('reglas_reservas').delete().eq('id', true)
		expect(noRules.status).toBe(403)
	})
})
