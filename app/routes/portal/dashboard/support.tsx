import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, useSearchParams } from 'react-router'
import type { z } from 'zod'
import { guardedUser } from '~/.server/auth/guards'
import { readForm } from '~/.server/http/responses'
import { getSupabase } from '~/.server/supabase/client'
import {
	loadClientRequests,
	loadOwnAssistants,
	openSupportRequest,
	supportRequestSchema,
} from '~/.server/support/requests'
import { refusalToast, redirectWithToast, toastHeaders } from '~/.server/http/toast'
import { submissionKey } from '~/.server/http/submission-key'
import {
	ErrorList,
	Field,
	selectClass,
	SubmissionKeyInput,
	SubmitButton,
	TextareaField,
	usePendingForm,
} from '~/components/forms'
import { BackToDashboard, PageTitle } from '~/components/portal/dashboard-shell'
import { SupportRequestStatusBadge } from '~/components/support/support-request-status'
import { Icon } from '~/components/ui/icon'
import { supportRequestsCopy } from '~/content/support-requests'
import { formatLongDate } from '~/lib/dates'
import type { Route } from './+types/support'
import { keepFormOnFailure } from '~/components/toaster'
import { routeComponent } from '~/lib/route-component'

const copy = supportRequestsCopy

export const meta: Route.MetaFunction = () => [{ title: `${copy.title} · KIA` }]

export async function loader({ context }: Route.LoaderArgs) {
	const user = guardedUser(context)
	const supabase = getSupabase(context)
	const [requests, assistants] = await Promise.all([
		loadClientRequests(supabase, user.id),
		loadOwnAssistants(supabase, user.id),
	])
	// Validated on the server, as every form of the portal: the constraints travel as data.
	return { requests, assistants, constraint: getZodConstraint(supportRequestSchema) }
}

export async function action({ request, context }: Route.ActionArgs) {
	const user = guardedUser(context)
	const formData = await readForm(request)
	const submission = parseWithZod(formData, { schema: supportRequestSchema })
	if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
	const clave = submissionKey(formData, user.id, submission.value)
	const opened = await openSupportRequest(getSupabase(context), submission.value, clave)
	if (!opened.ok) {
		return data(
			{ result: submission.reply({ formErrors: [opened.message] }) },
			{ status: opened.unconfirmed ? 503 : 400, headers: await toastHeaders(refusalToast(opened)) },
		)
	}
	return redirectWithToast(`/dashboard/soporte/${opened.id}`, {
		type: 'success',
		title: copy.newRequest.sent,
		description: copy.newRequest.sentText,
	})
}

type LoaderData = Route.ComponentProps['loaderData']

function Requests({ requests }: Pick<LoaderData, 'requests'>) {
	const text = copy.list
	if (!requests.length) {
		return (
			<div className="rounded-2xl border border-dashed bg-surface p-10 text-center">
				<Icon name="life-buoy" className="mx-auto size-10 text-muted-foreground" />
				<p className="mt-4 font-medium">{text.empty}</p>
				<p className="mt-1 text-sm text-muted-foreground">{text.emptyText}</p>
			</div>
		)
	}
	return (
		<ul className="divide-y overflow-hidden rounded-2xl border bg-surface">
			{requests.map((request) => (
				<li key={request.id}>
					<Link
						to={`/dashboard/soporte/${request.id}`}
						className="group flex items-center gap-4 px-5 py-4 transition-colors hover:bg-surface-muted/60"
					>
						<span className="min-w-0 flex-1">
							<span className="flex flex-wrap items-center gap-x-3 gap-y-1">
								<span className="font-medium break-words">{request.subject}</span>
								<SupportRequestStatusBadge status={request.status} />
							</span>
							<span className="mt-1 block text-sm text-muted-foreground">
								{text.opened(formatLongDate(request.created_at))} ·{' '}
								{request.replies ? text.replies(request.replies) : text.noReplies}
							</span>
						</span>
						<Icon
							name="chevron-right"
							className="size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5"
						/>
					</Link>
				</li>
			))}
		</ul>
	)
}

function NewRequestForm({
	assistants,
	constraint,
	lastResult,
}: Pick<LoaderData, 'assistants' | 'constraint'> & { lastResult: Route.ComponentProps['actionData'] }) {
	const text = copy.newRequest
	const pending = usePendingForm()
	// 'Pedir ayuda con este asistente' on /dashboard/asistentes opens the form with that assistant chosen.
	const [searchParams] = useSearchParams()
	const preselected = assistants.find((assistant) => assistant.id === searchParams.get('asistente'))
	const [form, fields] = useForm<z.input<typeof supportRequestSchema>>({
		id: 'nueva-solicitud',
		constraint,
		lastResult: lastResult?.result,
		defaultValue: { assistant: preselected?.id },
	})
	return (
		<Form method="post" className="space-y-4" {...getFormProps(form)}>
			<SubmissionKeyInput lastResult={lastResult?.result} />
			<Field
				label={text.subject}
				inputProps={{ ...getInputProps(fields.subject, { type: 'text' }), autoComplete: 'off' }}
				errors={fields.subject.errors}
			/>
			{assistants.length ? (
				<div>
					<label htmlFor={fields.assistant.id} className="mb-1.5 block text-sm font-medium">
						{text.assistant}
					</label>
					<select {...getSelectProps(fields.assistant)} className={selectClass}>
						<option value="">{text.anyAssistant}</option>
						{assistants.map((assistant) => (
							<option key={assistant.id} value={assistant.id}>
								{assistant.empresa ? `${assistant.nombre} (${assistant.empresa})` : assistant.nombre}
							</option>
						))}
					</select>
					<ErrorList id={fields.assistant.errorId} errors={fields.assistant.errors} />
				</div>
			) : null}
			<TextareaField
				label={text.message}
				textareaProps={{ ...getTextareaProps(fields.message), rows: 6 }}
				hint={text.messageHint}
				errors={fields.message.errors}
			/>
			<ErrorList id={form.errorId} errors={form.errors} />
			<SubmitButton className="w-full" pending={pending} icon={<Icon name="send" className="size-4" />}>
				{text.submit}
			</SubmitButton>
		</Form>
	)
}

/** A submission the network or the server dropped keeps the form as typed (keepFormOnFailure). */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
	return keepFormOnFailure(request, serverAction, ({ result }) => ({ result }))
}

export default routeComponent(Support)

function Support({ loaderData, actionData }: Route.ComponentProps) {
	return (
		<>
			<BackToDashboard />
			<PageTitle title={copy.title} />
			<p className="-mt-4 mb-8 max-w-2xl text-muted-foreground">{copy.lead}</p>
			<div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
				<section aria-labelledby="solicitudes-titulo">
					<h2 id="solicitudes-titulo" className="mb-4 text-lg font-semibold">
						{copy.list.title}
					</h2>
					<Requests requests={loaderData.requests} />
				</section>
				<section aria-labelledby="nueva-titulo" className="rounded-2xl border bg-surface p-6">
					<h2 id="nueva-titulo" className="mb-4 text-lg font-semibold">
						{copy.newRequest.title}
					</h2>
					<NewRequestForm
						assistants={loaderData.assistants}
						constraint={loaderData.constraint}
						lastResult={actionData}
					/>
				</section>
			</div>
		</>
	)
}
