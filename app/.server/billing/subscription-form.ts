import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type RouterContextProvider } from 'react-router'
import type { SessionUser } from '~/.server/auth/session'
import {
	changeSubscriptionPrice,
	createPortalSession,
	findOwnSubscription,
	setCancelAtPeriodEnd,
	waitForWebhook,
	type Expectation,
} from '~/.server/billing/subscriptions'
import { priceIdFor } from '~/.server/billing/prices'
import { getPublicEnv } from '~/.server/env'
import { isPermanentStripeError } from '~/.server/billing/stripe'
import { getSupabase } from '~/.server/supabase/client'
import { redirectWithToast, toastHeaders } from '~/.server/http/toast'
import { portalCopy, subscriptionCopy as copy } from '~/content/billing'
import { periodLabels, planById } from '~/content/plans'
import { formatLongDate } from '~/lib/dates'
import { subscriptionActionSchema } from '~/lib/billing-schemas'
import type { ToastInput } from '~/lib/toast'
import { log } from '~/.server/log'

export const subscriptionPage = '/dashboard/suscripcion'

type Failure = { title: string; description: string }

type ActionData = { error: string | null; portalError: string | null }

/** A refusal stays on the page, said inline and in a toast; nothing was changed. */
async function refuse(status: number, failure: Failure, field: keyof ActionData = 'error') {
	const body: ActionData = { error: null, portalError: null, [field]: failure.description }
	return data(body, { status, headers: await toastHeaders({ type: 'error', ...failure }) })
}

/**
 * 'Gestionar método de pago': a Billing Portal session for the user's own
 * Stripe customer, coming back to this page. A 303 to Stripe, with or
 * without JavaScript; Stripe's pages cannot be framed.
 */
async function openBillingPortal(user: Parameters<typeof createPortalSession>[0]) {
	const failure = (description: string) => ({ title: portalCopy.errorTitle, description })
	try {
		const url = await createPortalSession(user, new URL(subscriptionPage, getPublicEnv().PORTAL_URL).href)
		// No Stripe customer (never bought) is not Stripe failing: 404, not a 5xx.
		return url ? redirect(url, 303) : refuse(404, failure(portalCopy.missingUrl), 'portalError')
	} catch (error) {
		log.error({ err: error }, '[billing] portal session failed')
		return refuse(503, failure(portalCopy.errorFallback), 'portalError')
	}
}

/**
 * The subscription's forms (`intent`): cancel at period end, resume, change
 * plan or period, and the way to the billing portal. The subscription must be
 * the signed-in user's (read under their RLS) before Stripe is called. The
 * tables change only when Stripe's webhook lands; the action waits a bounded
 * time for that (waitForWebhook), so the page it redirects to shows the result.
 */
export async function answerSubscriptionForm(
	context: Readonly<RouterContextProvider>,
	user: SessionUser,
	form: FormData,
) {
	const submission = parseWithZod(form, { schema: subscriptionActionSchema })
	if (submission.status !== 'success') return refuse(400, copy.toasts.invalid)
	const intent = submission.value
	if (intent.intent === 'portal') return openBillingPortal(user)

	const supabase = getSupabase(context)
	const own = await findOwnSubscription(supabase, user, intent.subscription)
	if (!own) return refuse(404, copy.toasts.notYours)

	let expected: Expectation | null
	let done: (expected: Expectation | null) => ToastInput
	try {
		if (intent.intent === 'change') {
			const { plan, period } = intent.choice
			const priceId = planById(plan)?.charge[period] === 'subscription' && priceIdFor(plan, period)
			if (!priceId) return refuse(400, copy.toasts.unavailablePlan)
			if (priceId === own.price_id) return refuse(400, copy.toasts.alreadyOn)
			expected = await changeSubscriptionPrice(own.id, priceId)
			const name = `${planById(plan)?.name ?? ''} ${periodLabels[period].toLowerCase()}`
			done = () => ({ type: 'success', ...copy.toasts.changed(name) })
		} else {
			expected = await setCancelAtPeriodEnd(own.id, intent.intent === 'cancel')
			const toast = intent.intent === 'cancel' ? copy.toasts.canceled : copy.toasts.resumed
			done = (landed) => ({ type: 'success', ...toast(formatLongDate(landed?.subscription.current_period_end ?? '')) })
		}
	} catch (error) {
		log.error({ err: error }, `[billing] ${intent.intent} of ${own.id} failed`)
		return isPermanentStripeError(error) ? refuse(409, copy.toasts.refused) : refuse(503, copy.toasts.unreachable)
	}
	const landed = await waitForWebhook(supabase, expected)
	const toast: ToastInput = landed ? done(expected) : { type: 'info', ...copy.toasts.pending }
	return redirectWithToast(subscriptionPage, toast, { status: 303 })
}
