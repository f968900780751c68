import type { Sql } from '../db'
import { renderEmail, type TemplateName } from '../email-templates'
import { json, notImplemented, redirect, type Reply } from '../http'
import { requireServiceRole } from './admin'
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
import { RateLimited } from './rate-limits'
import { createFlowState, issueFlowCode, issueSession } from './sessions'
import { createUser, findUserByEmail, loadUserJson, newEmailToken, type UserRow } from './users'

// The e-mails with a one-time link (supabase/auth's mail.go and verify.go): what sends each, and the
// verification that consumes it, by a visit to /verify (GET) or by its token hash (POST).

/** One e-mail to send once the transaction that made its token has committed. */
export type AuthEmail = {
	template: TemplateName
	to: string
	/** `{{ .Email }}`: the account's address (the current one, in an e-mail change). */
	email: string
	/** `{{ .NewEmail }}`, e-mail change only. */
	newEmail?: string
	tokenHash: string
	redirectTo: string
}

/** The `type` of each message's ConfirmationURL (supabase/auth's templatemailer). */
const linkTypeOf: Record<TemplateName, VerifyType> = {
	confirmation: 'signup',
	recovery: 'recovery',
	magic_link: 'magiclink',
	invite: 'invite',
	email_change: 'email_change',
}

/** Go's url.QueryEscape: everything but letters, digits and `-_.~` percent-encoded, spaces as `+`. */
function queryEscape(value: string) {
	return encodeURIComponent(value)
		.replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
		.replace(/%20/g, '+')
}

/** templatemailer's getPath: a redirect URL holding `&`, `=` or `#` is escaped, any other is taken as given. */
function confirmationUrl(ctx: AuthContext, email: AuthEmail) {
	const redirectTo = /[&=#]/.test(email.redirectTo) ? queryEscape(email.redirectTo) : email.redirectTo
	const type = linkTypeOf[email.template]
	return `${ctx.apiUrl}/auth/v1/verify?token=${queryEscape(email.tokenHash)}&type=${type}&redirect_to=${redirectTo}`
}

/** A message of supabase/config.toml's templates, filled in as Supabase Auth fills it. */
export async function sendAuthEmail(ctx: AuthContext, email: AuthEmail) {
	const message = renderEmail(ctx.templates, email.template, {
		ConfirmationURL: confirmationUrl(ctx, email),
		TokenHash: email.tokenHash,
		SiteURL: ctx.config.site_url,
		RedirectTo: email.redirectTo,
		Email: email.email,
		...(email.template === 'email_change' ? { NewEmail: email.newEmail } : {}),
	})
	await ctx.mailer.send({ to: email.to, ...message })
}

type Challenge = { challenge: string | undefined; method: string }

function challengeOf(req: AuthRequest): Challenge {
	return { challenge: text(req.body.code_challenge), method: text(req.body.code_challenge_method) ?? 's256' }
}

/** A PKCE request keeps a flow state, whose code the link's visit hands out; its token says so with `pkce_`. */
async function flowToken(tx: Sql, user: UserRow, address: string, { challenge, method }: Challenge, kind: string) {
	if (challenge) await createFlowState(tx, { userId: user.id, challenge, method, authenticationMethod: kind })
	return newEmailToken(address, Boolean(challenge))
}

/**
 * mail.go's validateSentWithinFrequencyLimit: a user gets one e-mail of a kind (`sentAt`'s column) within
 * [auth.email] max_frequency. Checked before the project's hourly allowance is counted, as GoTrue does;
 * the seconds left are truncated, as Go's integer division of durations does.
 */
function checkFrequency(ctx: AuthContext, sentAt: Date | null) {
	if (!sentAt) return
	const leftMs = sentAt.getTime() + ctx.config.email.max_frequency - Date.now()
	if (leftMs > 0) {
		throw new RateLimited(
			'over_email_send_rate_limit',
			`For security purposes, you can only request this after ${Math.trunc(leftMs / 1000)} seconds.`,
		)
	}
}

/**
 * mail.go's sendConfirmation: a new confirmation token for `user`, and the e-mail that carries it. Each
 * e-mail counts against the project's hourly allowance first, inside the request's transaction, so a
 * refusal leaves nothing written (as GoTrue sends within its own).
 */
export async function prepareConfirmation(
	ctx: AuthContext,
	tx: Sql,
	user: UserRow,
	challenge: Challenge,
	redirectTo: string,
): Promise<AuthEmail> {
	checkFrequency(ctx, user.confirmation_sent_at)
	ctx.limits.takeEmail()
	const tokenHash = await flowToken(tx, user, user.email, challenge, 'email/signup')
	await tx.query('update auth.users set confirmation_token = $2, confirmation_sent_at = now() where id = $1', [
		user.id,
		tokenHash,
	])
	return { template: 'confirmation', to: user.email, email: user.email, tokenHash, redirectTo }
}

async function prepareRecovery(
	ctx: AuthContext,
	tx: Sql,
	user: UserRow,
	challenge: Challenge,
	redirectTo: string,
	template: 'recovery' | 'magic_link',
): Promise<AuthEmail> {
	// A magic link is a recovery with another template: sendMagicLink checks the same recovery_sent_at.
	checkFrequency(ctx, user.recovery_sent_at)
	ctx.limits.takeEmail()
	const kind = template === 'recovery' ? 'recovery' : 'magiclink'
	const tokenHash = await flowToken(tx, user, user.email, challenge, kind)
	await tx.query('update auth.users set recovery_token = $2, recovery_sent_at = now() where id = $1', [
		user.id,
		tokenHash,
	])
	return { template, to: user.email, email: user.email, tokenHash, redirectTo }
}

const invalidEmail = (req: AuthRequest) =>
	authError(req, 400, 'validation_failed', 'Unable to validate email address: invalid format')
const emailExists = (req: AuthRequest) =>
	authError(req, 422, 'email_exists', 'A user with this email address has already been registered')

// Requests that send a link ---------------------------------------------------------------------

export async function recover(req: AuthRequest, ctx: AuthContext): Promise<Reply> {
	const email = text(req.body.email)?.trim()
	if (!email) return authError(req, 400, 'validation_failed', 'Password recovery requires an email')
	if (!emailPattern.test(email)) return invalidEmail(req)
	const redirectTo = redirectTarget(ctx, req.query.get('redirect_to') ?? undefined)
	const mail = await ctx.db.transaction(async (tx) => {
		const user = await findUserByEmail(tx, email)
		return user ? prepareRecovery(ctx, tx, user, challengeOf(req), redirectTo, 'recovery') : undefined
	})
	// Unknown addresses get the same answer: the endpoint must not reveal who has an account.
	if (mail) await sendAuthEmail(ctx, mail)
	return json(200, {})
}

/**
 * otp.go and magic_link.go, e-mail only: a confirmed account gets a magic link; a new or unconfirmed
 * address is signed up (no password) and gets the confirmation, which signs in as well.
 */
export async function otp(req: AuthRequest, ctx: AuthContext): Promise<Reply> {
	const email = text(req.body.email)?.trim() ?? ''
	const phone = text(req.body.phone) ?? ''
	if (email && phone)
		return authError(req, 400, 'validation_failed', 'Only an email address or phone number should be provided')
	if (phone) return notImplemented('Phone OTP')
	if (!email) return authError(req, 400, 'validation_failed', 'One of email or phone must be set')
	if (!emailPattern.test(email)) return invalidEmail(req)
	const createIfMissing = req.body.create_user !== false
	const redirectTo = redirectTarget(ctx, req.query.get('redirect_to') ?? undefined)
	const challenge = challengeOf(req)
	const outcome = await ctx.db.transaction(async (tx) => {
		const existing = await findUserByEmail(tx, email)
		if (!existing && !createIfMissing) return authError(req, 422, 'otp_disabled', 'Signups not allowed for otp')
		if (existing?.email_confirmed_at) return prepareRecovery(ctx, tx, existing, challenge, redirectTo, 'magic_link')
		if (!ctx.config.enable_signup)
			return authError(req, 422, 'signup_disabled', 'Signups not allowed for this instance')
		const confirmations = ctx.config.email.enable_confirmations
		const user =
			existing ??
			(await createUser(tx, {
				email,
				userMetadata: record(req.body.data),
				provider: 'email',
				confirmed: !confirmations,
			}))
		return confirmations
			? prepareConfirmation(ctx, tx, user, challenge, redirectTo)
			: prepareRecovery(ctx, tx, user, challenge, redirectTo, 'magic_link')
	})
	if ('status' in outcome) return outcome
	await sendAuthEmail(ctx, outcome)
	return json(200, {})
}

/** invite.go: the service role invites an address that has no confirmed account. */
export async function invite(req: AuthRequest, ctx: AuthContext): Promise<Reply> {
	const refused = await requireServiceRole(req)
	if (refused) return refused
	const email = text(req.body.email)?.trim() ?? ''
	if (!emailPattern.test(email)) return invalidEmail(req)
	const redirectTo = redirectTarget(ctx, req.query.get('redirect_to') ?? undefined)
	const outcome = await ctx.db.transaction(async (tx) => {
		const existing = await findUserByEmail(tx, email)
		if (existing?.email_confirmed_at) return emailExists(req)
		const user =
			existing ??
			(await createUser(tx, { email, userMetadata: record(req.body.data), provider: 'email', confirmed: false }))
		ctx.limits.takeEmail()
		// mail.go's sendInvite makes no PKCE flow: an invitation is opened far from where it was sent.
		const tokenHash = newEmailToken(user.email, false)
		const invited = await tx.query<UserRow>(
			`update auth.users set confirmation_token = $2, confirmation_sent_at = now(), invited_at = now()
			 where id = $1 returning *`,
			[user.id, tokenHash],
		)
		const mail: AuthEmail = { template: 'invite', to: user.email, email: user.email, tokenHash, redirectTo }
		return { mail, user: await loadUserJson(tx, invited.rows[0] ?? user) }
	})
	if ('status' in outcome) return outcome
	await sendAuthEmail(ctx, outcome.mail)
	return json(200, outcome.user)
}

/** Why user.go refuses to move `user` to `newEmail`, checked before anything of the update is written. */
export async function emailChangeRefusal(req: AuthRequest, tx: Sql, user: UserRow, newEmail: string) {
	if (!emailPattern.test(newEmail)) return invalidEmail(req)
	const taken = await findUserByEmail(tx, newEmail)
	return taken && taken.id !== user.id ? emailExists(req) : undefined
}

/**
 * user.go's e-mail change, through mail.go's sendEmailChange: a link to the new address and, with
 * double_confirm_changes (secure e-mail change), one to the current address; both must be opened.
 */
export async function requestEmailChange(
	req: AuthRequest,
	ctx: AuthContext,
	tx: Sql,
	user: UserRow,
	newEmail: string,
): Promise<AuthEmail[]> {
	const redirectTo = redirectTarget(ctx, req.query.get('redirect_to') ?? undefined)
	const challenge = challengeOf(req)
	const address = newEmail.toLowerCase()
	checkFrequency(ctx, user.email_change_sent_at)
	ctx.limits.takeEmail()
	const tokenNew = await flowToken(tx, user, address, challenge, 'email_change')
	const secure = ctx.config.email.double_confirm_changes
	if (secure) ctx.limits.takeEmail()
	const tokenCurrent = secure ? newEmailToken(user.email, Boolean(challenge.challenge)) : ''
	await tx.query(
		`update auth.users set email_change = $2, email_change_token_new = $3, email_change_token_current = $4,
		   email_change_confirm_status = 0, email_change_sent_at = now(), updated_at = now()
		 where id = $1`,
		[user.id, address, tokenNew, tokenCurrent],
	)
	const mail = (to: string, tokenHash: string): AuthEmail => ({
		template: 'email_change',
		to,
		email: user.email,
		newEmail: address,
		tokenHash,
		redirectTo,
	})
	return secure ? [mail(address, tokenNew), mail(user.email, tokenCurrent)] : [mail(address, tokenNew)]
}

// Verification ----------------------------------------------------------------------------------

const verifyTypes = ['signup', 'invite', 'recovery', 'magiclink', 'email', 'email_change'] as const
type VerifyType = (typeof verifyTypes)[number]
const isVerifyType = (value: string | undefined): value is VerifyType => verifyTypes.some((type) => type === value)

/** The token columns a link of each type is looked up in (verify.go's verifyTokenHash). */
const tokenColumns: Record<VerifyType, string[]> = {
	signup: ['confirmation_token'],
	invite: ['confirmation_token'],
	recovery: ['recovery_token'],
	magiclink: ['recovery_token'],
	email: ['confirmation_token', 'recovery_token'],
	email_change: ['email_change_token_current', 'email_change_token_new'],
}

const sentColumn = (type: VerifyType) =>
	type === 'recovery' || type === 'magiclink'
		? 'recovery_sent_at'
		: type === 'email_change'
			? 'email_change_sent_at'
			: 'confirmation_sent_at'

/** The authentication method a PKCE link's flow state was made with (flowToken's `kind`). */
const flowKindOf = (type: VerifyType) =>
	type === 'signup' || type === 'invite' || type === 'email' ? 'email/signup' : type

/** verify.go's message for a token hash that matches nothing, or matches but is past otp_expiry. */
const linkInvalid = { status: 403, code: 'otp_expired', message: 'Email link is invalid or has expired' } as const
const singleConfirmationAccepted = 'Confirmation link accepted. Please proceed to confirm link sent to the other email'

type Consumed =
	| { kind: 'verified'; user: UserRow; type: VerifyType }
	/** The first of the two links of a secure e-mail change. */
	| { kind: 'halfway' }
	| { kind: 'refused'; status: 403; code: string; message: string }

/** verifyTokenHash, then signupVerify, recoverVerify or emailChangeVerify: finds the link's account and uses the link. */
async function consumeLink(tx: Sql, ctx: AuthContext, tokenHash: string, requested: VerifyType): Promise<Consumed> {
	const columns = tokenColumns[requested]
	const found = await tx.query<UserRow>(
		`select * from auth.users where deleted_at is null and $1 <> '' and (${columns.map((column) => `${column} = $1`).join(' or ')})`,
		[tokenHash],
	)
	const user = found.rows[0]
	if (!user) return { kind: 'refused', ...linkInvalid }
	if (user.banned_until && user.banned_until.getTime() > Date.now())
		return { kind: 'refused', status: 403, code: 'user_banned', message: 'User is banned' }
	// A link of type `email` is a confirmation or a magic link, whichever token it is.
	const type: VerifyType =
		requested === 'email' ? (user.recovery_token === tokenHash ? 'magiclink' : 'signup') : requested
	const sentAt = user[sentColumn(type) as 'confirmation_sent_at' | 'recovery_sent_at' | 'email_change_sent_at']
	if (!sentAt || Date.now() > sentAt.getTime() + ctx.config.email.otp_expiry * 1000)
		return { kind: 'refused', ...linkInvalid }

	if (type === 'email_change') return consumeEmailChange(tx, ctx, user, tokenHash)
	const column = type === 'recovery' || type === 'magiclink' ? 'recovery_token' : 'confirmation_token'
	const updated = await tx.query<UserRow>(
		`update auth.users set ${column} = '', email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
		 where id = $1 returning *`,
		[user.id],
	)
	return { kind: 'verified', user: updated.rows[0] ?? user, type }
}

async function consumeEmailChange(tx: Sql, ctx: AuthContext, user: UserRow, tokenHash: string): Promise<Consumed> {
	if (ctx.config.email.double_confirm_changes && user.email_change_confirm_status === 0 && user.email) {
		const column =
			user.email_change_token_current === tokenHash ? 'email_change_token_current' : 'email_change_token_new'
		await tx.query(`update auth.users set ${column} = '', email_change_confirm_status = 1 where id = $1`, [user.id])
		return { kind: 'halfway' }
	}
	// models.ConfirmEmailChange: the new address takes over and every pending token of the account goes.
	const updated = await tx.query<UserRow>(
		`update auth.users set email = email_change, email_change = '', email_change_token_new = '',
		   email_change_token_current = '', email_change_confirm_status = 0, confirmation_token = '', recovery_token = '',
		   email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
		 where id = $1 returning *`,
		[user.id],
	)
	const changed = updated.rows[0] ?? user
	await tx.query(
		`update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', true),
		   updated_at = now()
		 where user_id = $1 and provider = 'email'`,
		[user.id, changed.email],
	)
	return { kind: 'verified', user: changed, type: 'email_change' }
}

/** GET /verify: the ConfirmationURL's visit, answered with a redirect to `redirect_to` (fragment tokens, or a PKCE code). */
export async function verifyLinkVisit(req: AuthRequest, ctx: AuthContext): Promise<Reply> {
	const tokenValue = req.query.get('token') ?? ''
	const requested = req.query.get('type') ?? undefined
	const redirectTo = redirectTarget(ctx, req.query.get('redirect_to') ?? undefined)
	// prepErrorRedirectURL: the error travels in the fragment, named as OAuth names its status.
	const failure = (status: 400 | 403, code: string, message: string) =>
		redirect(
			`${redirectTo}#${new URLSearchParams({
				error: status === 403 ? 'access_denied' : 'invalid_request',
				error_code: code,
				error_description: message,
				sb: '',
			})}`,
		)
	if (!requested) return authError(req, 400, 'validation_failed', 'Verify requires a verification type')
	if (!tokenValue) return authError(req, 400, 'validation_failed', 'Verify requires a token or a token hash')
	if (!isVerifyType(requested)) return failure(400, 'validation_failed', 'Invalid email verification type')
	return ctx.db.transaction(async (tx) => {
		const consumed = await consumeLink(tx, ctx, tokenValue, requested)
		if (consumed.kind === 'refused') return failure(consumed.status, consumed.code, consumed.message)
		if (consumed.kind === 'halfway')
			return redirect(`${redirectTo}#${new URLSearchParams({ message: singleConfirmationAccepted, sb: '' })}`)
		const { user, type } = consumed
		if (tokenValue.startsWith('pkce_')) {
			const code = await issueFlowCode(tx, user.id, flowKindOf(type))
			if (!code) return failure(400, 'flow_state_not_found', 'No associated flow state found.')
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

/** POST /verify with a token hash (supabase-js verifyOtp): the session in the body, for a server to keep. */
export async function verifyTokenHash(req: AuthRequest, ctx: AuthContext): Promise<Reply> {
	const requested = text(req.body.type)
	const tokenHash = text(req.body.token_hash) ?? ''
	const token = text(req.body.token) ?? ''
	if (!requested) return authError(req, 400, 'validation_failed', 'Verify requires a verification type')
	if (Boolean(token) === Boolean(tokenHash))
		return authError(req, 400, 'validation_failed', 'Verify requires either a token or a token hash')
	if (token) return notImplemented('OTP verification by code')
	if (!isVerifyType(requested)) return authError(req, 400, 'validation_failed', 'Invalid email verification type')
	return ctx.db.transaction(async (tx) => {
		const consumed = await consumeLink(tx, ctx, tokenHash, requested)
		if (consumed.kind === 'refused') return authError(req, consumed.status, consumed.code, consumed.message)
		if (consumed.kind === 'halfway') return json(200, { msg: singleConfirmationAccepted, code: '200' })
		return json(200, await issueSession(tx, consumed.user, 'otp', settingsOf(ctx)))
	})
}
