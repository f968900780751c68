import type { Sql } from '../db'
import { json, notImplemented, type Reply } from '../http'
import { verifyJwt } from '../jwt'
import { authError, emailPattern, record, text, type AuthContext, type AuthRequest } from './common'
import { changePassword } from './sessions'
import { createUser, findUserByEmail, findUserById, hashPassword, loadUserJson, type UserRow } from './users'

// Admin -----------------------------------------------------------------------------------------

/** GoTrue's requireAdmin: a service-role bearer token, or the refusal to answer with. */
export async function requireServiceRole(req: AuthRequest): Promise<Reply | undefined> {
	if (!req.bearer) return authError(req, 401, 'no_authorization', 'This endpoint requires a Bearer token')
	const verified = await verifyJwt(req.bearer)
	if (!verified.ok)
		return authError(req, 403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${verified.message}`)
	if (verified.claims.role !== 'service_role') return authError(req, 403, 'not_admin', 'User not allowed')
	return undefined
}

export async function admin(req: AuthRequest, ctx: AuthContext): Promise<Reply> {
	const refused = await requireServiceRole(req)
	if (refused) return refused

	const id = req.path.slice('/admin/users/'.length)
	if (req.path === '/admin/users' && req.method === 'GET') return listUsers(req, ctx)
	if (req.path === '/admin/users' && req.method === 'POST') return adminCreateUser(req, ctx)
	if (!id || id.includes('/')) return notImplemented(`${req.method} /auth/v1${req.path}`)

	const password = req.method === 'PUT' ? text(req.body.password) : undefined
	const passwordHash = password ? await hashPassword(password) : undefined
	return ctx.db.transaction(async (tx) => {
		const user = await findUserById(tx, id)
		if (!user) return authError(req, 404, 'user_not_found', 'User not found')
		if (req.method === 'GET') return json(200, await loadUserJson(tx, user))
		if (req.method === 'DELETE') {
			await tx.query('delete from auth.users where id = $1', [id])
			return json(200, {})
		}
		if (req.method === 'PUT') return adminUpdateUser(req, tx, user, passwordHash)
		return notImplemented(`${req.method} /auth/v1${req.path}`)
	})
}

async function listUsers(req: AuthRequest, ctx: AuthContext) {
	const page = Math.max(1, Number(req.query.get('page') ?? 1) || 1)
	const perPage = Math.min(1000, Math.max(1, Number(req.query.get('per_page') ?? 50) || 50))
	return ctx.db.transaction(async (tx) => {
		const total =
			(await tx.query<{ count: number }>('select count(*)::int as count from auth.users')).rows[0]?.count ?? 0
		const rows = await tx.query<UserRow>('select * from auth.users order by created_at, id limit $1 offset $2', [
			perPage,
			(page - 1) * perPage,
		])
		// One connection answers one query at a time: the users' identities are read in turn.
		const users = []
		for (const user of rows.rows) users.push(await loadUserJson(tx, user))
		return json(200, { users, aud: 'authenticated' }, { 'X-Total-Count': String(total) })
	})
}

async function adminCreateUser(req: AuthRequest, ctx: AuthContext) {
	const email = text(req.body.email)?.trim()
	if (!email || !emailPattern.test(email))
		return authError(req, 400, 'validation_failed', 'Unable to validate email address: invalid format')
	const password = text(req.body.password)
	if (password !== undefined && password.length < ctx.config.minimum_password_length) {
		return authError(
			req,
			422,
			'weak_password',
			`Password should be at least ${ctx.config.minimum_password_length} characters.`,
			{
				weak_password: { reasons: ['length'] },
			},
		)
	}
	const passwordHash = password ? await hashPassword(password) : undefined
	return ctx.db.transaction(async (tx) => {
		if (await findUserByEmail(tx, email)) {
			return authError(req, 422, 'email_exists', 'A user with this email address has already been registered')
		}
		const user = await createUser(tx, {
			email,
			passwordHash,
			userMetadata: record(req.body.user_metadata),
			appMetadata: record(req.body.app_metadata),
			provider: 'email',
			confirmed: req.body.email_confirm === true,
		})
		return json(200, await loadUserJson(tx, user))
	})
}

async function adminUpdateUser(req: AuthRequest, tx: Sql, user: UserRow, passwordHash: string | undefined) {
	if (passwordHash) await changePassword(tx, user.id, passwordHash, undefined)
	const email = text(req.body.email)
	if (email) await tx.query('update auth.users set email = lower($2) where id = $1', [user.id, email])
	if (req.body.email_confirm === true) {
		await tx.query('update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1', [
			user.id,
		])
	}
	const userMetadata = record(req.body.user_metadata)
	if (userMetadata) {
		await tx.query(
			`update auth.users set raw_user_meta_data = coalesce(raw_user_meta_data, '{}') || $2::jsonb where id = $1`,
			[user.id, JSON.stringify(userMetadata)],
		)
	}
	const appMetadata = record(req.body.app_metadata)
	if (appMetadata) {
		await tx.query(
			`update auth.users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}') || $2::jsonb where id = $1`,
			[user.id, JSON.stringify(appMetadata)],
		)
	}
	const banDuration = text(req.body.ban_duration)
	if (banDuration === 'none') await tx.query('update auth.users set banned_until = null where id = $1', [user.id])
	else if (banDuration) return notImplemented('ban_duration other than none')
	await tx.query('update auth.users set updated_at = now() where id = $1', [user.id])
	const updated = await findUserById(tx, user.id)
	return json(200, await loadUserJson(tx, updated ?? user))
}
