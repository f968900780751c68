import { isAuthApiError, isAuthRetryableFetchError } from '@supabase/supabase-js'
import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import { authCopy } from '~/content/auth'
import { serviceUnavailableCopy } from '~/content/errors'
import type { Tables } from '~/lib/database.types'
import { periodHref, type BillingPeriod } from '~/lib/period'
import type { PlanId } from '~/lib/plan-ids'
import { safeRedirect } from '~/lib/safe-redirect'
import { getPublicEnv } from '../env'
import { getRequestInfo, isShownImage } from '../http/request'
import { rateLimitedMessage } from '../security/rate-limit'
import { assertReachable, getConfirmedUser, getOptionalUser, getSupabase, type SessionUser } from '../supabase/supabase'
import { log } from '../log'

type Context = Readonly<RouterContextProvider>

/** The sign-in page, coming back to this page afterwards. */
function toSignIn(context: Context) {
	const { url } = getRequestInfo(context)
	return redirect(`/auth?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`)
}

/** Portal pages need a user: signed out, go to /auth and come back here afterwards. */
export async function requireUser(context: Context, request: Request): Promise<SessionUser> {
	const user = await getOptionalUser(context, request)
	if (user) return user
	throw toSignIn(context)
}

/** Who the pages behind a guarded layout are for, set by its middleware before any of their loaders or actions. */
const guardedUserContext = createContext<SessionUser | null>(null)

/** The user of a page behind the dashboard's or the back office's guard. */
export function guardedUser(context: Context): SessionUser {
	const user = context.get(guardedUserContext)
	if (!user) throw new Error('guardedUser: this route is not behind requireUserMiddleware or requireAdminMiddleware')
	return user
}

/** The dashboard's layout: every page in it needs a user, checked once, before any of their loaders runs. */
export const requireUserMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
	context.set(guardedUserContext, await requireUser(context, request))
	return next()
}

/**
 * The back office's layout: an admin, whose session Supabase Auth confirms (a token left over from a sign-out
 * opens nothing here), before any of its loaders or actions runs, so a visitor or a client never sets the admin
 * queries off. The profile is read while Auth answers. Anyone else goes to /dashboard (RLS enforces the same).
 */
export const requireAdminMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
	const user = await requireUser(context, request)
	const [confirmed, profile] = await Promise.all([getConfirmedUser(context, request), loadProfile(context, user)])
	if (!confirmed) throw toSignIn(context)
	if (profile?.role !== 'admin') throw redirect('/dashboard')
	context.set(guardedUserContext, confirmed)
	return next()
}

export type Profile = Pick<Tables<'usuarios'>, 'full_name' | 'avatar_url' | 'role' | 'phone'>

type ProfileRead = { profile: Profile | null; failed: boolean }

/**
 * The profile of this request's user, read once and shared by the layout and
 * the page, which run in parallel. No action that changes usuarios reads it
 * through here first, so the loaders after such an action read the new row.
 */
const profileContext = createContext<Promise<ProfileRead> | null>(null)

function readProfileOnce(context: Context, user: SessionUser) {
	let read = context.get(profileContext)
	if (!read) {
		read = readProfile(context, user)
		context.set(profileContext, read)
	}
	return read
}

async function readProfile(context: Context, user: SessionUser): Promise<ProfileRead> {
	const { data, error } = await getSupabase(context)
		.from('usuarios')
		.select('full_name, avatar_url, role, phone')
		.eq('id', user.id)
		.maybeSingle()
	if (error) log.error({ err: error }, '[auth] profile lookup failed')
	return { profile: data, failed: Boolean(error) }
}

/** SPEC §4: admin only when usuarios.role is 'admin'; no row or a failed lookup means not admin. */
export async function loadProfile(context: Context, user: SessionUser): Promise<Profile | null> {
	const { profile, failed } = await readProfileOnce(context, user)
	// An outage is not "no role": an admin must not land on the client pages for it.
	if (failed) assertReachable(context)
	return profile
}

/** For public pages, which stay up while Supabase is down: no profile then, as for a visitor without one. */
export async function loadProfileIfReachable(context: Context, user: SessionUser): Promise<Profile | null> {
	return (await readProfileOnce(context, user)).profile
}

/** The person's full name: the profile's, else the one given at sign-up (or by Google); '' when neither. */
export function fullName(user: SessionUser, profile: Pick<Profile, 'full_name'> | null) {
	const metadata = user.user_metadata as { full_name?: string }
	return profile?.full_name || metadata.full_name || ''
}

/** SPEC §3: profile full_name, then the account's metadata, then the e-mail. */
export function displayName(user: SessionUser, profile: Profile | null) {
	return fullName(user, profile) || user.email || ''
}

/** The person's photo, when it is on a host our pages may show pictures from; else null (their initial shows). */
export function avatarUrl(user: SessionUser, profile: Profile | null) {
	const metadata = user.user_metadata as { avatar_url?: string }
	const url = profile?.avatar_url || metadata.avatar_url || null
	return url && isShownImage(url) ? url : null
}

/** The pages that offer the booking dialog ('O reserva una reunión', 'Reservar reunión'). */
const bookingDialogPaths = [/^\/contacto$/, /^\/tarifas\/[a-z]+$/]

/** Asks a page with the booking dialog to open it at once: the visitor is back from signing in to book. */
export const reopenBookingParam = 'reservar'

/**
 * Where the demo booking hand-off comes back to after sign-in: the page with the booking dialog the visitor
 * was on, opening it again, or else the booking page.
 */
export function bookingReturnUrl(from: FormDataEntryValue | null) {
	const { SITE_URL } = getPublicEnv()
	if (typeof from === 'string' && bookingDialogPaths.some((path) => path.test(from)))
		return `${SITE_URL}${from}?${reopenBookingParam}=1`
	return `${SITE_URL}/solicitar-demostracion-kia`
}

/** Whether `target` is where the booking hand-off comes back to (bookingReturnUrl). */
export function isBookingReturn(target: string) {
	if (!URL.canParse(target)) return false
	const url = new URL(target)
	if (url.origin !== new URL(getPublicEnv().SITE_URL).origin) return false
	return url.pathname === '/solicitar-demostracion-kia' || url.searchParams.has(reopenBookingParam)
}

/** Marks the plan page a signed-out buyer comes back to: with their checkout draft, it goes on to pay. */
export const checkoutReturnParam = 'pagar'

/** Where the checkout hand-off comes back to after sign-in: the plan page, which then opens the checkout. */
export function checkoutReturnUrl(plan: PlanId, period: BillingPeriod) {
	return `${getPublicEnv().SITE_URL}${periodHref(`/tarifas/${plan}`, `?${checkoutReturnParam}=1`, period)}`
}

/** Whether `target` is where the checkout hand-off comes back to (checkoutReturnUrl). */
export function isCheckoutReturn(target: string) {
	if (!URL.canParse(target)) return false
	const url = new URL(target)
	if (url.origin !== new URL(getPublicEnv().SITE_URL).origin) return false
	return /^\/tarifas\/[a-z]+$/.test(url.pathname) && url.searchParams.has(checkoutReturnParam)
}

/** Site pages that need a signed-in visitor and so may be the destination after sign-in. */
const siteReturnPaths = [
	/^\/solicitar-demostracion-kia$/,
	/^\/tarifas\/[a-z]+$/,
	/^\/panel-de-clientes$/,
	...bookingDialogPaths,
]

/** The portal's sign-in page, coming back to `url` (a site page from `siteReturnPaths`) afterwards. */
export function signInUrlFor(url: URL) {
	const { PORTAL_URL, SITE_URL } = getPublicEnv()
	const params = new URLSearchParams({ redirectTo: `${SITE_URL}${url.pathname}${url.search}` })
	return `${PORTAL_URL}/auth?${params}`
}

/** Same-site paths, or one of the site pages that need a sign-in; anything else goes to /dashboard. */
export function redirectTarget(value: FormDataEntryValue | string | null | undefined) {
	if (typeof value === 'string' && URL.canParse(value)) {
		const url = new URL(value)
		const site = new URL(getPublicEnv().SITE_URL)
		if (url.origin === site.origin && siteReturnPaths.some((path) => path.test(url.pathname))) return url.href
	}
	return safeRedirect(value, '/dashboard')
}

/** Supabase Auth speaks English; people read Spanish. Unknown messages pass through. */
export function authMessage(error: { code?: string; message: string }) {
	if (isAuthRetryableFetchError(error)) return serviceUnavailableCopy.message
	const messages: Record<string, string> = {
		invalid_credentials: 'El email o la contraseña no son correctos.',
		email_not_confirmed: 'Tu email aún no está confirmado. Revisa tu bandeja de entrada.',
		weak_password: 'La contraseña debe tener al menos 6 caracteres.',
		same_password: 'La nueva contraseña debe ser distinta de la actual.',
		user_already_exists: 'Este email ya está registrado.',
		over_email_send_rate_limit: authCopy.limited.recover,
		over_request_rate_limit: rateLimitedMessage,
		validation_failed: 'Revisa los datos introducidos.',
	}
	return (error.code && messages[error.code]) || error.message
}

/** Auth declining to send an e-mail: to an address it mailed less than a minute ago, or past the project's hourly allowance. */
export function isEmailSendRefusal(error: unknown) {
	return isAuthApiError(error) && error.code === 'over_email_send_rate_limit'
}

/**
 * The status of a failed auth call: 503 when Supabase Auth could not answer and 429 when it is busy
 * (trying later helps), 400 otherwise.
 */
export function authStatus(error: unknown) {
	if (isAuthRetryableFetchError(error)) return 503
	return isAuthApiError(error) && error.status === 429 ? 429 : 400
}
