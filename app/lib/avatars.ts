/**
 * A person's profile photo (issue 68): what the form accepts, where the file lives in Storage and the address our
 * own origin serves it from. Shared by the server that enforces it and the page that says it. Sizes in bytes.
 */
export const avatarLimits = {
	/** The bucket's own limit (migration 20261203150000, supabase/config.toml). */
	maxFileBytes: 5 * 1024 * 1024,
	/** Mi Cuenta's whole post, the photo and the profile's fields: server.js and nginx refuse more before reading. */
	maxRequestBytes: 8 * 1024 * 1024,
} as const

export const avatarsBucket = 'avatares'

/** The types the bucket takes. Never SVG: a picture that can run scripts. */
export const avatarMimes = ['image/jpeg', 'image/png', 'image/webp'] as const
export type AvatarMime = (typeof avatarMimes)[number]

/** The extension a photo's key gets, from the type its content is. */
export const avatarExtensions = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } satisfies Record<
	AvatarMime,
	string
>

/** For the file picker's `accept`: it only steers the picker; the server reads what the file is. */
export const avatarAccept = avatarMimes.join(',')

const mimeByExtension = new Map<string, AvatarMime>(avatarMimes.map((mime) => [avatarExtensions[mime], mime]))

/** Where Mi Cuenta's photo is served, on either host: `/fotos/<user id>/<photo id>.<ext>`. */
export const avatarRoute = '/fotos'

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'
const keyPattern = new RegExp(`^(${uuid})/${uuid}\\.(jpg|png|webp)$`)

/** The Storage key of a photo, `<user id>/<photo id>.<ext>`, and its type; null for anything else. */
export function parseAvatarKey(key: string) {
	const [, owner, extension] = keyPattern.exec(key) ?? []
	const mime = mimeByExtension.get(extension ?? '')
	return owner && mime ? { key, owner, mime } : null
}

/** The address a stored photo is shown at. */
export function avatarPath(key: string) {
	return `${avatarRoute}/${key}`
}

/** The photo an address of ours names (what usuarios.avatar_url holds), or null for any other address. */
export function avatarOfPath(path: string) {
	return path.startsWith(`${avatarRoute}/`) ? parseAvatarKey(path.slice(avatarRoute.length + 1)) : null
}

/** Mi Cuenta, whose form carries the photo (with JavaScript, to its `.data`); server.js and nginx give it its own body limit. */
export const accountPathPattern = /^\/dashboard\/cuenta(\.data)?\/?(\?.*)?$/
