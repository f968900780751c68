import type { ReactNode } from 'react'
import { Form, Link, useSearchParams } from 'react-router'
import { Field, selectClass, SubmitButton, usePendingForm } from '~/components/forms'
import { Button } from '~/components/ui/button'
import { Icon } from '~/components/ui/icon'
import { adminCopy } from '~/content/admin'
import { periodLabels, planById } from '~/content/plans'
import type { AdminUserRow as Row } from '~/lib/admin-rows'

export function EditForm({ row, onSubmit }: { row: Row; onSubmit?: () => void }) {
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
				<select id={`rol-${row.id}`} name="role" defaultValue={row.role} className={selectClass}>
					<option value="cliente">{adminCopy.users.roles.cliente}</option>
					<option value="admin">{adminCopy.users.roles.admin}</option>
				</select>
			</div>
			<SubmitButton pending={usePendingForm({ intent: 'update', fields: { id: row.id } })} className="w-full">
				{copy.save}
			</SubmitButton>
		</Form>
	)
}

type LiveSubscription = Row['suscripciones_vivas'][number]

const subscriptionName = ({ plan, periodo }: LiveSubscription) =>
	`${planById(plan)?.name ?? plan}${periodo === 'annual' || periodo === 'monthly' ? ` ${periodLabels[periodo].toLowerCase()}` : ''}`

/**
 * 'Sí, eliminar usuario', saying first what it does to a subscription Stripe still bills. The action cancels
 * whatever Stripe bills in any case (app/.server/admin/users.ts).
 */
export function DeleteForm({ row, children, onSubmit }: { row: Row; children?: ReactNode; onSubmit?: () => void }) {
	const copy = adminCopy.users.remove
	const subscriptions = row.suscripciones_vivas
	const warning = subscriptions.length > 0 ? copy.subscriptions(subscriptions.map(subscriptionName).join(', ')) : null
	return (
		<Form method="post" className="flex flex-wrap justify-end gap-2" onSubmit={onSubmit}>
			{warning ? (
				<p className="mb-2 w-full rounded-xl border border-amber-500/40 bg-amber-500/10 p-3 text-sm text-foreground">
					{warning}
				</p>
			) : null}
			<input type="hidden" name="intent" value="delete" />
			<input type="hidden" name="id" value={row.id} />
			{children}
			<SubmitButton pending={usePendingForm({ intent: 'delete', fields: { id: row.id } })} variant="danger">
				{adminCopy.users.remove.confirm}
			</SubmitButton>
		</Form>
	)
}

export function InviteLink() {
	const [searchParams] = useSearchParams()
	const params = new URLSearchParams(searchParams)
	params.set('invitar', '1')
	return (
		<Button asChild>
			<Link to={`?${params}`}>
				<Icon name="mail-plus" className="size-4" />
				{adminCopy.users.invite.button}
			</Link>
		</Button>
	)
}

/** A plain form: resending works the same with or without JavaScript. */
export function ResendForm({ row }: { row: Row }) {
	return (
		<Form method="post">
			<input type="hidden" name="intent" value="resend" />
			<input type="hidden" name="id" value={row.id} />
			<SubmitButton
				pending={usePendingForm({ intent: 'resend', fields: { id: row.id } })}
				variant="secondary"
				className="h-8 px-3 text-xs"
			>
				<Icon name="send" className="size-3.5" />
				{adminCopy.users.resend.button}
			</SubmitButton>
		</Form>
	)
}
