import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { useState } from 'react'
import type { z } from 'zod'
import { data, Form, Link, useSearchParams } from 'react-router'
import { useHydrated } from '~/components/hydrated'
import { deleteUserByAdmin, inviteUser, resendInvitation, updateUserByAdmin } from '~/.server/admin/users'
import { loadAdminPage } from '~/.server/admin/list'
import { guardedUser } from '~/.server/auth/guards'
import { readForm, sendsEveryField } from '~/.server/http/responses'
import { getSupabase } from '~/.server/supabase/client'
import { redirectWithToast, toastHeaders } from '~/.server/http/toast'
import { ErrorList, Field, selectClass, SubmitButton, usePendingForm } from '~/components/forms'
import { AdminTable } from '~/components/admin/admin-table'
import { rowActions } from '~/components/portal/stacked-table'
import { Badge } from '~/components/portal/status-badge'
import { Button } from '~/components/ui/button'
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '~/components/ui/dialog'
import { Icon } from '~/components/ui/icon'
import { adminCopy } from '~/content/admin'
import { incompleteFormMessage } from '~/content/errors'
import { periodLabels, planById } from '~/content/plans'
import { formatLongDate } from '~/lib/dates'
import { adminInviteSchema, adminUserUpdateSchema } from '~/lib/admin-schemas'
import type { Route } from './+types/users'
import { keepFormOnFailure } from '~/components/toaster'
import { routeComponent } from '~/lib/route-component'
import { adminUserRow, type AdminUserRow } from '~/lib/admin-rows'
import { DeleteForm, EditForm, InviteLink, ResendForm } from '~/components/admin/user-forms'
import { formatCount } from '~/lib/money'
import { formatPhone } from '~/lib/phone'

type Row = AdminUserRow

/** ?estado=pendiente: only the invitations nobody has accepted yet. */
const pendingOnly = (url: URL) => url.searchParams.get('estado') === 'pendiente'

export async function loader({ url, context }: Route.LoaderArgs) {
	const pendientes = pendingOnly(url)
	const supabase = getSupabase(context)
	const page = await loadAdminPage(url, adminCopy.users.loadError, adminUserRow, (range) =>
		supabase.rpc('admin_usuarios', { ...range, pendientes }),
	)
	return {
		...page,
		pendientes,
		// The invitation form validates on the server, like the new-booking form of /admin/reuniones.
		constraint: getZodConstraint(adminInviteSchema),
	}
}

/** The list the admin was on, without the inline forms' parameters: where an action returns to. */
function listUrl(url: URL) {
	const list = new URL(url)
	for (const key of ['editar', 'eliminar', 'invitar', 'index']) list.searchParams.delete(key)
	return `${list.pathname}${list.search}`
}

export async function action({ request, url, context }: Route.ActionArgs) {
	const user = guardedUser(context)
	const form = await readForm(request)
	const back = listUrl(url)
	const supabase = getSupabase(context)
	const fail = async (message: string) =>
		data(
			{ error: message, invite: undefined },
			{ status: 400, headers: await toastHeaders({ type: 'error', title: message }) },
		)
	const intent = form.get('intent')
	if (intent === 'invite') {
		const submission = parseWithZod(form, { schema: adminInviteSchema })
		if (submission.status !== 'success') return data({ error: null, invite: submission.reply() }, { status: 400 })
		const result = await inviteUser(supabase, submission.value)
		if (!result.ok)
			return data(
				{ error: null, invite: submission.reply({ formErrors: [result.message] }) },
				{
					status: 400,
					headers: await toastHeaders({
						type: 'error',
						title: adminCopy.users.invite.errorTitle,
						description: result.message,
					}),
				},
			)
		return redirectWithToast(back, { type: 'success', title: adminCopy.users.invite.sent(submission.value.email) })
	}
	if (intent === 'resend') {
		const result = await resendInvitation(supabase, String(form.get('id') ?? ''))
		if (!result.ok) return fail(result.message)
		return redirectWithToast(back, { type: 'success', title: adminCopy.users.resend.sent(result.email) })
	}
	if (intent === 'delete') {
		const result = await deleteUserByAdmin(supabase, user.id, String(form.get('id') ?? ''))
		if (!result.ok) return fail(result.message)
		return redirectWithToast(back, {
			type: 'success',
			title: adminCopy.users.deleted,
			...(result.cancelled > 0 ? { description: adminCopy.users.remove.cancelled(result.cancelled) } : {}),
		})
	}
	if (intent !== 'update' || !sendsEveryField(form, adminUserUpdateSchema)) return fail(incompleteFormMessage)
	const submission = parseWithZod(form, { schema: adminUserUpdateSchema })
	if (submission.status !== 'success') return fail(adminCopy.users.updateError)
	const result = await updateUserByAdmin(supabase, user.id, submission.value)
	if (!result.ok) return fail(result.message)
	return redirectWithToast(back, { type: 'success', title: adminCopy.users.updated })
}

/** Dialogs with JavaScript; without it, the same forms open inline through ?editar= / ?eliminar=. */
function RowActions({ row }: { row: Row }) {
	const hydrated = useHydrated()
	const [searchParams] = useSearchParams()
	const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null)
	const copy = adminCopy.users
	if (!hydrated) {
		const href = (key: string) => `?${new URLSearchParams({ ...Object.fromEntries(searchParams), [key]: row.id })}`
		return (
			<span className="flex gap-2">
				<Link to={href('editar')} className="rounded-full border px-3 py-1.5 text-sm">
					{copy.edit.button}
				</Link>
				<Link to={href('eliminar')} className="rounded-full border px-3 py-1.5 text-sm text-danger">
					{copy.remove.button}
				</Link>
			</span>
		)
	}
	return (
		<span className="flex gap-2">
			<Dialog open={dialog === 'edit'} onOpenChange={(open) => setDialog(open ? 'edit' : null)}>
				<DialogTrigger asChild>
					<Button variant="secondary" className="h-9 px-3">
						{copy.edit.button}
					</Button>
				</DialogTrigger>
				<DialogContent
					title={copy.edit.title}
					// Radix would focus the first field, the e-mail nobody can change: start where the editing does.
					onOpenAutoFocus={(event) => {
						event.preventDefault()
						document.getElementById(`nombre-${row.id}`)?.focus()
					}}
				>
					<EditForm row={row} onSubmit={() => setDialog(null)} />
				</DialogContent>
			</Dialog>
			<Dialog open={dialog === 'delete'} onOpenChange={(open) => setDialog(open ? 'delete' : null)}>
				<DialogTrigger asChild>
					<Button variant="ghost" className="h-9 px-3 text-danger">
						{copy.remove.button}
					</Button>
				</DialogTrigger>
				<DialogContent title={copy.remove.title} description={copy.remove.text}>
					<DeleteForm row={row} onSubmit={() => setDialog(null)}>
						<DialogClose asChild>
							<Button type="button" variant="secondary">
								{copy.remove.back}
							</Button>
						</DialogClose>
					</DeleteForm>
				</DialogContent>
			</Dialog>
		</span>
	)
}

/** The invitation form, on the page under ?invitar=1 with or without JavaScript: what was typed stays on a refusal. */
function InviteForm({
	constraint,
	lastResult,
}: {
	constraint: ReturnType<typeof getZodConstraint>
	lastResult: SubmissionResult<string[]> | undefined
}) {
	const copy = adminCopy.users.invite
	const [searchParams] = useSearchParams()
	const pending = usePendingForm({ intent: 'invite' })
	const [form, fields] = useForm<z.input<typeof adminInviteSchema>>({
		id: 'invitar',
		lastResult,
		constraint,
		defaultValue: { role: 'cliente' },
	})
	const closeParams = new URLSearchParams(searchParams)
	closeParams.delete('invitar')
	return (
		<section aria-labelledby="invitar-titulo" className="mb-6 max-w-xl rounded-2xl border bg-surface p-6">
			<h2 id="invitar-titulo" className="font-semibold">
				{copy.title}
			</h2>
			<p className="mt-1 mb-5 text-sm text-muted-foreground">{copy.text}</p>
			<Form method="post" className="space-y-4" {...getFormProps(form)}>
				<input type="hidden" name="intent" value="invite" />
				<Field
					label={copy.email}
					inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'off' }}
					errors={fields.email.errors}
				/>
				<Field
					label={copy.fullName}
					inputProps={{ ...getInputProps(fields.full_name, { type: 'text' }), autoComplete: 'off' }}
					errors={fields.full_name.errors}
				/>
				<div>
					<label htmlFor={fields.role.id} className="mb-1.5 block text-sm font-medium">
						{copy.role}
					</label>
					<select {...getSelectProps(fields.role)} className={selectClass}>
						<option value="cliente">{adminCopy.users.roles.cliente}</option>
						<option value="admin">{adminCopy.users.roles.admin}</option>
					</select>
					<ErrorList errors={fields.role.errors} />
				</div>
				<ErrorList id={form.errorId} errors={form.errors} />
				<div className="flex flex-wrap justify-end gap-2">
					<Button asChild variant="secondary">
						<Link to={closeParams.size ? `?${closeParams}` : '?'}>{copy.back}</Link>
					</Button>
					<SubmitButton pending={pending}>
						<Icon name="send" className="size-4" />
						{copy.submit}
					</SubmitButton>
				</div>
			</Form>
		</section>
	)
}

function Filters({ pendientes }: { pendientes: boolean }) {
	const copy = adminCopy.users.filters
	return (
		<div>
			<label htmlFor="estado" className="mb-1.5 block text-xs font-medium text-muted-foreground">
				{copy.status}
			</label>
			<select id="estado" name="estado" defaultValue={pendientes ? 'pendiente' : ''} className={selectClass}>
				<option value="">{copy.all}</option>
				<option value="pendiente">{copy.pending}</option>
			</select>
		</div>
	)
}

/** A submission the network or the server dropped keeps the form as typed (keepFormOnFailure). */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
	return keepFormOnFailure(request, serverAction, ({ result, message, formData }) =>
		formData.get('intent') === 'invite' ? { error: null, invite: result } : { error: message, invite: undefined },
	)
}

const planName = ({ plan, periodo }: Row) =>
	plan === null
		? '—'
		: `${planById(plan)?.name ?? plan}${periodo === 'annual' || periodo === 'monthly' ? ` · ${periodLabels[periodo]}` : ''}`

function UserRow({ row }: { row: Row }) {
	const copy = adminCopy.users
	const [user, role, plan, since, demos] = copy.columns
	return (
		<tr className="border-b last:border-0">
			<td data-label={user} className="p-4">
				<span className="max-sm:text-right">
					<span className="block font-medium sm:whitespace-nowrap">{row.full_name ?? '—'}</span>
					<span className="block text-muted-foreground">{row.email}</span>
					{row.phone ? <span className="block text-muted-foreground">{formatPhone(row.phone)}</span> : null}
					{row.invitado_en ? (
						// The resend belongs to the invitation, and beside it leaves every row the same two actions.
						<span className="mt-1.5 flex flex-wrap items-center gap-2 max-sm:justify-end">
							<Badge tone="attention">{copy.pending(formatLongDate(row.invitado_en))}</Badge>
							<ResendForm row={row} />
						</span>
					) : row.sin_confirmar ? (
						<span className="mt-1 block">
							<Badge tone="attention">{copy.unconfirmed}</Badge>
						</span>
					) : null}
				</span>
			</td>
			<td data-label={role} className="p-4">
				{copy.roles[row.role] ?? row.role}
			</td>
			<td data-label={plan} className="p-4 whitespace-nowrap">
				{planName(row)}
			</td>
			<td data-label={since} className="p-4 whitespace-nowrap text-muted-foreground">
				{formatLongDate(row.alta)}
			</td>
			<td data-label={demos} className="p-4 tabular-nums">
				{formatCount(row.demos)}
			</td>
			<td data-label={copy.actions} className="p-4">
				<span className={rowActions}>
					<RowActions row={row} />
				</span>
			</td>
		</tr>
	)
}

export default routeComponent(AdminUsers)

function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
	const copy = adminCopy.users
	const [searchParams] = useSearchParams()
	const editing = loaderData.rows.find((row) => row.id === searchParams.get('editar'))
	const deleting = loaderData.rows.find((row) => row.id === searchParams.get('eliminar'))
	const inviting = searchParams.has('invitar')
	return (
		<AdminTable
			title={copy.title}
			placeholder={adminCopy.usersSearchPlaceholder}
			columns={[...copy.columns, copy.actions]}
			list={loaderData}
			empty={copy.empty}
			filters={<Filters pendientes={loaderData.pendientes} />}
			actions={inviting ? null : <InviteLink />}
			above={
				<>
					{actionData?.error ? (
						<p role="alert" className="mb-6 rounded-xl border border-danger/40 bg-danger/5 p-4 text-sm text-danger">
							{actionData.error}
						</p>
					) : null}
					{inviting ? <InviteForm constraint={loaderData.constraint} lastResult={actionData?.invite} /> : null}
					{editing ? (
						<section aria-label={copy.edit.title} className="mb-6 max-w-md rounded-2xl border bg-surface p-6">
							<h2 className="mb-4 font-semibold">{copy.edit.title}</h2>
							<EditForm row={editing} />
						</section>
					) : null}
					{deleting ? (
						<section
							aria-label={copy.remove.title}
							className="mb-6 max-w-md rounded-2xl border border-danger/40 bg-surface p-6"
						>
							<h2 className="font-semibold">{copy.remove.title}</h2>
							<p className="mt-1 mb-4 text-sm text-muted-foreground">{copy.remove.text}</p>
							<DeleteForm row={deleting} />
						</section>
					) : null}
				</>
			}
		>
			{loaderData.rows.map((row) => (
				<UserRow key={row.id} row={row} />
			))}
		</AdminTable>
	)
}
