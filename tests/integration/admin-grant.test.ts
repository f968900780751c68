import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { localSupabase } from '../../app/.server/supabase/local'
import type { LocalSupabase } from '../../local/supabase/server'
import { targetFrom } from '../../scripts/admin-grant'
import { localServiceRoleKey } from '../support/keys'
import { createUser, serviceClient, startTestSupabase } from '../support/supabase'
import { uniqueEmail } from '../support/unique'

let supabase: LocalSupabase
beforeAll(async () => {
	supabase = await startTestSupabase()
})
afterAll(() => supabase.stop())

/** `npm run admin:grant -- <email>` as an operator runs it, against this file's stand-in. */
async function grant(email: string) {
	try {
		const { stdout, stderr } = await promisify(execFile)(
			process.execPath,
			['--import', 'tsx', 'scripts/admin-grant.ts', email],
			{ env: { ...process.env, SUPABASE_URL: supabase.url, SUPABASE_SERVICE_ROLE_KEY: localServiceRoleKey } },
		)
		return { code: 0, stdout, stderr }
	} catch (error) {
		const failed = error as { code: number; stdout: string; stderr: string }
		return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
	}
}

async function roleOf(id: string) {
	const { data } = await serviceClient(supabase.url).from('usuarios').select('role').eq('id', id).single()
	return data?.role
}

// Each call starts a Node process with tsx: seconds on a loaded machine.
describe('npm run admin:grant', { timeout: 60_000 }, () => {
	test('makes an existing user admin, whatever the case of the address typed', async () => {
		const email = uniqueEmail('primer-admin')
		const user = await createUser(supabase.url, email)
		expect(await roleOf(user.id)).toBe('cliente')

		const first = await grant(email.toUpperCase())
		expect(first).toMatchObject({ code: 0, stdout: expect.stringContaining('es ahora administrador') })
		expect(await roleOf(user.id)).toBe('admin')

		expect(await grant(email)).toMatchObject({ code: 0, stdout: expect.stringContaining('ya era administrador') })
	})

	test('says so, and exits 1, when no user has that address', async () => {
		const result = await grant(uniqueEmail('nadie'))
		expect(result.code).toBe(1)
		expect(result.stderr).toContain('No hay ningún usuario con el correo')
	})

	test('without an address it prints its usage', async () => {
		const result = await grant('')
		expect(result.code).toBe(2)
		expect(result.stderr).toContain('Uso: npm run admin:grant -- <correo>')
	})

	test('uses the local stand-in when neither variable is set, and refuses half a configuration', () => {
		expect(targetFrom({})).toEqual({
			url: localSupabase.SUPABASE_URL,
			serviceRoleKey: localSupabase.SUPABASE_SERVICE_ROLE_KEY,
		})
		expect(() => targetFrom({ SUPABASE_URL: 'https://proyecto.supabase.co' })).toThrow('SUPABASE_SERVICE_ROLE_KEY')
	})
})
