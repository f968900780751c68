import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { readForm } from '~/.server/http/responses'
import { subscribe } from '~/.server/newsletter/newsletter'
import { isRateLimited, rateLimitedMessage, rateLimitedToast } from '~/.server/security/rate-limit'
import { notBefore } from '~/.server/security/steady-timing'
import { redirectWithToast, toastHeaders } from '~/.server/http/toast'
import { newsletterCopy } from '~/content/newsletter'
import { safeRedirect } from '~/lib/safe-redirect'
import { newsletterSchema } from '~/lib/contact-schemas'
import type { Route } from './+types/newsletter'

/** Longer than reading and storing the address take, which is all a sign-up waits for. */
const subscribeAnswerMs = 300

/**
 * The footer's form (issue 22 replaces the spec's 'Función en desarrollo'): double opt-in, so the only
 * answer is to check the inbox, whether or not the address was subscribed already.
 */
export async function action({ request, context }: Route.ActionArgs) {
	const formData = await readForm(request)
	const submission = parseWithZod(formData, { schema: newsletterSchema })
	if (submission.status !== 'success') {
		return data({ result: submission.reply() }, { status: 400 })
	}
	if (await isRateLimited(context, 'newsletter')) {
		return data(
			{ result: submission.reply({ formErrors: [rateLimitedMessage] }) },
			{ status: 429, headers: await rateLimitedToast() },
		)
	}
	// The same answer, in the same time, whether the address is subscribed, pending or new (decision 014).
	const started = performance.now()
	const stored = await subscribe(submission.value.email)
	await notBefore(started, subscribeAnswerMs)
	if (!stored) {
		return data(
			{ result: submission.reply({ formErrors: [newsletterCopy.failed.description] }) },
			{ status: 503, headers: await toastHeaders({ type: 'error', ...newsletterCopy.failed }) },
		)
	}
	return redirectWithToast(safeRedirect(formData.get('redirectTo')), {
		type: 'success',
		...newsletterCopy.subscribed,
	})
}
