import { createHash, randomBytes, randomUUID } from 'node:crypto'
import type { Sql } from '../db'
import bcrypt from 'bcryptjs'

export type UserRow = {
	id: string
	aud: string
	role: string
	email: string
	encrypted_password: string | null
	email_confirmed_at: Date | null
	invited_at: Date | null
	confirmation_token: string | null
	confirmation_sent_at: Date | null
	recovery_token: string | null
	recovery_sent_at: Date | null
	email_change: string | null
	email_change_token_new: string | null
	email_change_token_current: string | null
	email_change_confirm_status: number
	email_change_sent_at: Date | null
	last_sign_in_at: Date | null
	raw_app_meta_data: Record<string, unknown> | null
	raw_user_meta_data: Record<string, unknown> | null
	created_at: Date
	updated_at: Date
	phone: string | null
	confirmed_at: Date | null
	banned_until: Date | null
	is_anonymous: boolean
}

type IdentityRow = {
	id: string
	provider_id: string
	user_id: string
	identity_data: Record<string, unknown>
	provider: string
	last_sign_in_at: Date | null
	created_at: Date
	updated_at: Date
	email: string | null
}

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : undefined)

function identityJson(identity: IdentityRow) {
	return {
		identity_id: identity.id,
		id: identity.provider_id,
		user_id: identity.user_id,
		identity_data: identity.identity_data,
		provider: identity.provider,
		last_sign_in_at: iso(identity.last_sign_in_at),
		created_at: iso(identity.created_at),
		updated_at: iso(identity.updated_at),
		email: identity.email ?? undefined,
	}
}

/** The user object GoTrue returns (SUPABASE-CONTRACT.md, Auth). */
export function userJson(user: UserRow, identities: IdentityRow[]) {
	return {
		id: user.id,
		aud: user.aud,
		role: user.role,
		email: user.email,
		email_confirmed_at: iso(user.email_confirmed_at),
		phone: user.phone ?? '',
		invited_at: iso(user.invited_at),
		confirmation_sent_at: iso(user.confirmation_sent_at),
		confirmed_at: iso(user.confirmed_at),
		recovery_sent_at: iso(user.recovery_sent_at),
		new_email: user.email_change || undefined,
		email_change_sent_at: iso(user.email_change_sent_at),
		last_sign_in_at: iso(user.last_sign_in_at),
		app_metadata: user.raw_app_meta_data ?? {},
		user_metadata: user.raw_user_meta_data ?? {},
		identities: identities.map(identityJson),
		created_at: iso(user.created_at),
		updated_at: iso(user.updated_at),
		is_anonymous: user.is_anonymous,
	}
}

export type UserJson = ReturnType<typeof userJson>

/** A registered-looking user that matches nobody, for the answer that must not reveal an account. */
export function obfuscatedUser(email: string, metadata: Record<string, unknown>) {
	const now = new Date().toISOString()
	return {
		id: randomUUID(),
		aud: 'authenticated',
		role: 'authenticated',
		email,
		phone: '',
		confirmation_sent_at: now,
		app_metadata: { provider: 'email', providers: ['email'] },
		user_metadata: metadata,
		identities: [],
		created_at: now,
		updated_at: now,
		is_anonymous: false,
	}
}

export async function findUserByEmail(tx: Sql, email: string) {
	const result = await tx.query<UserRow>(
		'select * from auth.users where lower(email) = lower($1) and deleted_at is null',
		[email],
	)
	return result.rows[0]
}

export async function findUserById(tx: Sql, id: string) {
	if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined
	const result = await tx.query<UserRow>('select * from auth.users where id = $1 and deleted_at is null', [id])
	return result.rows[0]
}

export async function loadUserJson(tx: Sql, user: UserRow) {
	const identities = await tx.query<IdentityRow>(
		'select * from auth.identities where user_id = $1 order by created_at',
		[user.id],
	)
	return userJson(user, identities.rows)
}

/**
 * bcrypt at GoTrue's cost, a tenth of a second of CPU or more. Never inside a
 * database transaction: it would hold a row lock and one of the pool's
 * connections that long (a burst of sign-ups under load timed the app out).
 */
export function hashPassword(password: string) {
	return bcrypt.hash(password, 10)
}

/** Like hashPassword, outside any transaction; compare against a row read before. */
export async function passwordMatches(user: Pick<UserRow, 'encrypted_password'>, password: string) {
	if (!user.encrypted_password) return false
	return bcrypt.compare(password, user.encrypted_password)
}

export type NewUser = {
	email: string
	/** hashPassword's result, made before the transaction. */
	passwordHash?: string
	userMetadata?: Record<string, unknown>
	appMetadata?: Record<string, unknown>
	provider: 'email' | 'google'
	providerId?: string
	confirmed: boolean
}

/** Writes auth.users and then auth.identities, as GoTrue does: the sign-up trigger runs in between. */
export async function createUser(tx: Sql, input: NewUser): Promise<UserRow> {
	const id = randomUUID()
	const email = input.email.toLowerCase()
	const hash = input.passwordHash ?? null
	const appMetadata = { provider: input.provider, providers: [input.provider], ...input.appMetadata }
	const userMetadata = input.userMetadata ?? {}
	const inserted = await tx.query<UserRow>(
		`insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
		   raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
		 values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3,
		   case when $4::boolean then now() end, $5, $6, now(), now())
		 returning *`,
		[id, email, hash, input.confirmed, JSON.stringify(appMetadata), JSON.stringify(userMetadata)],
	)
	const identityData = {
		sub: input.providerId ?? id,
		email,
		email_verified: input.confirmed,
		phone_verified: false,
		...userMetadata,
	}
	await tx.query(
		`insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
		 values ($1, $2, $3, $4, now(), now(), now())`,
		[input.providerId ?? id, id, JSON.stringify(identityData), input.provider],
	)
	const user = inserted.rows[0]
	if (!user) throw new Error('auth.users insert returned no row')
	return user
}

/** A one-time e-mail token as GoTrue stores it: hex sha224 of e-mail + secret, `pkce_`-prefixed for PKCE. */
export function newEmailToken(email: string, pkce: boolean) {
	const otp = randomBytes(16).toString('hex')
	const hash = createHash('sha224')
		.update(email.toLowerCase() + otp)
		.digest('hex')
	return pkce ? `pkce_${hash}` : hash
}
