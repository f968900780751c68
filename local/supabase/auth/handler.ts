import type { Transaction } from '@electric-sql/pglite'
import { json, notImplemented, redirect, type Reply } from '../http'
import { publishedKeys, verifyJwt, type Claims } from '../jwt'
import { renderEmail, type TemplateName } from '../email-templates'
import { admin } from './admin'
import {
	authError,
	emailPattern,
	record,
	redirectTarget,
	settingsOf,
	text,
	verifyLink,
	type AuthContext,
	type AuthRequest,
} from './common'
import { authorize, authorizeConsent } from './oauth'
import {
	consumeFlowState,
	createFlowState,
	endSessions,
	issueFlowCode,
	issueSession,
	refreshSession,
	sessionExists,
} from './sessions'
import {
	createUser,
	findUserByEmail,
	findUserById,
	hashPassword,
	loadUserJson,
	newEmailToken,
	obfuscatedUser,
	passwordMatches,
	type UserRow,
} from './users'

export type { AuthContext, AuthRequest } from './common'

export async function handleAuth(req: AuthRequest, ctx: AuthContext): Promise<Reply> {
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
		const emailToken = newEmailToken(email, Boolean(challenge))
		if (challenge) {
			await createFlowState(tx, {
				userId: user.id,
				challenge,
				method: challengeMethod,
				authenticationMethod: 'email/signup',
			})
		}
		const updated = await tx.query<UserRow>(
			'update auth.users set confirmation_token = $2, confirmation_sent_at = now() where id = $1 returning *',
			[user.id, emailToken],
		)
		return { kind: 'confirm', user: await loadUserJson(tx, updated.rows[0] ?? user), emailToken } as const
	})

	if (outcome.kind === 'exists') return authError(req, 422, 'user_already_exists', 'User already registered')
	if (outcome.kind === 'obfuscated') return json(200, obfuscatedUser(email, metadata))
	if (outcome.kind === 'session') return json(200, outcome.session)
	await sendAuthEmail(ctx, 'confirmation', { email, emailToken: outcome.emailToken, redirectTo })
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
		const method = flow.authenticationMethod === 'oauth' ? 'oauth' : flow.authenticationMethod.replace('email/', '')
		return json(200, await issueSession(tx, user, method === 'signup' ? 'otp' : method, settingsOf(ctx)))
	})
}

// Current user ----------------------------------------------------------------------------------

type VerifiedUser = { user: UserRow; claims: Claims }

async function currentUser(req: AuthRequest, tx: Transaction): Promise<VerifiedUser | Reply> {
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
	work: (tx: Transaction, user: UserRow, claims: Claims) => Promise<Reply>,
) {
	return ctx.db.transaction(async (tx) => {
		const current = await currentUser(req, tx)
		if ('status' in current) return current
		return work(tx, current.user, current.claims)
	})
}

async function updateUser(req: AuthRequest, ctx: AuthContext) {
	const newPassword = await prepareNewPassword(req, ctx)
	return withUser(req, ctx, async (tx, user) => {
		if (text(req.body.email) && text(req.body.email)?.toLowerCase() !== user.email)
			return notImplemented('E-mail change')
		if (text(req.body.phone)) return notImplemented('Phone change')
		if (req.body.app_metadata !== undefined) return authError(req, 403, 'not_admin', 'User not allowed')
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
			await tx.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [
				user.id,
				newPassword.hash,
			])
		}
		const data = record(req.body.data)
		if (data) {
			await tx.query(
				`update auth.users set raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || $2::jsonb,
				   updated_at = now() where id = $1`,
				[user.id, JSON.stringify(data)],
			)
		}
		const updated = await findUserById(tx, user.id)
		return json(200, await loadUserJson(tx, updated ?? user))
	})
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

// E-mail links ----------------------------------------------------------------------------------

async function recover(req: AuthRequest, ctx: AuthContext): Promise<Reply> {
	const email = text(req.body.email)?.trim()
	if (!email) return authError(req, 400, 'validation_failed', 'Password recovery requires an email')
	if (!emailPattern.test(email))
		return authError(req, 400, 'validation_failed', 'Unable to validate email address: invalid format')
	const challenge = text(req.body.code_challenge)
	const challengeMethod = text(req.body.code_challenge_method) ?? 's256'
	const redirectTo = redirectTarget(ctx, req.query.get('redirect_to') ?? undefined)
	const emailToken = await ctx.db.transaction(async (tx) => {
		const user = await findUserByEmail(tx, email)
		if (!user) return undefined
		const tokenValue = newEmailToken(email, Boolean(challenge))
		if (challenge) {
			await createFlowState(tx, {
				userId: user.id,
				challenge,
				method: challengeMethod,
				authenticationMethod: 'recovery',
			})
		}
		await tx.query('update auth.users set recovery_token = $2, recovery_sent_at = now() where id = $1', [
			user.id,
			tokenValue,
		])
		return tokenValue
	})
	// Unknown addresses get the same answer: the endpoint must not reveal who has an account.
	if (emailToken) await sendAuthEmail(ctx, 'recovery', { email, emailToken, redirectTo })
	return json(200, {})
}

/** An e-mail of supabase/config.toml's templates, its link to /verify carrying `emailToken`. */
async function sendAuthEmail(
	ctx: AuthContext,
	template: Extract<TemplateName, 'confirmation' | 'recovery'>,
	{ email, emailToken, redirectTo }: { email: string; emailToken: string; redirectTo: string },
) {
	const message = renderEmail(ctx.templates, template, {
		ConfirmationURL: verifyLink(ctx, emailToken, template === 'confirmation' ? 'signup' : 'recovery', redirectTo),
		TokenHash: emailToken,
		SiteURL: ctx.config.site_url,
		RedirectTo: redirectTo,
		Email: email,
	})
	await ctx.mailer.send({ to: email, ...message })
}

type LinkType = 'signup' | 'recovery' | 'email' | 'magiclink' | 'invite'

/** Finds the user an e-mail token belongs to, consumes it and marks the address confirmed. */
async function consumeEmailToken(tx: Transaction, tokenValue: string, type: LinkType) {
	const column = type === 'recovery' ? 'recovery_token' : 'confirmation_token'
	const sentColumn = type === 'recovery' ? 'recovery_sent_at' : 'confirmation_sent_at'
	const found = await tx.query<UserRow>(
		`select * from auth.users where ${column} = $1 and ${column} <> '' and ${sentColumn} > now() - interval '24 hours'`,
		[tokenValue],
	)
	const user = found.rows[0]
	if (!user) return undefined
	const updated = await tx.query<UserRow>(
		`update auth.users set ${column} = '', email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
		 where id = $1 returning *`,
		[user.id],
	)
	return updated.rows[0]
}

function parseLinkType(value: string | null): LinkType | undefined {
	return value === 'signup' || value === 'recovery' || value === 'email' || value === 'magiclink' || value === 'invite'
		? value
		: undefined
}

async function verifyLinkVisit(req: AuthRequest, ctx: AuthContext): Promise<Reply> {
	const tokenValue = req.query.get('token') ?? ''
	const type = parseLinkType(req.query.get('type'))
	const redirectTo = redirectTarget(ctx, req.query.get('redirect_to') ?? undefined)
	const failure = () =>
		redirect(
			`${redirectTo}#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired`,
		)
	if (!type || !tokenValue) return failure()
	return ctx.db.transaction(async (tx) => {
		const user = await consumeEmailToken(tx, tokenValue, type)
		if (!user) return failure()
		if (tokenValue.startsWith('pkce_')) {
			const code = await issueFlowCode(tx, user.id, type === 'recovery' ? 'recovery' : 'email/signup')
			if (!code) return failure()
			const target = new URL(redirectTo)
			target.searchParams.set('code', code)
			return redirect(target.toString())
		}
		const session = await issueSession(tx, user, 'otp', settingsOf(ctx))
		const fragment = new URLSearchParams({
			access_token: session.access_token,
			expires_at: String(session.expires_at),
			expires_in: String(session.expires_in),
			refresh_token: session.refresh_token,
			token_type: 'bearer',
			type,
		})
		return redirect(`${redirectTo}#${fragment}`)
	})
}

async function verifyTokenHash(req: AuthRequest, ctx: AuthContext): Promise<Reply> {
	const type = parseLinkType(text(req.body.type) ?? null)
	const tokenHash = text(req.body.token_hash)
	if (!type || !tokenHash) {
		if (text(req.body.token)) return notImplemented('OTP verification by code')
		return authError(req, 400, 'validation_failed', 'Verify requires a verification type and a token_hash')
	}
	return ctx.db.transaction(async (tx) => {
		const user = await consumeEmailToken(tx, tokenHash, type)
		if (!user) return authError(req, 403, 'otp_expired', 'Token has expired or is invalid')
		return json(200, await issueSession(tx, user, 'otp', settingsOf(ctx)))
	})
}
