import { randomUUID } from 'node:crypto'
import { link, readFile, rm, writeFile } from 'node:fs/promises'
import {
	decodeProtectedHeader,
	errors,
	exportJWK,
	generateKeyPair,
	importJWK,
	jwtVerify,
	SignJWT,
	type JWK,
	type ProtectedHeaderParameters,
	type JWTPayload,
} from 'jose'
import { z } from 'zod'
import { readAuthConfig, signingKeysFile } from './config'

/** The Supabase CLI's local JWT secret: public, the same on every machine, useless outside 127.0.0.1. */
export const localJwtSecret = 'super-secret-jwt-token-with-at-least-32-characters-long'

/**
 * The legacy symmetric key. Hosted projects that moved to asymmetric signing
 * keys still accept what it signed (the anon and service_role keys are such
 * JWTs), and so does the stand-in; new sessions are signed with the ES256 key.
 */
const legacyKey = new TextEncoder().encode(localJwtSecret)

export type Claims = JWTPayload & {
	role?: string
	sub?: string
	email?: string
	session_id?: string
}

/** One key of the file `supabase gen signing-key --algorithm ES256` writes: a private JWK with its id. */
const signingKeySchema = z
	.object({
		kty: z.literal('EC'),
		crv: z.literal('P-256'),
		alg: z.literal('ES256'),
		kid: z.string().min(1),
		x: z.string(),
		y: z.string(),
		d: z.string(),
	})
	.passthrough()

type SigningKey = z.infer<typeof signingKeySchema>

type Keyset = {
	/** Signs new access tokens: the first key of the file, as GoTrue uses it. */
	current: { kid: string; key: CryptoKey | Uint8Array }
	/** Every key's public half, what `/auth/v1/.well-known/jwks.json` publishes. */
	jwks: { keys: JWK[] }
	verifying: Map<string, CryptoKey | Uint8Array>
}

async function newSigningKey(): Promise<SigningKey> {
	const { privateKey } = await generateKeyPair('ES256', { extractable: true })
	const jwk = await exportJWK(privateKey)
	return signingKeySchema.parse({
		...jwk,
		kid: randomUUID(),
		alg: 'ES256',
		use: 'sig',
		key_ops: ['sign', 'verify'],
		ext: true,
	})
}

/**
 * Reads the signing keys file, creating it with one new key when it does not
 * exist (the CLI wants it made beforehand with `supabase gen signing-key`; a
 * fresh clone should not need that step). The file is written aside and
 * linked into place, which fails if another process got there first: several
 * stand-ins starting at once (test workers) all end up with the same key.
 */
async function readOrCreateKeys(file: string): Promise<SigningKey[]> {
	try {
		return z
			.array(signingKeySchema)
			.min(1)
			.parse(JSON.parse(await readFile(file, 'utf8')))
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
			throw new Error(`local/supabase: ${file} is not a signing keys file; fix or delete it. (${String(error)})`)
		}
	}
	const aside = `${file}.${process.pid}.${randomUUID()}.tmp`
	await writeFile(aside, `${JSON.stringify([await newSigningKey()], null, 2)}\n`, { mode: 0o600 })
	try {
		await link(aside, file)
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
	} finally {
		await rm(aside, { force: true })
	}
	return readOrCreateKeys(file)
}

async function loadKeyset(): Promise<Keyset> {
	const keys = await readOrCreateKeys(signingKeysFile(await readAuthConfig()))
	const verifying = new Map<string, CryptoKey | Uint8Array>()
	const published: JWK[] = []
	for (const { d: _private, key_ops: _ops, ...publicHalf } of keys) {
		verifying.set(publicHalf.kid, await importJWK({ ...publicHalf, key_ops: ['verify'] }, 'ES256'))
		published.push({ ...publicHalf, key_ops: ['verify'] })
	}
	const [first] = keys as [SigningKey, ...SigningKey[]]
	return {
		current: { kid: first.kid, key: await importJWK({ ...first, key_ops: ['sign'] }, 'ES256') },
		jwks: { keys: published },
		verifying,
	}
}

let keyset: Promise<Keyset> | undefined
const signingKeys = () => (keyset ??= loadKeyset())

/** What hosted Supabase serves at `/auth/v1/.well-known/jwks.json`: public keys only, never the legacy secret. */
export async function publishedKeys() {
	return (await signingKeys()).jwks
}

/** An access token as hosted Supabase signs it with asymmetric keys: ES256, the key's id in the header. */
export async function signJwt(claims: Claims, expiresInSeconds?: number) {
	const { current } = await signingKeys()
	const now = Math.floor(Date.now() / 1000)
	const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: current.kid, typ: 'JWT' })
	if (expiresInSeconds !== undefined) jwt.setIssuedAt(now).setExpirationTime(now + expiresInSeconds)
	return jwt.sign(current.key)
}

export type VerifiedJwt =
	| { ok: true; claims: Claims }
	| {
			ok: false
			reason: 'expired' | 'invalid'
			message: string
			/** jose's own words, which Storage (a jose user too) answers with, e.g. `"exp" claim timestamp check failed`. */
			joseMessage: string
	  }

/** Accepts the legacy HS256 keys and tokens signed by any key of the file; anything else is invalid. */
export async function verifyJwt(token: string): Promise<VerifiedJwt> {
	let header: ProtectedHeaderParameters
	try {
		header = decodeProtectedHeader(token)
	} catch (error) {
		// Not three base64url parts: what jose's jwtVerify says of it, before it reads any header.
		const message = error instanceof Error ? error.message : 'invalid JWT'
		return { ok: false, reason: 'invalid', message, joseMessage: 'Invalid Compact JWS' }
	}
	const key =
		header.alg === 'HS256'
			? legacyKey
			: header.alg === 'ES256' && header.kid
				? (await signingKeys()).verifying.get(header.kid)
				: undefined
	if (!key) {
		const message = `signing method ${String(header.alg)} is invalid`
		return { ok: false, reason: 'invalid', message, joseMessage: 'signature verification failed' }
	}
	try {
		const { payload } = await jwtVerify<Claims>(token, key, { algorithms: [header.alg ?? ''] })
		return { ok: true, claims: payload }
	} catch (error) {
		const joseMessage = error instanceof Error ? error.message : 'invalid JWT'
		if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired', message: 'JWT expired', joseMessage }
		return { ok: false, reason: 'invalid', message: joseMessage, joseMessage }
	}
}

/**
 * A signed URL's token as Storage signs it (signJWT): HS256 with the project's JWT secret, `iat` and `exp`
 * set by jose, no `typ`.
 */
export function signWithProjectSecret(claims: JWTPayload, expiresInSeconds: number) {
	return new SignJWT(claims)
		.setProtectedHeader({ alg: 'HS256' })
		.setIssuedAt()
		.setExpirationTime(`${Math.floor(expiresInSeconds)}s`)
		.sign(legacyKey)
}

/** The well-known demo keys, signed here so the tests can prove they match the documented values. */
export function demoKey(role: 'anon' | 'service_role') {
	return new SignJWT({ iss: 'supabase-demo', role, exp: 1983812996 })
		.setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
		.sign(legacyKey)
}
