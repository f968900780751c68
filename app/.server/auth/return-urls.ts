import { periodHref, type BillingPeriod } from '~/lib/period'
import type { PlanId } from '~/lib/plan-ids'
import { safeRedirect } from '~/lib/safe-redirect'
import { getPublicEnv } from '../env'

/** The pages that offer the booking dialog ('O reserva una reunión', 'Reservar reunión'). */
const bookingDialogPaths = [/^\/contacto$/, /^\/tarifas\/[a-z]+$/]

/** Asks a page with the booking dialog to open it at once: the visitor is back from signing in to book. */
export const reopenBookingParam = 'reservar'

/**
 * Where the booking draft comes back to after sign-in: the page with the booking dialog the visitor
 * was on, opening it again, or else the booking page.
 */
export function bookingReturnUrl(from: FormDataEntryValue | null) {
	const { SITE_URL } = getPublicEnv()
	if (typeof from === 'string' && bookingDialogPaths.some((path) => path.test(from)))
		return `${SITE_URL}${from}?${reopenBookingParam}=1`
	return `${SITE_URL}/solicitar-demostracion-kia`
}

/** Whether `target` is where the booking draft comes back to (bookingReturnUrl). */
export function isBookingReturn(target: string) {
	if (!URL.canParse(target)) return false
	const url = new URL(target)
	if (url.origin !== new URL(getPublicEnv().SITE_URL).origin) return false
	return url.pathname === '/solicitar-demostracion-kia' || url.searchParams.has(reopenBookingParam)
}

/** Marks the plan page a signed-out buyer comes back to: with their checkout draft, it goes on to pay. */
export const checkoutReturnParam = 'pagar'

/** Where the checkout draft comes back to after sign-in: the plan page, which then opens the checkout. */
export function checkoutReturnUrl(plan: PlanId, period: BillingPeriod) {
	return `${getPublicEnv().SITE_URL}${periodHref(`/tarifas/${plan}`, `?${checkoutReturnParam}=1`, period)}`
}

/** Whether `target` is where the checkout draft comes back to (checkoutReturnUrl). */
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
