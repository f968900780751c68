import type { Sql } from '../db'
import { renderEmail, type TemplateName } from '../email-templates'
import { json, notImplemented, type Reply } from '../http'
import { requireServiceRole } from './admin'
import { authError, emailPattern, record, redirectTarget, text, type AuthContext, type AuthRequest } from './common'
import { RateLimited } from './rate-limits'
import { createFlowState } from './sessions'
import { createUser, findUserByEmail, loadUserJson, newEmailToken, type UserRow } from './users'
import type { VerifyType } from './verify'

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
