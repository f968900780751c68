import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { RouteConfigEntry } from '@react-router/dev/routes'
import routes from '../../app/routes'
import { formPost } from '../support/form-posts'
import { sessionCookie } from '../support/hostile-input'
import { createAccount, createAdminAccount, createSupportRequest } from '../support/data'
import { startTestApp, type TestApp } from '../support/test-app'
import { rawRequest } from '../support/urls'
import { serviceClient } from '../support/supabase'

// Every page of the portal's dashboard and back office, as anonymous, as a client and as an admin: the guards sit
// in the layouts' middleware, so a page added tomorrow is guarded without saying so (issue 65). The paths come from
// the route config itself: a new route is walked here the day it is added.
let stack: TestApp
let clientCookie: string
let adminCookie: string
/** A support request of each: a dashboard thread opens for whoever wrote it (the admin's own included). */
let clientRequest: string
let adminRequest: string
/** Each one's own assistant, whose documents page they open. */
const assistantOf = new Map<string, string>()

beforeAll(async () => {
	stack = await startTestApp()
	const [client, admin] = await Promise.all([createAccount('guardias'), createAdminAccount('guardias')])
	;[clientRequest, adminRequest] = await Promise.all([
		createSupportRequest(client.id, 'Guardias'),
		createSupportRequest(admin.id, 'Guardias'),
	])
	;[clientCookie, adminCookie] = await Promise.all([sessionCookie(client.email), sessionCookie(admin.email)])
	for (const [request, owner] of [
		[clientRequest, client.id],
		[adminRequest, admin.id],
	] as const) {
		const { data } = await serviceClient()
			.from('asistentes')
			.insert({ user_id: owner, nombre: 'Guardias' })
			.select('id')
			.single()
			.throwOnError()
		assistantOf.set(request, data.id)
	}
})
afterAll(() => stack?.stop())

/** The paths of every route under the layout whose file is `layoutFile`, as the route config declares them. */
function pathsUnder(entries: RouteConfigEntry[], layoutFile: string, inside = false): string[] {
	return entries.flatMap((entry) => {
		const here = inside || entry.file === layoutFile
		const own = here && entry.path !== undefined ? [`/${entry.path}`] : []
		return [...own, ...pathsUnder(entry.children ?? [], layoutFile, here)]
	})
}

const dashboardPaths = (requestId = clientRequest) =>
	pathsUnder(routes, 'routes/portal/dashboard/layout.tsx').map((path) =>
		path
			.replace('/asistentes/:id', `/asistentes/${assistantOf.get(requestId) ?? ''}`)
			.replace(':documento', '00000000-0000-4000-8000-000000000000')
			.replace(':id', requestId),
	)
/** The pages among them: the documents' upload (a POST) and download (a redirect to a file) are not. */
const dashboardPages = (requestId = clientRequest) =>
	dashboardPaths(requestId).filter((path) => !/\/(subir|descargar)$/.test(path))
const adminPaths = () =>
	pathsUnder(routes, 'routes/portal/admin/layout.tsx').map((path) => path.replace(':id', clientRequest))

async function visit(path: string, cookie: string) {
	const response = await rawRequest(stack.portal(path), { headers: cookie ? { Cookie: cookie } : {} })
	return { status: response.status, location: response.headers.location ?? null }
}

test('the route config has the pages this walk expects', () => {
	expect(dashboardPaths()).toContain('/dashboard/cuenta')
	expect(adminPaths()).toContain('/admin/usuarios')
	expect(adminPaths()).toContain('/admin/reuniones.csv')
})

describe('anonymous', () => {
	test('every dashboard and admin page sends to sign-in, coming back to it', async () => {
		for (const path of [...dashboardPaths(), ...adminPaths()]) {
			expect(await visit(path, ''), path).toEqual({
				status: 302,
				location: `/auth?${new URLSearchParams({ redirectTo: path })}`,
			})
		}
	})
})

describe('a client', () => {
	test('opens every dashboard page', async () => {
		for (const path of dashboardPages()) expect((await visit(path, clientCookie)).status, path).toBe(200)
	})

	test('is sent from every admin page to the dashboard', async () => {
		for (const path of adminPaths()) {
			expect(await visit(path, clientCookie), path).toEqual({ status: 302, location: '/dashboard' })
		}
	})

	test('posts to an admin page do not reach its action', async () => {
		const response = await formPost(stack.portal('/admin/usuarios'), { intent: 'delete', id: '0' }, '203.0.113.7', {
			Cookie: clientCookie,
		})
		expect([response.status, response.headers.location]).toEqual([302, '/dashboard'])
	})
})

describe('an admin', () => {
	test('opens every dashboard and admin page', async () => {
		for (const path of [...dashboardPages(adminRequest), ...adminPaths()]) {
			expect((await visit(path, adminCookie)).status, path).toBe(200)
		}
	})
})
