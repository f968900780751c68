import { afterAll, beforeAll, expect, test } from 'vitest'
import { createAccount, createAdminAccount } from '../support/data'
import { formPost } from '../support/form-posts'
import { sessionCookie } from '../support/hostile-input'
import { serviceClient } from '../support/supabase'
import { startTestApp, type TestApp } from '../support/test-app'
import { rawRequest } from '../support/urls'

// A session signed out keeps an access token whose signature checks out until it expires (15 minutes). Pages may
// still show what it opened; what changes state and the back office ask Supabase Auth first (issue 64, finding 7).
let stack: TestApp
beforeAll(async () => {
	stack = await startTestApp()
})
afterAll(() => stack?.stop())

const address = '203.0.113.41'

/** Signs the session of `cookie` out with 'Cerrar sesión', keeping the cookie as a copy of it would be kept. */
async function signOut(cookie: string) {
	const response = await formPost(stack.portal('/auth/salir'), {}, address, { Cookie: cookie })
	expect(response.status).toBe(302)
}

test('a signed-out session writes nothing, though its token still opens a page', async () => {
	const client = await createAccount('sesion-cerrada')
	const cookie = await sessionCookie(client.email)
	await signOut(cookie)
	expect((await rawRequest(stack.portal('/dashboard'), { headers: { Cookie: cookie } })).status).toBe(200)

	const saved = await formPost(
		stack.portal('/dashboard/cuenta'),
		{ nombre: 'Otra', apellidos: 'Persona', prefijo_pais: '+34', telefono: '', preferencia_comunicacion: 'email' },
		address,
		{ Cookie: cookie },
	)
	expect([saved.status, saved.headers.location]).toEqual([
		302,
		`/auth?${new URLSearchParams({ redirectTo: '/dashboard/cuenta' })}`,
	])
	const profile = await serviceClient().from('usuarios').select('nombre').eq('id', client.id).single()
	expect(profile.data?.nombre).toBeNull()
})

test('a signed-out admin session opens no page of the back office', async () => {
	const admin = await createAdminAccount('sesion-cerrada')
	const cookie = await sessionCookie(admin.email)
	expect((await rawRequest(stack.portal('/admin/usuarios'), { headers: { Cookie: cookie } })).status).toBe(200)
	await signOut(cookie)
	const after = await rawRequest(stack.portal('/admin/usuarios'), { headers: { Cookie: cookie } })
	expect([after.status, after.headers.location]).toEqual([
		302,
		`/auth?${new URLSearchParams({ redirectTo: '/admin/usuarios' })}`,
	])
})
