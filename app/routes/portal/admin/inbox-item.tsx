import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, useSearchParams } from 'react-router'
import type { z } from 'zod'
import { guardedUser } from '~/.server/auth/guards'
import { readForm, sendsEveryField } from '~/.server/http/responses'
import { submissionKey } from '~/.server/http/submission-key'
import { getSupabase } from '~/.server/supabase/client'
import { addInboxNote, loadInboxItem, replyToSender, updateInboxItem } from '~/.server/inbox/items'
import { redirectWithToast, toastHeaders } from '~/.server/http/toast'
import {
	ErrorList,
	Field,
	selectClass,
	SubmissionKeyInput,
	SubmitButton,
	TextareaField,
	usePendingForm,
} from '~/components/forms'
import { InboxStatusBadge, inboxKindLabel } from '~/components/inbox/inbox-status'
import { Icon, type IconName } from '~/components/ui/icon'
import { adminCopy } from '~/content/admin'
import { incompleteFormMessage } from '~/content/errors'
import { formatLongDateTime } from '~/lib/dates'
import { supportNoteSchema, supportReplySchema, supportUpdateSchema } from '~/lib/admin-schemas'
import { inboxStatuses } from '~/lib/inbox'
import { isUuid } from '~/lib/utils'
import type { Route } from './+types/inbox-item'
import { keepFormOnFailure } from '~/components/toaster'
import { routeComponent } from '~/lib/route-component'

const copy = adminCopy.inbox

async function loadOr404(context: Route.LoaderArgs['context'], id: string) {
	const found = isUuid(id) ? await loadInboxItem(getSupabase(context), id) : null
	if (!found) throw data(copy.notFound, { status: 404 })
	return found
}

export async function loader({ context, params }: Route.LoaderArgs) {
	const found = await loadOr404(context, params.id)
	// The forms validate on the server, as the other admin forms: constraints travel as data.
	return {
		...found,
		constraints: { note: getZodConstraint(supportNoteSchema), reply: getZodConstraint(supportReplySchema) },
	}
}

export async function action({ request, url, context, params }: Route.ActionArgs) {
	const user = guardedUser(context)
	const { item } = await loadOr404(context, params.id)
	const form = await readForm(request)
	const supabase = getSupabase(context)
	const here = url
	const back = `${here.pathname}${here.search}`
	const refused = async (message: string, result: Partial<Record<'note' | 'reply', SubmissionResult<string[]>>>) =>
		data(result, { status: 400, headers: await toastHeaders({ type: 'error', title: message }) })

	const intent = form.get('intent')
	if (intent === 'note') {
		const submission = parseWithZod(form, { schema: supportNoteSchema })
		if (submission.status !== 'success') return data({ note: submission.reply() }, { status: 400 })
		const clave = submissionKey(form, user.id, { item: item.id, intent, ...submission.value })
		const result = await addInboxNote(supabase, params.id, submission.value.body, clave)
		if (!result.ok) return refused(result.message, { note: submission.reply({ formErrors: [result.message] }) })
		return redirectWithToast(back, { type: 'success', title: copy.note.saved })
	}
	if (intent === 'reply') {
		const submission = parseWithZod(form, { schema: supportReplySchema })
		if (submission.status !== 'success') return data({ reply: submission.reply() }, { status: 400 })
		const clave = submissionKey(form, user.id, { item: item.id, intent, ...submission.value })
		const result = await replyToSender(supabase, user.id, item, submission.value, clave)
		if (!result.ok) return refused(result.message, { reply: submission.reply({ formErrors: [result.message] }) })
		return redirectWithToast(back, { type: 'success', title: copy.reply.sent(result.email ?? '') })
	}
	if (intent !== 'manage' || !sendsEveryField(form, supportUpdateSchema)) return refused(incompleteFormMessage, {})
	const submission = parseWithZod(form, { schema: supportUpdateSchema })
	if (submission.status !== 'success') return refused(copy.manage.error, {})
	const result = await updateInboxItem(supabase, params.id, submission.value)
	if (!result.ok) return refused(result.message, {})
	return redirectWithToast(back, { type: 'success', title: copy.manage.saved })
}

type LoaderData = Route.ComponentProps['loaderData']

function ManageForm({ item, admins }: Pick<LoaderData, 'item' | 'admins'>) {
	const text = copy.manage
	const pending = usePendingForm({ intent: 'manage' })
	// Keyed by what it shows: a reply that takes the item (status, assignee) redraws the selects with the new state,
	// which would otherwise keep the old one and write it back on 'Guardar'.
	return (
		<Form key={`${item.status} ${item.assignee ?? ''}`} method="post" className="space-y-4">
			<input type="hidden" name="intent" value="manage" />
			<div>
				<label htmlFor="status" className="mb-1.5 block text-sm font-medium">
					{text.status}
				</label>
				<select id="status" name="status" defaultValue={item.status} className={selectClass}>
					{inboxStatuses.map((status) => (
						<option key={status} value={status}>
							{copy.statuses[status]}
						</option>
					))}
				</select>
			</div>
			<div>
				<label htmlFor="assignee" className="mb-1.5 block text-sm font-medium">
					{text.assignee}
				</label>
				<select id="assignee" name="assignee" defaultValue={item.assignee ?? ''} className={selectClass}>
					<option value="">{copy.unassigned}</option>
					{admins.map((admin) => (
						<option key={admin.id} value={admin.id}>
							{admin.full_name || admin.email}
						</option>
					))}
				</select>
			</div>
			<SubmitButton variant="secondary" className="w-full" pending={pending}>
				{text.save}
			</SubmitButton>
		</Form>
	)
}

/** Replies stand out, the client's own messages sit plain, internal notes are dashed: never mistaken for mail. */
const threadStyles = {
	respuesta: {
		icon: 'mail',
		label: copy.thread.reply,
		className: 'rounded-2xl border border-brand/30 bg-brand/5 p-4',
	},
	cliente: { icon: 'message-square', label: () => copy.thread.client, className: 'rounded-2xl border bg-surface p-4' },
	nota: {
		icon: 'sticky-note',
		label: () => copy.thread.note,
		className: 'rounded-2xl border border-dashed bg-surface-muted/50 p-4',
	},
} satisfies Record<string, { icon: IconName; label: (email: string) => string; className: string }>

function Thread({ thread, email }: { thread: LoaderData['thread']; email: string | null }) {
	const text = copy.thread
	if (!thread.length) return <p className="text-sm text-muted-foreground">{text.empty}</p>
	return (
		<ol className="space-y-4">
			{thread.map((event) => {
				const { icon, label, className } =
					threadStyles[event.kind === 'respuesta' || event.kind === 'cliente' ? event.kind : 'nota']
				const author = event.autor?.full_name || event.autor?.email || text.someone
				return (
					<li key={event.id} className={className}>
						<p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs font-medium text-muted-foreground">
							<Icon name={icon} className="size-3.5" />
							<span className="text-foreground">{label(email ?? '')}</span>
							<span>{text.by(author, formatLongDateTime(event.created_at))}</span>
						</p>
						{event.subject ? <p className="mt-2 text-sm font-semibold">{event.subject}</p> : null}
						<p className="mt-2 text-sm whitespace-pre-wrap">{event.body}</p>
					</li>
				)
			})}
		</ol>
	)
}

function NoteForm({
	constraint,
	lastResult,
}: {
	constraint: LoaderData['constraints']['note']
	lastResult: SubmissionResult<string[]> | undefined
}) {
	const text = copy.note
	const pending = usePendingForm({ intent: 'note' })
	const [form, fields] = useForm<z.input<typeof supportNoteSchema>>({ id: 'nota', constraint, lastResult })
	return (
		<Form method="post" className="space-y-3" {...getFormProps(form)}>
			<input type="hidden" name="intent" value="note" />
			<SubmissionKeyInput lastResult={lastResult} />
			<TextareaField
				label={text.body}
				textareaProps={{ ...getTextareaProps(fields.body), rows: 3 }}
				hint={text.hint}
				errors={fields.body.errors}
			/>
			<ErrorList id={form.errorId} errors={form.errors} />
			<div className="flex justify-end">
				<SubmitButton variant="secondary" pending={pending} icon={<Icon name="sticky-note" className="size-4" />}>
					{text.submit}
				</SubmitButton>
			</div>
		</Form>
	)
}

function ReplyForm({
	email,
	subject,
	constraint,
	lastResult,
}: {
	email: string
	subject: string
	constraint: LoaderData['constraints']['reply']
	lastResult: SubmissionResult<string[]> | undefined
}) {
	const text = copy.reply
	const pending = usePendingForm({ intent: 'reply' })
	const [form, fields] = useForm<z.input<typeof supportReplySchema>>({
		id: 'respuesta',
		constraint,
		lastResult,
		defaultValue: { subject },
	})
	return (
		<Form method="post" className="space-y-3" {...getFormProps(form)}>
			<input type="hidden" name="intent" value="reply" />
			<SubmissionKeyInput lastResult={lastResult} />
			<p className="text-sm text-muted-foreground">{text.hint(email)}</p>
			<Field
				label={text.subject}
				inputProps={{ ...getInputProps(fields.subject, { type: 'text' }), autoComplete: 'off' }}
				errors={fields.subject.errors}
			/>
			<TextareaField
				label={text.body}
				textareaProps={{ ...getTextareaProps(fields.body), rows: 6 }}
				errors={fields.body.errors}
			/>
			<ErrorList id={form.errorId} errors={form.errors} />
			<div className="flex justify-end">
				<SubmitButton pending={pending} icon={<Icon name="mail" className="size-4" />}>
					{text.submit}
				</SubmitButton>
			</div>
		</Form>
	)
}

/** A submission the network or the server dropped keeps the form as typed (keepFormOnFailure). */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
	// The status and assignee form has no field errors to show: the toast alone tells of its failure.
	return keepFormOnFailure(request, serverAction, ({ result, formData }) => {
		const intent = formData.get('intent')
		if (intent === 'note') return { note: result }
		if (intent === 'reply') return { reply: result }
		// An object still, so the router knows the post was lost and does not reload over the dead network.
		return { note: undefined, reply: undefined }
	})
}

export default routeComponent(AdminSupportItem)

function AdminSupportItem({ loaderData, actionData }: Route.ComponentProps) {
	const { item, thread, admins, constraints } = loaderData
	const { sender } = item
	// The list's search, filters and page came along in the address: back to the list as it was.
	const [listQuery] = useSearchParams()
	return (
		<>
			<Link
				to={`/admin/soporte${listQuery.size ? `?${listQuery}` : ''}`}
				className="mb-4 inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
			>
				<Icon name="arrow-left" className="size-4" />
				{copy.back}
			</Link>
			<div className="mb-6 flex flex-wrap items-center gap-3">
				<h1 className="text-3xl font-bold tracking-tight">
					{sender.name ?? sender.email ?? inboxKindLabel(item.form_type)}
				</h1>
				<InboxStatusBadge status={item.status} />
			</div>
			<div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
				<div className="space-y-6">
					<section aria-labelledby="mensaje-titulo" className="rounded-2xl border bg-surface p-6">
						<h2 id="mensaje-titulo" className="sr-only">
							{copy.message}
						</h2>
						<p className="text-xs font-medium text-muted-foreground">
							{inboxKindLabel(item.form_type)} · {copy.received(formatLongDateTime(item.created_at))}
						</p>
						<dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
							{sender.email ? (
								<>
									<dt className="text-muted-foreground">Email</dt>
									<dd>
										<a href={`mailto:${sender.email}`} className="underline-offset-4 hover:underline">
											{sender.email}
										</a>
									</dd>
								</>
							) : null}
							{sender.entity ? (
								<>
									<dt className="text-muted-foreground">{copy.entity}</dt>
									<dd>{sender.entity}</dd>
								</>
							) : null}
							{item.assistant ? (
								<>
									<dt className="text-muted-foreground">{copy.assistant}</dt>
									<dd>{item.assistant}</dd>
								</>
							) : null}
						</dl>
						{sender.subject ? <p className="mt-4 font-semibold">{sender.subject}</p> : null}
						<p className={`${sender.subject ? 'mt-2' : 'mt-4'} text-sm leading-relaxed whitespace-pre-wrap`}>
							{sender.message}
						</p>
					</section>
					<section aria-labelledby="historial-titulo" className="space-y-4">
						<h2 id="historial-titulo" className="text-lg font-semibold">
							{copy.thread.title}
						</h2>
						<Thread thread={thread} email={sender.email} />
					</section>
					{sender.email ? (
						<section aria-labelledby="respuesta-titulo" className="rounded-2xl border bg-surface p-6">
							<h2 id="respuesta-titulo" className="mb-3 font-semibold">
								{copy.reply.title}
							</h2>
							{/* Keyed on the thread: a reply sent and recorded empties the form. */}
							<ReplyForm
								key={thread.length}
								email={sender.email}
								subject={sender.subject ? copy.reply.subjectOf(sender.subject) : copy.reply.defaultSubject}
								constraint={constraints.reply}
								lastResult={actionData && 'reply' in actionData ? actionData.reply : undefined}
							/>
						</section>
					) : null}
				</div>
				<aside className="space-y-6">
					<section aria-labelledby="gestion-titulo" className="rounded-2xl border bg-surface p-6">
						<h2 id="gestion-titulo" className="mb-4 font-semibold">
							{copy.manage.title}
						</h2>
						<ManageForm item={item} admins={admins} />
					</section>
					<section aria-labelledby="nota-titulo" className="rounded-2xl border bg-surface p-6">
						<h2 id="nota-titulo" className="mb-3 font-semibold">
							{copy.note.title}
						</h2>
						<NoteForm
							key={thread.length}
							constraint={constraints.note}
							lastResult={actionData && 'note' in actionData ? actionData.note : undefined}
						/>
					</section>
				</aside>
			</div>
		</>
	)
}
