import type { Sql } from '../db'
import { json, notImplemented, redirect, type Reply } from '../http'
import { authError, redirectTarget, settingsOf, text, type AuthContext, type AuthRequest } from './common'
import { issueFlowCode, issueSession } from './sessions'
import type { UserRow } from './users'

// Verification ----------------------------------------------------------------------------------

const verifyTypes = ['signup', 'invite', 'recovery', 'magiclink', 'email', 'email_change'] as const

export type VerifyType = (typeof verifyTypes)[number]

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
