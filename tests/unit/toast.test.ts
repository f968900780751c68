import { describe, expect, test } from 'vitest'
import { readToast, redirectWithToast } from '~/.server/http/toast'

function cookieFrom(response: Response) {
	return (response.headers.get('Set-Cookie') ?? '').split(';')[0] ?? ''
}

describe('flash toasts', () => {
	test('a toast set before a redirect is read once on the next request', async () => {
		const response = await redirectWithToast('/dashboard', {
			type: 'success',
			title: 'Perfil actualizado correctamente',
		})
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe('/dashboard')

		const { toast, headers } = await readToast(
			new Request('http://portal.kia.localhost/dashboard', { headers: { Cookie: cookieFrom(response) } }),
		)
		expect(toast).toMatchObject({ type: 'success', title: 'Perfil actualizado correctamente' })
		expect(headers.get('Set-Cookie')).toMatch(/kia-toast=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/)
	})

	test('a tampered cookie is ignored', async () => {
		const response = await redirectWithToast('/', { title: 'Hola' })
		const [name, value = ''] = cookieFrom(response).split('=')
		const tampered = `${name}=${value.slice(0, -4)}AAAA`
		const { toast } = await readToast(new Request('http://kia.localhost/', { headers: { Cookie: tampered } }))
		expect(toast).toBeNull()
	})
})
