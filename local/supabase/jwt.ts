import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose'

/** The Supabase CLI's local JWT secret: public, the same on every machine, useless outside 127.0.0.1. */
export const localJwtSecret = 'super-secret-jwt-token-with-at-least-32-characters-long'

const key = new TextEncoder().encode(localJwtSecret)

export type Claims = JWTPayload & {
	role?: string
	sub?: string
	email?: string
	session_id?: string
}

export async function signJwt(claims: Claims, expiresInSeconds?: number) {
	const now = Math.floor(Date.now() / 1000)
	const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
	if (expiresInSeconds !== undefined) jwt.setIssuedAt(now).setExpirationTime(now + expiresInSeconds)
	return jwt.sign(key)
}

export type VerifiedJwt = { ok: true; claims: Claims } | { ok: false; reason: 'expired' | 'invalid'; message: string }

export async function verifyJwt(token: string): Promise<VerifiedJwt> {
	try {
		const { payload } = await jwtVerify<Claims>(token, key, { algorithms: ['HS256'] })
		return { ok: true, claims: payload }
	} catch (error) {
		if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired', message: 'JWT expired' }
		return { ok: false, reason: 'invalid', message: error instanceof Error ? error.message : 'invalid JWT' }
	}
}

/** The well-known demo keys, signed here so the tests can prove they match the documented values. */
export function demoKey(role: 'anon' | 'service_role') {
	return new SignJWT({ iss: 'supabase-demo', role, exp: 1983812996 })
		.setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
		.sign(key)
}
