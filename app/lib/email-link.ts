import { emailField } from './schemas'

/**
 * The links of Supabase Auth's e-mails (supabase/templates): `/auth/callback?token_hash=…&type=…&email=…
 * &redirect_to=…`, plus `new_email` in an e-mail change. `email` is the account the message was sent for;
 * it only tells the page whose link it is (someone may have edited it), never who gets signed in.
 * The sign-up confirmation adds `alta=1`: its `type=email` is the magic link's too (Supabase deprecates
 * `signup` for verifyOtp), and a confirmation signs in only the browser that signed up (decision 011).
 */
export const emailLinkTypes = ['email', 'recovery', 'invite', 'email_change'] as const
export type EmailLinkType = (typeof emailLinkTypes)[number]

export type EmailLink = {
	tokenHash: string
	type: EmailLinkType
	email: string
	newEmail: string | null
	/** A sign-up confirmation (`alta=1`). Editing it only changes what the page says and whether it signs in. */
	signUp: boolean
	/** The redirect the sender gave Supabase, which carries `next` (where to go afterwards). */
	redirectTo: string | null
}

type Values = { get: (name: string) => FormDataEntryValue | string | null }

const isLinkType = (value: unknown): value is EmailLinkType => emailLinkTypes.some((type) => type === value)

/** A token hash as Supabase makes it (hex, `pkce_`-prefixed for PKCE), with room for other formats, not for junk. */
const tokenHashPattern = /^[A-Za-z0-9_-]{16,200}$/

function address(value: FormDataEntryValue | string | null) {
	const parsed = emailField.safeParse(value)
	return parsed.success ? parsed.data.toLowerCase() : null
}

/** The link's parameters (a query or the page's form), or null for a link that is incomplete or malformed. */
export function readEmailLink(values: Values): EmailLink | null {
	const tokenHash = values.get('token_hash')
	const type = values.get('type')
	const email = address(values.get('email'))
	const newEmail = address(values.get('new_email'))
	const redirectTo = values.get('redirect_to')
	if (typeof tokenHash !== 'string' || !tokenHashPattern.test(tokenHash) || !isLinkType(type) || !email) return null
	if (type === 'email_change' && !newEmail) return null
	return {
		tokenHash,
		type,
		email,
		newEmail: type === 'email_change' ? newEmail : null,
		signUp: type === 'email' && values.get('alta') === '1',
		redirectTo: typeof redirectTo === 'string' ? redirectTo : null,
	}
}

/** The addresses the page names as the link's account: in an e-mail change, the account's old and new one. */
export function namedAddresses(link: EmailLink) {
	return link.newEmail ? [link.email, link.newEmail] : [link.email]
}

/** `next` of the redirect the sender gave, when that redirect is our own callback; null otherwise. */
export function nextOf(link: EmailLink, callbackUrl: string) {
	if (!link.redirectTo || !URL.canParse(link.redirectTo)) return null
	const redirect = new URL(link.redirectTo)
	const callback = new URL(callbackUrl)
	if (redirect.origin !== callback.origin || redirect.pathname !== callback.pathname) return null
	return redirect.searchParams.get('next')
}

/** The hidden fields that carry the link from the page to its POST. */
export function linkFields(link: EmailLink): [string, string][] {
	const fields: [string, string][] = [
		['token_hash', link.tokenHash],
		['type', link.type],
		['email', link.email],
	]
	if (link.newEmail) fields.push(['new_email', link.newEmail])
	if (link.signUp) fields.push(['alta', '1'])
	if (link.redirectTo) fields.push(['redirect_to', link.redirectTo])
	return fields
}
