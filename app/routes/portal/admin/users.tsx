import { parseWithZod } from '@conform-to/zod/v4'
import { useState, type ReactNode } from 'react'
import { data, Form, Link, useSearchParams } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import { deleteUserByAdmin, updateUserByAdmin } from '~/.server/admin-users'
import { loadAdminPage } from '~/.server/admin-list'
import { requireAdmin } from '~/.server/auth'
import { readForm } from '~/.server/http'
import { getSupabase } from '~/.server/supabase'
import { redirectWithToast, toastHeaders } from '~/.server/toast'
import { Field, inputClass } from '~/components/forms'
import { AdminTable } from '~/components/portal/admin-table'
import { Button } from '~/components/ui/button'
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '~/components/ui/dialog'
import { adminCopy } from '~/content/admin'
import { adminUserUpdateSchema } from '~/lib/schemas'
import type { Route } from './+types/users'

type Row = { id: string; full_name: string | null; email: string | null; phone: string | null; role: string }

export async function loader({ request, context }: Route.LoaderArgs) {
	// In parallel with the role check: the database function refuses anyone but an admin anyway.
	const [, page] = await Promise.all([
		requireAdmin(context, request),
		loadAdminPage<Row>(request, adminCopy.users.loadError, (range) =>
			getSupabase(context).rpc('admin_usuarios', range),
		),
	])
	return page
}

export async function action({ request, context }: Route.ActionArgs) {
	const { user } = await requireAdmin(context, request)
	const form = await readForm(request)
	const back = `/admin/usuarios${new URL(request.url).search.replace(/([?&])(editar|eliminar)=[^&]*/g, '$1')}`
	const fail = async (message: string) =>
		data({ error: message }, { status: 400, headers: await toastHeaders({ type: 'error', title: message }) })
	if (form.get('intent') === 'delete') {
		const result = await deleteUserByAdmin(getSupabase(context), user.id, String(form.get('id') ?? ''))
		if (!result.ok) return fail(result.message)
		return redirectWithToast(back, { type: 'success', title: adminCopy.users.deleted })
	}
	const submission = parseWithZod(form, { schema: adminUserUpdateSchema })
	if (submission.status !== 'success') return fail(adminCopy.users.updateError)
	const result = await updateUserByAdmin(getSupabase(context), user.id, submission.value)
	if (!result.ok) return fail(result.message)
	return redirectWithToast(back, { type: 'success', title: adminCopy.users.updated })
}

function EditForm({ row, onSubmit }: { row: Row; onSubmit?: () => void }) {
	const copy = adminCopy.users.edit
	return (
		<Form method="post" className="space-y-4" onSubmit={onSubmit}>
			<input type="hidden" name="intent" value="update" />
			<input type="hidden" name="id" value={row.id} />
			<Field label={copy.email} inputProps={{ id: `email-${row.id}`, value: row.email ?? '', readOnly: true }} />
			<Field
				label={copy.fullName}
				inputProps={{
					id: `nombre-${row.id}`,
					name: 'full_name',
					defaultValue: row.full_name ?? '',
					required: true,
					maxLength: 120,
				}}
			/>
			<Field
				label={copy.phone}
				inputProps={{
					id: `telefono-${row.id}`,
					name: 'phone',
					type: 'tel',
					defaultValue: row.phone ?? '',
					maxLength: 20,
				}}
			/>
			<div>
				<label htmlFor={`rol-${row.id}`} className="mb-1.5 block text-sm font-medium">
					{copy.role}
				</label>
				<select id={`rol-${row.id}`} name="role" defaultValue={row.role} className={inputClass}>
					<option value="cliente">{adminCopy.users.roles.cliente}</option>
					<option value="admin">{adminCopy.users.roles.admin}</option>
				</select>
			</div>
			<Button type="submit" className="w-full">
				{copy.save}
			</Button>
		</Form>
	)
}

function DeleteForm({ row, children, onSubmit }: { row: Row; children?: ReactNode; onSubmit?: () => void }) {
	return (
		<Form method="post" className="flex flex-wrap justify-end gap-2" onSubmit={onSubmit}>
			<input type="hidden" name="intent" value="delete" />
			<input type="hidden" name="id" value={row.id} />
			{children}
			<Button type="submit" variant="danger">
				{adminCopy.users.remove.confirm}
			</Button>
		</Form>
	)
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
				<DialogContent title={copy.edit.title}>
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

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
	const copy = adminCopy.users
	const [searchParams] = useSearchParams()
	const editing = loaderData.rows.find((row) => row.id === searchParams.get('editar'))
	const deleting = loaderData.rows.find((row) => row.id === searchParams.get('eliminar'))
	return (
		<>
			{actionData?.error ? (
				<p role="alert" className="mb-6 rounded-xl border border-danger/40 bg-danger/5 p-4 text-sm text-danger">
					{actionData.error}
				</p>
			) : null}
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
			<AdminTable
				title={copy.title}
				placeholder={adminCopy.usersSearchPlaceholder}
				columns={[...copy.columns, copy.actions]}
				list={loaderData}
				empty={copy.empty}
			>
				{loaderData.rows.map((row) => (
					<tr key={row.id} className="border-b last:border-0">
						<td className="p-4 font-medium">{row.full_name ?? '—'}</td>
						<td className="p-4 text-muted-foreground">{row.email}</td>
						<td className="p-4 text-muted-foreground">{row.phone ?? '—'}</td>
						<td className="p-4">{copy.roles[row.role] ?? row.role}</td>
						<td className="p-4">
							<RowActions row={row} />
						</td>
					</tr>
				))}
			</AdminTable>
		</>
	)
}
