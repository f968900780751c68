import { getFormProps, getTextareaProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, Form } from 'react-router'
import type { z } from 'zod'
import { guardedUser } from '~/.server/auth/guards'
import { readForm } from '~/.server/http/responses'
import { getSupabase } from '~/.server/supabase/client'
import { addFollowUp, loadClientRequest, supportFollowUpSchema } from '~/.server/support/requests'
import { refusalToast, redirectWithToast, toastHeaders } from '~/.server/http/toast'
import { submissionKey } from '~/.server/http/submission-key'
import { ErrorList, SubmissionKeyInput, SubmitButton, TextareaField, usePendingForm } from '~/components/forms'
import { BackLink } from '~/components/portal/dashboard-shell'
import { SupportRequestStatusBadge } from '~/components/support/support-request-status'
import { Icon } from '~/components/ui/icon'
import { supportRequestsCopy } from '~/content/support-requests'
import { formatLongDate, formatLongDateTime } from '~/lib/dates'
import { cn, isUuid } from '~/lib/utils'
import type { Route } from './+types/support-request'
import { keepFormOnFailure } from '~/components/toaster'
import { routeComponent } from '~/lib/route-component'

const copy = supportRequestsCopy

export const meta: Route.MetaFunction = ({ data }) => [
	{ title: `${data?.request.subject ?? copy.title} · ${copy.title} · KIA` },
]

/** The signed-in client's own request, or a 404 for anyone else's and for an id that is none. */
async function loadOwnOr404(context: Route.LoaderArgs['context'], request: Request, id: string) {
	const user = guardedUser(context)
	const found = isUuid(id) ? await loadClientRequest(getSupabase(context), user.id, id) : null
	if (!found) throw data(copy.request.notFound, { status: 404 })
	return found
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
	const found = await loadOwnOr404(context, request, params.id)
	return { ...found, constraint: getZodConstraint(supportFollowUpSchema) }
}

export async function action({ request, url, context, params }: Route.ActionArgs) {
	const { request: supportRequest } = await loadOwnOr404(context, request, params.id)
	const formData = await readForm(request)
	const submission = parseWithZod(formData, { schema: supportFollowUpSchema })
	if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
	const clave = submissionKey(formData, guardedUser(context).id, { request: supportRequest.id, ...submission.value })
	const sent = await addFollowUp(getSupabase(context), supportRequest, submission.value.message, clave)
	if (!sent.ok) {
		return data(
			{ result: submission.reply({ formErrors: [sent.message] }) },
			{ status: sent.unconfirmed ? 503 : 400, headers: await toastHeaders(refusalToast(sent)) },
		)
	}
	return redirectWithToast(url.pathname, { type: 'success', title: copy.request.sent })
}

type LoaderData = Route.ComponentProps['loaderData']

/** One message of the conversation: the team's replies stand out, the client's own sit plain. */
function Message({
	fromTeam,
	date,
	subject,
	body,
}: {
	fromTeam: boolean
	date: string
	subject?: string | null
	body: string
}) {
	const text = copy.request
	return (
		<li
			className={cn('rounded-2xl border p-5', fromTeam ? 'border-brand/30 bg-brand/5 sm:mr-8' : 'bg-surface sm:ml-8')}
		>
			<p className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
				<span className={cn('font-semibold', fromTeam ? 'text-brand-ink' : 'text-foreground')}>
					{fromTeam ? text.team : text.you}
				</span>
				<span aria-hidden>·</span>
				<span>{formatLongDateTime(date)}</span>
			</p>
			{subject ? <p className="mt-2 text-sm font-semibold">{subject}</p> : null}
			<p className="mt-2 text-sm leading-relaxed break-words whitespace-pre-wrap">{body}</p>
		</li>
	)
}

function FollowUpForm({
	constraint,
	lastResult,
}: {
	constraint: LoaderData['constraint']
	lastResult: Route.ComponentProps['actionData']
}) {
	const text = copy.request
	const pending = usePendingForm()
	const [form, fields] = useForm<z.input<typeof supportFollowUpSchema>>({
		id: 'mensaje',
		constraint,
		lastResult: lastResult?.result,
	})
	return (
		<Form method="post" className="space-y-3" {...getFormProps(form)}>
			<SubmissionKeyInput lastResult={lastResult?.result} />
			<TextareaField
				label={text.replyMessage}
				textareaProps={getTextareaProps(fields.message)}
				errors={fields.message.errors}
			/>
			<ErrorList id={form.errorId} errors={form.errors} />
			<div className="flex justify-end">
				<SubmitButton pending={pending} icon={<Icon name="send" className="size-4" />}>
					{text.submit}
				</SubmitButton>
			</div>
		</Form>
	)
}

/** A submission the network or the server dropped keeps the form as typed (keepFormOnFailure). */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
	return keepFormOnFailure(request, serverAction, ({ result }) => ({ result }))
}

export default routeComponent(SupportRequest)

function SupportRequest({ loaderData, actionData }: Route.ComponentProps) {
	const { request, thread, constraint } = loaderData
	const text = copy.request
	return (
		<>
			<BackLink to="/dashboard/soporte" label={text.back} />
			<div className="mt-4 mb-2 flex flex-wrap items-center gap-3">
				<h1 className="min-w-0 text-3xl font-bold tracking-tight break-words">{request.subject}</h1>
				<SupportRequestStatusBadge status={request.status} />
			</div>
			<p className="mb-8 text-sm text-muted-foreground">
				{text.opened(formatLongDate(request.created_at))}
				{request.assistant ? ` · ${text.assistant(request.assistant)}` : null}
			</p>
			<div className="max-w-3xl space-y-8">
				<section aria-label={text.conversation}>
					<ol className="space-y-4">
						<Message fromTeam={false} date={request.created_at} body={request.message} />
						{thread.map((event) => (
							<Message
								key={event.id}
								fromTeam={event.kind === 'respuesta'}
								date={event.created_at}
								subject={event.subject}
								body={event.body}
							/>
						))}
					</ol>
				</section>
				<section aria-labelledby="responder-titulo" className="rounded-2xl border bg-surface p-6">
					<h2 id="responder-titulo" className="mb-3 font-semibold">
						{text.reply}
					</h2>
					{request.status === 'resuelta' ? (
						<p className="mb-4 rounded-xl bg-surface-muted px-4 py-3 text-sm text-muted-foreground">{text.resolved}</p>
					) : null}
					{/* Keyed on the thread: a message sent empties the form. */}
					<FollowUpForm key={thread.length} constraint={constraint} lastResult={actionData} />
				</section>
			</div>
		</>
	)
}
