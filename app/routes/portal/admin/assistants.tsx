import {
	getCollectionProps,
	getFormProps,
	getInputProps,
	getSelectProps,
	getTextareaProps,
	useForm,
	type SubmissionResult,
} from '@conform-to/react'
import { getZodConstraint } from '@conform-to/zod/v4'
import type { z } from 'zod'
import { Form, Link, useSearchParams } from 'react-router'
import { loadAdminPage } from '~/.server/admin/list'
import { loadAssistant } from '~/.server/assistants/assistants'
import { readForm } from '~/.server/http/responses'
import { getSupabase } from '~/.server/supabase/client'
import {
	ErrorList,
	Field,
	inputClass,
	selectClass,
	SubmitButton,
	TextareaField,
	usePendingForm,
} from '~/components/forms'
import { AdminTable, ClearFilters, FilterSelect } from '~/components/admin/admin-table'
import { AssistantStatusBadge, ChannelList } from '~/components/assistants/assistant-parts'
import { rowActions } from '~/components/portal/stacked-table'
import { Button } from '~/components/ui/button'
import { Icon } from '~/components/ui/icon'
import { adminAssistantsCopy as copy, assistantLabels } from '~/content/assistants'
import { assistantCreateSchema } from '~/lib/assistant-schemas'
import { assistantChannels, assistantFiltersFrom, assistantStatuses, type AssistantFilters } from '~/lib/assistants'
import { formatLongDate } from '~/lib/dates'
import type { Route } from './+types/assistants'
import { keepFormOnFailure } from '~/components/toaster'
import { routeComponent } from '~/lib/route-component'
import { adminAssistantRow } from '~/lib/admin-rows'
import { answerAssistantForm } from '~/.server/assistants/assistant-form'

export const meta: Route.MetaFunction = () => [{ title: `${copy.title} · Panel de Administración · KIA` }]

export async function loader({ url, context }: Route.LoaderArgs) {
	const filters = assistantFiltersFrom(url.searchParams)
	const supabase = getSupabase(context)
	const [page, editing, deleting] = await Promise.all([
		loadAdminPage(url, copy.loadError, adminAssistantRow, (range) =>
			supabase.rpc('admin_asistentes', { ...range, ...filters }),
		),
		loadAssistant(supabase, url.searchParams.get('editar')),
		loadAssistant(supabase, url.searchParams.get('eliminar')),
	])
	return {
		...page,
		filters,
		editing,
		deleting,
		creating: url.searchParams.has('nuevo'),
		constraint: getZodConstraint(assistantCreateSchema),
	}
}

/** The list the admin was on, without the inline forms' parameters: where an action returns to. */
function listUrl(url: URL) {
	const list = new URL(url)
	for (const key of ['nuevo', 'editar', 'eliminar', 'index']) list.searchParams.delete(key)
	return `${list.pathname}${list.search}`
}

export async function action({ request, url, context }: Route.ActionArgs) {
	return answerAssistantForm(getSupabase(context), await readForm(request), listUrl(url))
}

type Editing = NonNullable<Route.ComponentProps['loaderData']['editing']>

/** The list's address without one of the inline forms' parameters: where 'Cancelar' goes. */
function useCloseHref(...keys: string[]) {
	const [searchParams] = useSearchParams()
	const params = new URLSearchParams(searchParams)
	for (const key of keys) params.delete(key)
	return params.size ? `?${params}` : '?'
}

/**
 * Creating and editing share one form, on the page under ?nuevo=1 or ?editar=<id>, with or without
 * JavaScript: what was typed stays on a refusal.
 */
function AssistantForm({
	editing,
	constraint,
	lastResult,
}: {
	editing: Editing | null
	constraint: Route.ComponentProps['loaderData']['constraint']
	lastResult: SubmissionResult<string[]> | undefined
}) {
	const text = copy.form
	const pending = usePendingForm({ intent: editing ? 'update' : 'create' })
	const closeHref = useCloseHref('nuevo', 'editar')
	const [form, fields] = useForm<z.input<typeof assistantCreateSchema> & { id?: string }>({
		id: editing ? `asistente-${editing.id}` : 'nuevo-asistente',
		lastResult,
		constraint,
		defaultValue: editing
			? {
					nombre: editing.nombre,
					empresa: editing.empresa ?? '',
					canales: editing.canales,
					estado: editing.estado,
					fecha_activacion: editing.fecha_activacion ?? '',
					nota: editing.nota ?? '',
				}
			: { canales: ['web'], estado: 'en_preparacion' },
	})
	const title = editing ? text.editTitle(editing.nombre) : text.newTitle
	return (
		<section aria-labelledby="asistente-titulo" className="mb-6 max-w-2xl rounded-2xl border bg-surface p-6">
			<h2 id="asistente-titulo" className="font-semibold">
				{title}
			</h2>
			<p className="mt-1 mb-5 text-sm text-muted-foreground">
				{editing ? text.clientOf(editing.cliente) : text.newText}
			</p>
			<Form method="post" className="grid gap-4 sm:grid-cols-2" {...getFormProps(form)}>
				<input type="hidden" name="intent" value={editing ? 'update' : 'create'} />
				{editing ? (
					<input type="hidden" name="id" value={editing.id} />
				) : (
					<Field
						className="sm:col-span-2"
						label={text.clientEmail}
						inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'off' }}
						errors={fields.email.errors}
					/>
				)}
				<Field
					label={text.name}
					inputProps={{ ...getInputProps(fields.nombre, { type: 'text' }), autoComplete: 'off' }}
					errors={fields.nombre.errors}
				/>
				<Field
					label={text.company}
					inputProps={{ ...getInputProps(fields.empresa, { type: 'text' }), autoComplete: 'organization' }}
					errors={fields.empresa.errors}
				/>
				<fieldset
					className="sm:col-span-2"
					aria-describedby={fields.canales.errors ? fields.canales.errorId : undefined}
				>
					<legend className="mb-2 text-sm font-medium">{text.channels}</legend>
					<div className="grid gap-2 sm:grid-cols-2">
						{getCollectionProps(fields.canales, { type: 'checkbox', options: [...assistantChannels] }).map(
							({ key, ...props }) => (
								<label
									key={key}
									className="flex items-center gap-2 rounded-xl border bg-background px-3 py-2 text-sm has-checked:border-brand-ink"
								>
									<input {...props} className="size-4 accent-brand" />
									{assistantLabels.channels[props.value as keyof typeof assistantLabels.channels]}
								</label>
							),
						)}
					</div>
					<ErrorList id={fields.canales.errorId} errors={fields.canales.errors} />
				</fieldset>
				<div>
					<label htmlFor={fields.estado.id} className="mb-1.5 block text-sm font-medium">
						{text.status}
					</label>
					<select {...getSelectProps(fields.estado)} className={selectClass}>
						{assistantStatuses.map((status) => (
							<option key={status} value={status}>
								{assistantLabels.statuses[status]}
							</option>
						))}
					</select>
					<ErrorList id={fields.estado.errorId} errors={fields.estado.errors} />
				</div>
				<div>
					<label htmlFor={fields.fecha_activacion.id} className="mb-1.5 block text-sm font-medium">
						{text.liveDate}
					</label>
					<input
						{...getInputProps(fields.fecha_activacion, {
							type: 'date',
							ariaDescribedBy: `${fields.fecha_activacion.id}-ayuda`,
						})}
						className={inputClass}
					/>
					<p id={`${fields.fecha_activacion.id}-ayuda`} className="mt-1.5 text-xs text-muted-foreground">
						{text.liveDateHint}
					</p>
					<ErrorList id={fields.fecha_activacion.errorId} errors={fields.fecha_activacion.errors} />
				</div>
				<TextareaField
					className="sm:col-span-2"
					label={text.note}
					textareaProps={{ ...getTextareaProps(fields.nota), rows: 3 }}
					hint={text.noteHint}
					errors={fields.nota.errors}
				/>
				<div className="sm:col-span-2">
					<ErrorList id={form.errorId} errors={form.errors} />
					<div className="flex flex-wrap justify-end gap-2">
						<Button asChild variant="secondary">
							<Link to={closeHref}>{text.cancel}</Link>
						</Button>
						<SubmitButton pending={pending}>{editing ? text.save : text.create}</SubmitButton>
					</div>
				</div>
			</Form>
		</section>
	)
}

function DeletePanel({ assistant }: { assistant: Editing }) {
	const text = copy.remove
	const closeHref = useCloseHref('eliminar')
	const pending = usePendingForm({ intent: 'delete', fields: { id: assistant.id } })
	return (
		<section
			aria-labelledby="eliminar-titulo"
			className="mb-6 max-w-md rounded-2xl border border-danger/40 bg-surface p-6"
		>
			<h2 id="eliminar-titulo" className="font-semibold">
				{text.title(assistant.nombre)}
			</h2>
			<p className="mt-1 mb-4 text-sm text-muted-foreground">{text.text}</p>
			<Form method="post" className="flex flex-wrap justify-end gap-2">
				<input type="hidden" name="intent" value="delete" />
				<input type="hidden" name="id" value={assistant.id} />
				<Button asChild variant="secondary">
					<Link to={closeHref}>{text.back}</Link>
				</Button>
				<SubmitButton variant="danger" pending={pending}>
					{text.confirm}
				</SubmitButton>
			</Form>
		</section>
	)
}

function Filters({ filters }: { filters: AssistantFilters }) {
	const text = copy.filters
	return (
		<>
			<FilterSelect
				name="estado"
				label={text.status}
				value={filters.estado}
				options={[
					['', text.allStatuses],
					...assistantStatuses.map((status): [string, string] => [status, assistantLabels.statuses[status]]),
				]}
			/>
			<FilterSelect
				name="canal"
				label={text.channel}
				value={filters.canal}
				options={[
					['', text.allChannels],
					...assistantChannels.map((channel): [string, string] => [channel, assistantLabels.channels[channel]]),
				]}
			/>
			<ClearFilters active={Boolean(filters.estado || filters.canal)} />
		</>
	)
}

/** A link to the same list with one inline form open (?nuevo=1, ?editar=<id>, ?eliminar=<id>). */
function useOpenHref() {
	const [searchParams] = useSearchParams()
	return (key: 'nuevo' | 'editar' | 'eliminar', value: string) => {
		const params = new URLSearchParams(searchParams)
		for (const other of ['nuevo', 'editar', 'eliminar']) params.delete(other)
		params.set(key, value)
		return `?${params}`
	}
}

/** A submission the network or the server dropped keeps the form as typed (keepFormOnFailure). */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
	return keepFormOnFailure(request, serverAction, ({ result }) => ({ error: null, result }))
}

export default routeComponent(AdminAssistants)

function AdminAssistants({ loaderData, actionData }: Route.ComponentProps) {
	const openHref = useOpenHref()
	const { editing, deleting, creating } = loaderData
	return (
		<AdminTable
			title={copy.title}
			placeholder={copy.searchPlaceholder}
			columns={copy.columns}
			list={loaderData}
			empty={copy.empty}
			filters={<Filters filters={loaderData.filters} />}
			actions={
				creating ? null : (
					<Button asChild>
						<Link to={openHref('nuevo', '1')}>
							<Icon name="plus" className="size-4" />
							{copy.newButton}
						</Link>
					</Button>
				)
			}
			above={
				<>
					{actionData?.error ? (
						<p role="alert" className="mb-6 rounded-xl border border-danger/40 bg-danger/5 p-4 text-sm text-danger">
							{actionData.error}
						</p>
					) : null}
					{creating || editing ? (
						<AssistantForm
							key={editing?.id ?? 'nuevo'}
							editing={editing}
							constraint={loaderData.constraint}
							lastResult={actionData?.result}
						/>
					) : null}
					{deleting ? <DeletePanel assistant={deleting} /> : null}
				</>
			}
		>
			{loaderData.rows.map((row) => (
				<tr key={row.id} className="border-b last:border-0">
					<td data-label={copy.columns[0]} className="p-4">
						<span className="max-sm:text-right">
							<span className="block font-medium">{row.nombre}</span>
							{row.empresa ? <span className="block text-muted-foreground">{row.empresa}</span> : null}
						</span>
					</td>
					<td data-label={copy.columns[1]} className="p-4">
						<span className="max-sm:text-right">
							<span className="block">{row.cliente_nombre || row.cliente_email || '—'}</span>
							{row.cliente_nombre && row.cliente_email ? (
								<span className="block text-muted-foreground">{row.cliente_email}</span>
							) : null}
						</span>
					</td>
					<td data-label={copy.columns[2]} className="p-4">
						<ChannelList channels={row.canales} label={copy.columns[2]} />
					</td>
					<td data-label={copy.columns[3]} className="p-4 whitespace-nowrap">
						<AssistantStatusBadge status={row.estado} />
					</td>
					<td data-label={copy.columns[4]} className="p-4 whitespace-nowrap text-muted-foreground">
						{row.fecha_activacion ? formatLongDate(row.fecha_activacion) : copy.noDate}
					</td>
					<td data-label={copy.columns[5]} className="p-4">
						<span className={rowActions}>
							<Link
								to={openHref('editar', row.id)}
								aria-label={`${copy.edit}: ${row.nombre}`}
								className="rounded-full border px-3 py-1.5 text-sm hover:bg-surface-muted"
							>
								{copy.edit}
							</Link>
							<Link
								to={openHref('eliminar', row.id)}
								aria-label={`${copy.remove.button}: ${row.nombre}`}
								className="rounded-full border px-3 py-1.5 text-sm text-danger hover:bg-danger/5"
							>
								{copy.remove.button}
							</Link>
						</span>
					</td>
				</tr>
			))}
		</AdminTable>
	)
}
