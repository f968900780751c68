import type { Sql } from '../db'
import { json, notImplemented, type Reply } from '../http'
import { publishedKeys, verifyJwt, type Claims } from '../jwt'
import { admin } from './admin'
import {
	authError,
	emailPattern,
	record,
	redirectTarget,
	settingsOf,
	text,
	type AuthContext,
	type AuthRequest,
} from './common'
import {
	emailChangeRefusal,
	invite,
	otp,
	prepareConfirmation,
	recover,
	requestEmailChange,
	sendAuthEmail,
	type AuthEmail,
} from './email-links'
import { verifyLinkVisit, verifyTokenHash } from './verify'
import { authorize, authorizeConsent } from './oauth'
import { limitOf, RateLimited } from './rate-limits'
import { changePassword, consumeFlowState, endSessions, issueSession, refreshSession, sessionExists } from './sessions'
import {
	createUser,
	findUserByEmail,
	findUserById,
	hashPassword,
	loadUserJson,
	obfuscatedUser,
	passwordMatches,
	type UserRow,
} from './users'

export type { AuthContext, AuthRequest } from './common'

export async function handleAuth(req: AuthRequest, ctx: AuthContext): Promise<Reply> {
	try {
		const limit = limitOf(req.method, req.path)
		if (limit) ctx.limits.take(limit, req.address)
		return await route(req, ctx)
	} catch (error) {
		if (error instanceof RateLimited) return authError(req, 429, error.code, error.message)
		throw error
	}
}

async function route(req: AuthRequest, ctx: AuthContext): Promise<Reply> {
	const { method, path } = req
	if (method === 'GET' && path === '/health') return json(200, { name: 'GoTrue (local stand-in)', description: 'KIA' })
	if (method === 'GET' && path === '/settings') return settings(ctx)
	if (method === 'GET' && path === '/.well-known/jwks.json') return json(200, await publishedKeys())
	if (method === 'POST' && path === '/signup') return signUp(req, ctx)
	if (method === 'POST' && path === '/token') return token(req, ctx)
	if (method === 'GET' && path === '/user')
		return withUser(req, ctx, (tx, user) => loadUserJson(tx, user).then((u) => json(200, u)))
	if (method === 'PUT' && path === '/user') return updateUser(req, ctx)
	if (method === 'POST' && path === '/logout') return logout(req, ctx)
	if (method === 'POST' && path === '/recover') return recover(req, ctx)
	if (method === 'POST' && path === '/otp') return otp(req, ctx)
	if (method === 'POST' && path === '/invite') return invite(req, ctx)
	if (method === 'GET' && path === '/verify') return verifyLinkVisit(req, ctx)
	if (method === 'POST' && path === '/verify') return verifyTokenHash(req, ctx)
	if (method === 'GET' && path === '/authorize') return authorize(req, ctx)
	if (method === 'POST' && path === '/authorize') return authorizeConsent(req, ctx)
	if (path === '/admin/users' || path.startsWith('/admin/users/')) return admin(req, ctx)
	return notImplemented(`${method} /auth/v1${path}`)
}

function settings(ctx: AuthContext) {
	const external = Object.fromEntries(
		[
			'apple',
			'azure',
			'bitbucket',
			'discord',
			'facebook',
			'figma',
			'github',
			'gitlab',
			'google',
			'keycloak',
			'linkedin',
			'notion',
			'twitch',
			'twitter',
			'slack',
			'spotify',
			'workos',
			'zoom',
		].map((provider) => [provider, ctx.config.external[provider]?.enabled ?? false]),
	)
	return json(200, {
		external: { ...external, email: true, phone: false },
		disable_signup: !ctx.config.enable_signup,
		mailer_autoconfirm: !ctx.config.email.enable_confirmations,
		phone_autoconfirm: false,
		sms_provider: '',
		saml_enabled: false,
	})
}

// Sign-up ---------------------------------------------------------------------------------------

async function signUp(req: AuthRequest, ctx: AuthContext): Promise<Reply> {
	const email = text(req.body.email)?.trim()
	const password = text(req.body.password) ?? ''
	const metadata = record(req.body.data) ?? {}
	const challenge = text(req.body.code_challenge)
	const challengeMethod = text(req.body.code_challenge_method) ?? 's256'
	if (!ctx.config.enable_signup) return authError(req, 422, 'signup_disabled', 'Signups not allowed for this instance')
	if (!email) return authError(req, 400, 'validation_failed', 'To signup, please provide your email')
	if (!emailPattern.test(email))
		return authError(req, 400, 'validation_failed', 'Unable to validate email address: invalid format')
	if (password.length < ctx.config.minimum_password_length) {
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
	const confirmations = ctx.config.email.enable_confirmations
	const redirectTo = redirectTarget(ctx, req.query.get('redirect_to') ?? undefined)
	const passwordHash = await hashPassword(password)

	const outcome = await ctx.db.transaction(async (tx) => {
		const existing = await findUserByEmail(tx, email)
		if (existing?.email_confirmed_at) {
			return confirmations ? ({ kind: 'obfuscated' } as const) : ({ kind: 'exists' } as const)
		}
		const user =
			existing ??
			(await createUser(tx, {
				email,
				passwordHash,
				userMetadata: metadata,
				provider: 'email',
				confirmed: !confirmations,
			}))
		if (!confirmations)
			return { kind: 'session', session: await issueSession(tx, user, 'password', settingsOf(ctx)) } as const
		const mail = await prepareConfirmation(ctx, tx, user, { challenge, method: challengeMethod }, redirectTo)
		const updated = await findUserById(tx, user.id)
		return { kind: 'confirm', user: await loadUserJson(tx, updated ?? user), mail } as const
	})

	if (outcome.kind === 'exists') return authError(req, 422, 'user_already_exists', 'User already registered')
	if (outcome.kind === 'obfuscated') return json(200, obfuscatedUser(email, metadata))
	if (outcome.kind === 'session') return json(200, outcome.session)
	await sendAuthEmail(ctx, outcome.mail)
	return json(200, outcome.user)
}

// Token -----------------------------------------------------------------------------------------

async function token(req: AuthRequest, ctx: AuthContext): Promise<Reply> {
	const grant = req.query.get('grant_type')
	if (grant === 'password') return passwordGrant(req, ctx)
	if (grant === 'refresh_token') return refreshGrant(req, ctx)
	if (grant === 'pkce') return pkceGrant(req, ctx)
	if (grant === 'id_token') return notImplemented('grant_type=id_token')
	return authError(req, 400, 'validation_failed', 'unsupported_grant_type')
}

async function passwordGrant(req: AuthRequest, ctx: AuthContext): Promise<Reply> {
	const email = text(req.body.email)?.trim()
	const password = text(req.body.password)
	if (!email && text(req.body.phone)) return notImplemented('Phone sign-in')
	if (!email || !password) return authError(req, 400, 'validation_failed', 'missing email or phone')
	const candidate = await ctx.db.transaction((tx) => findUserByEmail(tx, email))
	if (!candidate || !(await passwordMatches(candidate, password))) {
		return authError(req, 400, 'invalid_credentials', 'Invalid login credentials')
	}
	return ctx.db.transaction(async (tx) => {
		const user = await findUserById(tx, candidate.id)
		// Changed or gone while the password was checked: the check no longer holds.
		if (!user || user.encrypted_password !== candidate.encrypted_password) {
			return authError(req, 400, 'invalid_credentials', 'Invalid login credentials')
		}
		if (!user.email_confirmed_at && ctx.config.email.enable_confirmations) {
			return authError(req, 400, 'email_not_confirmed', 'Email not confirmed')
		}
		if (user.banned_until && user.banned_until.getTime() > Date.now()) {
			return authError(req, 400, 'user_banned', 'User is banned')
		}
		return json(200, await issueSession(tx, user, 'password', settingsOf(ctx)))
	})
}

async function refreshGrant(req: AuthRequest, ctx: AuthContext): Promise<Reply> {
	const refreshToken = text(req.body.refresh_token)
	if (!refreshToken) return authError(req, 400, 'validation_failed', 'refresh_token required')
	const outcome = await ctx.db.transaction((tx) =>
		refreshSession(tx, refreshToken, ctx.config.refresh_token_reuse_interval, settingsOf(ctx)),
	)
	if (outcome.ok) return json(200, outcome.session)
	return outcome.code === 'refresh_token_not_found'
		? authError(req, 400, outcome.code, 'Invalid Refresh Token: Refresh Token Not Found')
		: authError(req, 400, outcome.code, 'Invalid Refresh Token: Already Used')
}

async function pkceGrant(req: AuthRequest, ctx: AuthContext): Promise<Reply> {
	const authCode = text(req.body.auth_code)
	const verifier = text(req.body.code_verifier)
	if (!authCode || !verifier)
		return authError(
			req,
			400,
			'validation_failed',
			'invalid request: both auth code and code verifier should be non-empty',
		)
	return ctx.db.transaction(async (tx) => {
		const flow = await consumeFlowState(tx, authCode, verifier)
		if (!flow.ok) return authError(req, flow.status, flow.code, flow.message)
		const user = await findUserById(tx, flow.userId)
		if (!user) return authError(req, 404, 'user_not_found', 'User not found')
		// token.go's PKCE grant signs in with the flow state's method as it was stored: recovery, magiclink,
		// email/signup, email_change or oauth.
		return json(200, await issueSession(tx, user, flow.authenticationMethod, settingsOf(ctx)))
	})
}

// Current user ----------------------------------------------------------------------------------

type VerifiedUser = { user: UserRow; claims: Claims }

async function currentUser(req: AuthRequest, tx: Sql): Promise<VerifiedUser | Reply> {
	if (!req.bearer) return authError(req, 401, 'no_authorization', 'This endpoint requires a Bearer token')
	const verified = await verifyJwt(req.bearer)
	if (!verified.ok)
		return authError(req, 403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${verified.message}`)
	const { claims } = verified
	if (!claims.sub || !claims.session_id) return authError(req, 403, 'bad_jwt', 'invalid claim: missing sub claim')
	if (!(await sessionExists(tx, claims.session_id))) {
		return authError(req, 403, 'session_not_found', 'Session from session_id claim in JWT does not exist')
	}
	const user = await findUserById(tx, claims.sub)
	if (!user) return authError(req, 403, 'user_not_found', 'User from sub claim in JWT does not exist')
	return { user, claims }
}

function withUser(
	req: AuthRequest,
	ctx: AuthContext,
	work: (tx: Sql, user: UserRow, claims: Claims) => Promise<Reply>,
) {
	return ctx.db.transaction(async (tx) => {
		const current = await currentUser(req, tx)
		if ('status' in current) return current
		return work(tx, current.user, current.claims)
	})
}

async function updateUser(req: AuthRequest, ctx: AuthContext) {
	const newPassword = await prepareNewPassword(req, ctx)
	// Sent once the change is committed.
	let mails: AuthEmail[] = []
	const reply = await withUser(req, ctx, async (tx, user, claims) => {
		if (text(req.body.phone)) return notImplemented('Phone change')
		if (req.body.app_metadata !== undefined) return authError(req, 403, 'not_admin', 'User not allowed')
		const requestedEmail = text(req.body.email)?.trim()
		const newEmail = requestedEmail && requestedEmail.toLowerCase() !== user.email ? requestedEmail : undefined
		const refused = newEmail && (await emailChangeRefusal(req, tx, user, newEmail))
		if (refused) return refused
		const password = text(req.body.password)
		if (password !== undefined) {
			if (password.length < ctx.config.minimum_password_length) {
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
			// Checked and hashed against the row as it was just before this transaction; if it changed since, try again.
			if (!newPassword || newPassword.against !== user.encrypted_password) {
				return authError(req, 409, 'conflict', 'The user changed while the request was handled; try again.')
			}
			if (newPassword.same) {
				return authError(req, 422, 'same_password', 'New password should be different from the old password.')
			}
			await changePassword(tx, user.id, newPassword.hash, claims.session_id)
		}
		const data = record(req.body.data)
		if (data) {
			await tx.query(
				`update auth.users set raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || $2::jsonb,
				   updated_at = now() where id = $1`,
				[user.id, JSON.stringify(data)],
			)
		}
		// After a password change, as GoTrue asks for the e-mail change with the user the change cleared.
		if (newEmail) mails = await requestEmailChange(req, ctx, tx, (await findUserById(tx, user.id)) ?? user, newEmail)
		const updated = await findUserById(tx, user.id)
		return json(200, await loadUserJson(tx, updated ?? user))
	})
	if (reply.status === 200) await Promise.all(mails.map((mail) => sendAuthEmail(ctx, mail)))
	return reply
}

/** The new password's hash, and whether it is the current one, worked out before the update's transaction. */
async function prepareNewPassword(req: AuthRequest, ctx: AuthContext) {
	const password = text(req.body.password)
	if (password === undefined || password.length < ctx.config.minimum_password_length) return null
	const current = await ctx.db.transaction(async (tx) => {
		const found = await currentUser(req, tx)
		return 'status' in found ? null : found.user
	})
	if (!current) return null
	const [same, hash] = await Promise.all([passwordMatches(current, password), hashPassword(password)])
	return { same, hash, against: current.encrypted_password }
}

function logout(req: AuthRequest, ctx: AuthContext) {
	const scope = req.query.get('scope') ?? 'global'
	if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
		return Promise.resolve(authError(req, 400, 'validation_failed', 'Unsupported logout scope'))
	}
	return withUser(req, ctx, async (tx, user, claims) => {
		await endSessions(tx, user.id, String(claims.session_id), scope)
		return { status: 204 }
	})
}
