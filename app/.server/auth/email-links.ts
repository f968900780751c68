import { isAuthRetryableFetchError } from '@supabase/supabase-js'
import type { RouterContextProvider } from 'react-router'
import { namedAddresses, type EmailLink } from '~/lib/email-link'
import { serviceUnavailable } from '../http/responses'
import { createAnonClient, getSupabase, holdsCodeVerifier } from '../supabase/client'
import { getOptionalUser, type SessionUser } from './session'
import { log } from '../log'

type Context = Readonly<RouterContextProvider>

export type LinkOutcome =
	| { kind: 'signed-in' }
	/** Used already, expired, or never valid: Supabase refused it. */
	| { kind: 'refused' }
	/** The link was of another account than the page said: no session was started with it. */
	| { kind: 'other-account' }
	/** The first of the two links of an e-mail change (double_confirm_changes): no session yet. */
	| { kind: 'halfway' }
	/** A sign-up confirmed in a browser that did not sign up: no session here; `email`, as Supabase verified it. */
	| { kind: 'confirmed'; email: string }

const sameAddress = (a: string | undefined, b: string) => a?.toLowerCase() === b.toLowerCase()

/** Whether the link's page must ask before using it: someone else is signed in in this browser. */
export function isAnotherAccount(current: SessionUser | null, link: EmailLink) {
	return current !== null && !namedAddresses(link).some((address) => sameAddress(current.email, address))
}

/**
 * Whether a sign-up confirmation may sign this browser in: the one that signed up, which holds the PKCE
 * verifier of that sign-up (its link's token hash is `pkce_`-prefixed). Anywhere else (another device, the
 * mail app's own browser) the link confirms the account and the person signs in with their password, as
 * with Supabase's own PKCE links, whose code only that verifier can exchange.
 */
export function signsInHere(request: Request, link: EmailLink) {
	return !link.signUp || (link.tokenHash.startsWith('pkce_') && holdsCodeVerifier(request))
}

/**
 * Uses an e-mail link: the POST of its page, never a GET (a mail scanner's visit). Which account a token
 * hash belongs to is known only by using it, so it is verified on a client of its own, whose session
 * touches no cookie; the browser gets that session only when it is the account the page named (the
 * link's `email`, which anyone can edit, so it is checked against what Supabase verified) and, when
 * another account was signed in here, the person agreed to switch (`switchConfirmed`). Otherwise the
 * new session is ended and the browser keeps the one it had: a link sent by a stranger cannot swap it.
 */
export async function openEmailLink(
	context: Context,
	request: Request,
	link: EmailLink,
	switchConfirmed: boolean,
): Promise<LinkOutcome> {
	const current = await getOptionalUser(context, request)
	const verifier = createAnonClient()
	const { data, error } = await verifier.auth.verifyOtp({ token_hash: link.tokenHash, type: link.type })
	if (error) {
		if (isAuthRetryableFetchError(error)) throw serviceUnavailable()
		log.info({ reason: error.code ?? error.message }, '[auth] e-mail link refused')
		return { kind: 'refused' }
	}
	const { session } = data
	if (!session) return link.type === 'email_change' ? { kind: 'halfway' } : { kind: 'refused' }
	const verified = session.user
	if (!signsInHere(request, link)) {
		await verifier.auth.signOut({ scope: 'local' })
		return { kind: 'confirmed', email: verified.email ?? link.email }
	}
	const sameAccount = current?.id === verified.id
	const named = namedAddresses(link).some((address) => sameAddress(verified.email, address))
	if (!sameAccount && (!named || (current && !switchConfirmed))) {
		await verifier.auth.signOut({ scope: 'local' })
		return { kind: 'other-account' }
	}
	const supabase = getSupabase(context)
	// Switching accounts ends the old session here, as 'Cerrar sesión' would in this browser.
	if (current && !sameAccount) await supabase.auth.signOut({ scope: 'local' })
	const started = await supabase.auth.setSession(session)
	if (!started.error) return { kind: 'signed-in' }
	if (isAuthRetryableFetchError(started.error)) throw serviceUnavailable()
	log.error({ reason: started.error.code ?? started.error.message }, '[auth] the verified session could not be kept')
	return { kind: 'refused' }
}
