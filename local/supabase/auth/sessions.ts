import { createHash, randomBytes, randomUUID } from 'node:crypto'
import type { Sql } from '../db'
import { signJwt } from '../jwt'
import { loadUserJson, type UserRow } from './users'

export type SessionSettings = { issuer: string; expiresIn: number }

function newRefreshToken() {
	return randomBytes(16).toString('base64url')
}

/** An entry of the access token's `amr`: how the session was signed in, and when (Unix seconds). */
type AmrEntry = { method: string; timestamp: number }

async function accessToken(user: UserRow, sessionId: string, amr: AmrEntry[], settings: SessionSettings) {
	return signJwt(
		{
			iss: settings.issuer,
			sub: user.id,
			aud: 'authenticated',
			email: user.email,
			phone: user.phone ?? '',
			app_metadata: user.raw_app_meta_data ?? {},
			user_metadata: user.raw_user_meta_data ?? {},
			role: 'authenticated',
			aal: 'aal1',
			amr,
			session_id: sessionId,
			is_anonymous: user.is_anonymous,
		},
		settings.expiresIn,
	)
}

/** models.AddClaimToSession: the method a session was signed in with, its time renewed when it is used again. */
async function addAmrClaim(tx: Sql, sessionId: string, method: string) {
	await tx.query(
		`insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
		 values ($1, $2, now(), now(), $3)
		 on conflict on constraint mfa_amr_claims_session_id_authentication_method_pkey do update set updated_at = now()`,
		[randomUUID(), sessionId, method],
	)
}

/** Session.CalculateAALAndAMR: the session's claims, most recent first; a refresh adds none. */
async function sessionAmr(tx: Sql, sessionId: string) {
	const claims = await tx.query<AmrEntry>(
		`select authentication_method as method, floor(extract(epoch from updated_at))::int8 as timestamp
		 from auth.mfa_amr_claims where session_id = $1 order by updated_at desc`,
		[sessionId],
	)
	return claims.rows
}

async function sessionJson(tx: Sql, user: UserRow, sessionId: string, refreshToken: string, settings: SessionSettings) {
	return {
		access_token: await accessToken(user, sessionId, await sessionAmr(tx, sessionId), settings),
		token_type: 'bearer',
		expires_in: settings.expiresIn,
		expires_at: Math.floor(Date.now() / 1000) + settings.expiresIn,
		refresh_token: refreshToken,
		user: await loadUserJson(tx, user),
	}
}

/**
 * A new session with its first refresh token, signed in by `method` (GoTrue's AuthenticationMethod names:
 * password, otp, oauth, recovery, magiclink, email/signup, …); records the sign-in.
 */
export async function issueSession(tx: Sql, user: UserRow, method: string, settings: SessionSettings) {
	const sessionId = randomUUID()
	const refreshToken = newRefreshToken()
	await tx.query('insert into auth.sessions (id, user_id) values ($1, $2)', [sessionId, user.id])
	await tx.query('insert into auth.refresh_tokens (token, user_id, session_id) values ($1, $2, $3)', [
		refreshToken,
		user.id,
		sessionId,
	])
	await addAmrClaim(tx, sessionId, method)
	const signedIn = await tx.query<UserRow>(
		'update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1 returning *',
		[user.id],
	)
	return sessionJson(tx, signedIn.rows[0] ?? user, sessionId, refreshToken, settings)
}

type RefreshRow = { token: string; user_id: string; session_id: string; revoked: boolean; updated_at: Date }

export type RefreshOutcome =
	| { ok: true; session: Awaited<ReturnType<typeof sessionJson>> }
	| { ok: false; code: 'refresh_token_not_found' | 'refresh_token_already_used' }

/**
 * Rotation: each refresh token is used once. A token revoked less than
 * `reuseInterval` seconds ago still answers (two tabs refreshing at once),
 * with the child it was rotated into.
 */
export async function refreshSession(
	tx: Sql,
	token: string,
	reuseIntervalSeconds: number,
	settings: SessionSettings,
): Promise<RefreshOutcome> {
	const found = await tx.query<RefreshRow>('select * from auth.refresh_tokens where token = $1', [token])
	const row = found.rows[0]
	if (!row) return { ok: false, code: 'refresh_token_not_found' }
	const user = (await tx.query<UserRow>('select * from auth.users where id = $1', [row.user_id])).rows[0]
	if (!user) return { ok: false, code: 'refresh_token_not_found' }

	if (row.revoked) {
		const withinReuse = Date.now() - row.updated_at.getTime() < reuseIntervalSeconds * 1000
		const child = (
			await tx.query<RefreshRow>(
				'select * from auth.refresh_tokens where parent = $1 and revoked = false order by id desc limit 1',
				[token],
			)
		).rows[0]
		if (!withinReuse || !child) return { ok: false, code: 'refresh_token_already_used' }
		return { ok: true, session: await sessionJson(tx, user, child.session_id, child.token, settings) }
	}

	const next = newRefreshToken()
	await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1', [token])
	await tx.query('insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)', [
		next,
		user.id,
		row.session_id,
		token,
	])
	await tx.query('update auth.sessions set updated_at = now() where id = $1', [row.session_id])
	return { ok: true, session: await sessionJson(tx, user, row.session_id, next, settings) }
}

export async function sessionExists(tx: Sql, sessionId: string) {
	const result = await tx.query('select 1 from auth.sessions where id = $1', [sessionId])
	return result.rows.length > 0
}

export async function endSessions(tx: Sql, userId: string, sessionId: string, scope: 'global' | 'local' | 'others') {
	if (scope === 'global') await tx.query('delete from auth.sessions where user_id = $1', [userId])
	if (scope === 'local') await tx.query('delete from auth.sessions where id = $1', [sessionId])
	if (scope === 'others')
		await tx.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, sessionId])
}

/**
 * models.User.UpdatePassword: the new hash (hashPassword's, made before the transaction); every pending
 * e-mail token and the time it was sent cleared, since whoever changed the password may not trust what the
 * old one did; and the user signed out everywhere but `keptSessionId`, the session that made the change
 * (LogoutAllExceptMe), or everywhere without one (Logout, as the admin API changes it). Refresh tokens go
 * with their sessions.
 */
export async function changePassword(tx: Sql, userId: string, hash: string, keptSessionId: string | undefined) {
	await tx.query(
		`update auth.users set encrypted_password = $2, confirmation_token = '', confirmation_sent_at = null,
		   recovery_token = '', recovery_sent_at = null, email_change_token_current = '', email_change_token_new = '',
		   email_change_sent_at = null, updated_at = now()
		 where id = $1`,
		[userId, hash],
	)
	if (keptSessionId) await endSessions(tx, userId, keptSessionId, 'others')
	else await endSessions(tx, userId, '', 'global')
}

// PKCE ------------------------------------------------------------------------------------------

export const flowStateLifetimeSeconds = 300

export async function createFlowState(
	tx: Sql,
	input: { userId: string | null; challenge: string; method: string; authenticationMethod: string },
) {
	const authCode = randomUUID()
	await tx.query(
		`insert into auth.flow_state (id, user_id, auth_code, code_challenge, code_challenge_method, authentication_method)
		 values ($1, $2, $3, $4, $5, $6)`,
		[randomUUID(), input.userId, authCode, input.challenge, input.method.toLowerCase(), input.authenticationMethod],
	)
	return authCode
}

/** The auth code of the user's latest pending flow for `method`, renewed so it is valid from now. */
export async function issueFlowCode(tx: Sql, userId: string, authenticationMethod: string) {
	const result = await tx.query<{ auth_code: string }>(
		`update auth.flow_state set auth_code = $3, created_at = now()
		 where id = (select id from auth.flow_state where user_id = $1 and authentication_method = $2
		             order by created_at desc limit 1)
		 returning auth_code`,
		[userId, authenticationMethod, randomUUID()],
	)
	return result.rows[0]?.auth_code
}

type FlowRow = {
	id: string
	user_id: string | null
	code_challenge: string
	code_challenge_method: string
	authentication_method: string
	created_at: Date
}

export type FlowOutcome =
	| { ok: true; userId: string; authenticationMethod: string }
	| {
			ok: false
			status: number
			code: 'flow_state_not_found' | 'flow_state_expired' | 'bad_code_verifier'
			message: string
	  }

export async function consumeFlowState(tx: Sql, authCode: string, verifier: string): Promise<FlowOutcome> {
	const flow = (await tx.query<FlowRow>('select * from auth.flow_state where auth_code = $1', [authCode])).rows[0]
	if (!flow || !flow.user_id) {
		return {
			ok: false,
			status: 404,
			code: 'flow_state_not_found',
			message: 'invalid flow state, no valid flow state found',
		}
	}
	if (Date.now() - flow.created_at.getTime() > flowStateLifetimeSeconds * 1000) {
		await tx.query('delete from auth.flow_state where id = $1', [flow.id])
		return { ok: false, status: 422, code: 'flow_state_expired', message: 'invalid flow state, flow state has expired' }
	}
	const computed =
		flow.code_challenge_method === 's256' ? createHash('sha256').update(verifier).digest('base64url') : verifier
	if (computed !== flow.code_challenge) {
		return {
			ok: false,
			status: 400,
			code: 'bad_code_verifier',
			message: 'code challenge does not match previously saved code verifier',
		}
	}
	await tx.query('delete from auth.flow_state where id = $1', [flow.id])
	return { ok: true, userId: flow.user_id, authenticationMethod: flow.authentication_method }
}
