import { html, redirect, type Reply } from '../http'
import { authError, emailPattern, redirectTarget, settingsOf, text, type AuthContext, type AuthRequest } from './common'
import { consentPage } from './consent'
import { createFlowState, issueSession } from './sessions'
import { createUser, findUserByEmail } from './users'

// OAuth (Google) --------------------------------------------------------------------------------

export async function authorize(req: AuthRequest, ctx: AuthContext): Promise<Reply> {
	const provider = req.query.get('provider') ?? ''
	if (!ctx.config.external[provider]?.enabled) {
		return authError(req, 400, 'validation_failed', 'Unsupported provider: provider is not enabled')
	}
	const hidden = {
		provider,
		redirect_to: redirectTarget(ctx, req.query.get('redirect_to') ?? undefined),
		code_challenge: req.query.get('code_challenge') ?? '',
		code_challenge_method: req.query.get('code_challenge_method') ?? '',
	}
	const known = await ctx.db.transaction(async (tx) => {
		const result = await tx.query<{ email: string; name: string }>(
			`select u.email, coalesce(u.raw_user_meta_data ->> 'full_name', '') as name
			 from auth.users u join auth.identities i on i.user_id = u.id and i.provider = 'google'
			 order by u.created_at limit 10`,
		)
		return result.rows
	})
	return html(200, consentPage(hidden, known))
}

export async function authorizeConsent(req: AuthRequest, ctx: AuthContext): Promise<Reply> {
	const email = text(req.body.email)?.trim().toLowerCase()
	const fullName = text(req.body.full_name)?.trim() ?? ''
	const redirectTo = redirectTarget(ctx, text(req.body.redirect_to))
	const challenge = text(req.body.code_challenge)
	if (!email || !emailPattern.test(email)) {
		return redirect(
			`${redirectTo}#error=invalid_request&error_code=validation_failed&error_description=Invalid+email`,
			302,
		)
	}
	return ctx.db.transaction(async (tx) => {
		const metadata = {
			full_name: fullName || email.split('@')[0],
			email,
			email_verified: true,
			iss: 'https://accounts.google.com',
		}
		let user = await findUserByEmail(tx, email)
		if (!user) {
			user = await createUser(tx, {
				email,
				userMetadata: metadata,
				provider: 'google',
				providerId: `google-${email}`,
				confirmed: true,
			})
		} else {
			await tx.query(
				`insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
				 values ($1, $2, $3, 'google', now(), now(), now()) on conflict (provider_id, provider) do nothing`,
				[`google-${email}`, user.id, JSON.stringify({ sub: `google-${email}`, ...metadata })],
			)
			await tx.query(
				`update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()),
				   raw_app_meta_data = jsonb_set(coalesce(raw_app_meta_data, '{}'), '{providers}',
				     (select coalesce(jsonb_agg(distinct p), '[]') from jsonb_array_elements_text(
				       coalesce(raw_app_meta_data -> 'providers', '[]') || '["google"]') p))
				 where id = $1`,
				[user.id],
			)
		}
		if (challenge) {
			const code = await createFlowState(tx, {
				userId: user.id,
				challenge,
				method: text(req.body.code_challenge_method) || 's256',
				authenticationMethod: 'oauth',
			})
			const target = new URL(redirectTo)
			target.searchParams.set('code', code)
			return redirect(target.toString(), 302)
		}
		const session = await issueSession(tx, user, 'oauth', settingsOf(ctx))
		const fragment = new URLSearchParams({
			access_token: session.access_token,
			expires_at: String(session.expires_at),
			expires_in: String(session.expires_in),
			provider_token: 'local-google-token',
			refresh_token: session.refresh_token,
			token_type: 'bearer',
		})
		return redirect(`${redirectTo}#${fragment}`, 302)
	})
}
