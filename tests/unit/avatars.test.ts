import { describe, expect, it } from 'vitest'
import { avatarOfPath, parseAvatarKey } from '~/lib/avatars'
import { bodyLimitFor } from '../../server/body-limit'

const user = '0b6c8f3e-2d1a-4c5b-9e7f-1a2b3c4d5e6f'
const photo = '7d9e1f2a-3b4c-4d5e-8f6a-7b8c9d0e1f2a'

describe('a photo’s key and address', () => {
	it('names its owner and its type from the extension the server gave it', () => {
		expect(parseAvatarKey(`${user}/${photo}.webp`)).toEqual({
			key: `${user}/${photo}.webp`,
			owner: user,
			mime: 'image/webp',
		})
		expect(avatarOfPath(`/fotos/${user}/${photo}.jpg`)?.mime).toBe('image/jpeg')
	})

	it('is nothing else: another type, a path out of the folder, an address elsewhere', () => {
		for (const key of [
			`${user}/${photo}.svg`,
			`${user}/${photo}.PNG`,
			`${user}/../${photo}.png`,
			`${user}/${photo}/x.png`,
			`${photo}.png`,
			'',
		])
			expect(parseAvatarKey(key), key).toBeNull()
		expect(avatarOfPath(`https://storage.example/fotos/${user}/${photo}.png`)).toBeNull()
		expect(avatarOfPath(`/fotosx/${user}/${photo}.png`)).toBeNull()
	})
})

describe('the body each route may send', () => {
	it('is 8 MB for Mi Cuenta, with or without JavaScript, and 1 MB for the other forms', () => {
		expect(bodyLimitFor('/dashboard/cuenta')).toBe(8 * 1024 * 1024)
		expect(bodyLimitFor('/dashboard/cuenta.data')).toBe(8 * 1024 * 1024)
		expect(bodyLimitFor('/dashboard/cuenta?x=1')).toBe(8 * 1024 * 1024)
		expect(bodyLimitFor('/dashboard/cuentas')).toBe(1024 * 1024)
		expect(bodyLimitFor('/dashboard/soporte')).toBe(1024 * 1024)
	})
})
