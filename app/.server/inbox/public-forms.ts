import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type RouterContextProvider } from 'react-router'
import type { z } from 'zod'
import type { SiteFormType } from '~/lib/inbox'
import type { ToastInput } from '~/lib/toast'
import { readForm } from '../http/responses'
import { redirectWithToast, refusalToast, toastHeaders } from '../http/toast'
import { getRequestInfo } from '../http/request'
import { submissionKey } from '../http/submission-key'
import { isRateLimited, rateLimitedMessage, rateLimitedToast } from '../security/rate-limit'
import { wakeWorker } from '../jobs/wake'
import { rejectSpam, saveSubmission } from './forms'

type Payload = Record<string, string | undefined>

/** One of the public site's forms that reach the inbox: what it takes, keeps, and says either way. */
export type PublicForm<Schema extends z.ZodType<Payload>, Done = never> = {
	formType: SiteFormType
	schema: Schema
	/** What the inbox keeps of a valid submission (and the company's e-mail says). */
	payload?: (value: z.infer<Schema>) => Payload
	/** Said under the form, and in a toast when there is one, when it could not be kept. */
	failure: { message: string; toast?: ToastInput }
	/** The answer once kept; a success toast on the page itself unless said otherwise. */
	success: ToastInput | ((value: z.infer<Schema>, emptied: SubmissionResult<string[]>) => Done)
}

/**
 * Every public form that reaches the inbox goes the same way, in this order: the honeypot, the schema, the
 * visitor's rate limit, the inbox (which enqueues the company's e-mail with the item, once however often the form
 * is sent again), the answer. A refusal keeps what was typed; a success redirects (or answers, for the chat's
 * fetcher); a write that may have been kept says so (503), and sending it again is safe.
 */
export async function handlePublicForm<Schema extends z.ZodType<Payload>, Done = never>(
	request: Request,
	context: Readonly<RouterContextProvider>,
	form: PublicForm<Schema, Done>,
) {
	const formData = await readForm(request)
	await rejectSpam(formData)
	const submission = parseWithZod(formData, { schema: form.schema })
	if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
	if (await isRateLimited(context, 'contact')) {
		return data(
			{ result: submission.reply({ formErrors: [rateLimitedMessage] }) },
			{ status: 429, headers: await rateLimitedToast() },
		)
	}
	const payload = form.payload?.(submission.value) ?? submission.value
	const clave = submissionKey(formData, form.formType, submission.value)
	const saved = await saveSubmission(form.formType, payload, clave, form.failure.message)
	if (!saved.ok) {
		const toast = saved.unconfirmed ? refusalToast(saved) : form.failure.toast
		return data(
			{ result: submission.reply({ formErrors: [saved.message] }) },
			{ status: saved.unconfirmed ? 503 : 500, headers: toast ? await toastHeaders(toast) : undefined },
		)
	}
	wakeWorker()
	if (typeof form.success === 'function') return form.success(submission.value, submission.reply({ resetForm: true }))
	return redirectWithToast(getRequestInfo(context).url.pathname, form.success)
}
