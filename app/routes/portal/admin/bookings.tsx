import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import type { z } from 'zod'
import { data, Form, Link, useSearchParams } from 'react-router'
import { bookForClient } from '~/.server/admin/bookings'
import { loadAdminPage } from '~/.server/admin/list'
import { cancelBookingAsAdmin, loadRescheduleOptions, rescheduleBookingAsAdmin } from '~/.server/booking/bookings'
import { readForm } from '~/.server/http/responses'
import { getSupabase } from '~/.server/supabase/client'
import { redirectWithToast, toastHeaders } from '~/.server/http/toast'
import { ErrorList, Field, inputClass, selectClass, SubmitButton, usePendingForm } from '~/components/forms'
import { chooseSlotErrors, SlotPicker } from '~/components/booking/slot-picker'
import { AdminTable, ClearFilters } from '~/components/admin/admin-table'
import { InlineBookingForm, BookingRowActions } from '~/components/booking/booking-actions'
import { StatusBadge } from '~/components/portal/status-badge'
import { Button } from '~/components/ui/button'
import { Icon } from '~/components/ui/icon'
import { adminCopy } from '~/content/admin'
import { bookingsCopy } from '~/content/meetings'
import { bookingStatuses } from '~/lib/booking'
import { formatBookingTime, todayInMadrid } from '~/lib/dates'
import { slotValue, withSlotFields, type RescheduleOptions } from '~/lib/slots'
import { bookingFilterArgs, bookingFiltersFrom } from '~/lib/booking-filters'
import { adminBookingSchema } from '~/lib/admin-schemas'
import type { Route } from './+types/bookings'
import { keepFormOnFailure } from '~/components/toaster'
import { routeComponent } from '~/lib/route-component'
import { adminBookingRow } from '~/lib/admin-rows'

const copy = adminCopy.bookings

export async function loader({ url, context }: Route.LoaderArgs) {
	const filters = bookingFiltersFrom(url.searchParams)
	const supabase = getSupabase(context)
	const [page, options] = await Promise.all([
		loadAdminPage(url, copy.loadError, adminBookingRow, (range) =>
			supabase.rpc('admin_reservas', { ...range, ...bookingFilterArgs(filters) }),
		),
		loadRescheduleOptions(),
	])
	// The new-booking form validates on the server: its constraints (required, lengths) travel as
	// data, so zod stays out of the page's JavaScript and the admin pages within the first-load budget.
	return { ...page, filters, today: todayInMadrid(), options, constraint: getZodConstraint(adminBookingSchema) }
}

/** The list the admin was on, without the inline form's parameter: where an action returns to. */
function listUrl(url: URL) {
	const list = new URL(url)
	for (const key of ['reprogramar', 'cancelar', 'nueva', 'index']) list.searchParams.delete(key)
	return `${list.pathname}${list.search}`
}

export async function action({ request, url, context }: Route.ActionArgs) {
	// The slot pickers send one `slot`; read as the fecha and hora the checks and the schema take.
	const form = withSlotFields(await readForm(request))
	const id = String(form.get('id') ?? '')
	const supabase = getSupabase(context)
	// Failures stay on the page with the message inline (and a toast); successes redirect, so a reload posts nothing twice.
	const fail = async (title: string, description?: string) =>
		data(
			{ error: description ?? title, create: undefined },
			{ status: 400, headers: await toastHeaders({ type: 'error', title, description }) },
		)

	if (form.get('intent') === 'create') {
		const submission = parseWithZod(form, { schema: adminBookingSchema })
		if (submission.status !== 'success') return data({ error: null, create: submission.reply() }, { status: 400 })
		const result = await bookForClient(supabase, submission.value)
		if (!result.ok)
			return data(
				{ error: null, create: submission.reply({ formErrors: [result.message] }) },
				{
					status: 400,
					headers: await toastHeaders({ type: 'error', title: copy.create.errorTitle, description: result.message }),
				},
			)
		return redirectWithToast(listUrl(url), {
			type: 'success',
			title: result.invited ? copy.create.bookedAndInvited : copy.create.booked,
		})
	}
	if (form.get('intent') === 'cancel') {
		const result = await cancelBookingAsAdmin(supabase, id)
		if (!result.ok) return fail(copy.cancel.error(result.message))
		return redirectWithToast(listUrl(url), { type: 'success', title: copy.cancel.success })
	}
	if (form.get('intent') === 'reschedule') {
		const fecha = String(form.get('fecha') ?? '')
		const hora = String(form.get('hora') ?? '')
		if (!fecha || !hora) return fail(copy.reschedule.errorTitle, copy.reschedule.required)
		const result = await rescheduleBookingAsAdmin(supabase, { id, fecha, hora })
		if (!result.ok) return fail(copy.reschedule.errorTitle, copy.reschedule.error(result.message))
		return redirectWithToast(listUrl(url), { type: 'success', title: copy.reschedule.success })
	}
	return data({ error: null, create: undefined }, { status: 400 })
}

function Filters({ filters }: { filters: Route.ComponentProps['loaderData']['filters'] }) {
	const filtered = Boolean(filters.estado || filters.desde || filters.hasta)
	return (
		<>
			<div>
				<label htmlFor="estado" className="mb-1.5 block text-xs font-medium text-muted-foreground">
					{copy.filters.status}
				</label>
				<select id="estado" name="estado" defaultValue={filters.estado ?? ''} className={selectClass}>
					<option value="">{copy.filters.allStatuses}</option>
					{bookingStatuses.map((status) => (
						<option key={status} value={status}>
							{bookingsCopy.statuses[status]}
						</option>
					))}
				</select>
			</div>
			<div>
				<label htmlFor="desde" className="mb-1.5 block text-xs font-medium text-muted-foreground">
					{copy.filters.from}
				</label>
				<input id="desde" name="desde" type="date" defaultValue={filters.desde ?? ''} className={inputClass} />
			</div>
			<div>
				<label htmlFor="hasta" className="mb-1.5 block text-xs font-medium text-muted-foreground">
					{copy.filters.to}
				</label>
				<input id="hasta" name="hasta" type="date" defaultValue={filters.hasta ?? ''} className={inputClass} />
			</div>
			<ClearFilters active={filtered} />
		</>
	)
}

/** The CSV of what the list shows now: the same search and filters, every page. */
function ExportLink() {
	const [searchParams] = useSearchParams()
	const params = new URLSearchParams(searchParams)
	for (const key of ['page', 'reprogramar', 'cancelar', 'nueva']) params.delete(key)
	const query = params.size ? `?${params}` : ''
	return (
		<Button asChild variant="secondary">
			<a href={`/admin/reuniones.csv${query}`} download>
				<Icon name="download" className="size-4" />
				{copy.export}
			</a>
		</Button>
	)
}

/** The new-booking form, on the page under ?nueva=1 with or without JavaScript: a refusal keeps what was typed. */
function NewBookingForm({
	options,
	constraint,
	lastResult,
}: {
	options: RescheduleOptions
	constraint: ReturnType<typeof getZodConstraint>
	lastResult: SubmissionResult<string[]> | undefined
}) {
	const text = copy.create
	const [searchParams] = useSearchParams()
	const [form, fields] = useForm<z.input<typeof adminBookingSchema>>({
		id: 'nueva-reunion',
		lastResult,
		constraint,
	})
	const closeParams = new URLSearchParams(searchParams)
	closeParams.delete('nueva')
	const { fecha, hora } = fields
	// A refused booking keeps its slot chosen, if it is still free.
	const chosen = fecha.initialValue && hora.initialValue ? slotValue(fecha.initialValue, hora.initialValue) : ''
	return (
		<section aria-labelledby="nueva-titulo" className="mb-6 max-w-2xl rounded-2xl border bg-surface p-6">
			<h2 id="nueva-titulo" className="font-semibold">
				{text.title}
			</h2>
			<p className="mt-1 mb-5 text-sm text-muted-foreground">{text.text(options.availability)}</p>
			<Form method="post" className="grid gap-4 sm:grid-cols-2" {...getFormProps(form)}>
				<input type="hidden" name="intent" value="create" />
				<Field
					label={text.email}
					inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'off' }}
					errors={fields.email.errors}
				/>
				<Field
					label={text.name}
					inputProps={{ ...getInputProps(fields.nombre, { type: 'text' }), autoComplete: 'off' }}
					errors={fields.nombre.errors}
				/>
				<div className="sm:col-span-2">
					<SlotPicker
						months={options.months}
						chosen={chosen}
						errorId={fields.fecha.errorId}
						errors={fields.fecha.errors?.length || fields.hora.errors?.length ? chooseSlotErrors : undefined}
					/>
				</div>
				<Field
					className="sm:col-span-2"
					label={text.reason}
					inputProps={{ ...getInputProps(fields.motivo, { type: 'text' }), autoComplete: 'off' }}
					errors={fields.motivo.errors}
				/>
				<div className="sm:col-span-2">
					<ErrorList id={form.errorId} errors={form.errors} />
				</div>
				<div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
					<Button asChild variant="secondary">
						<Link to={closeParams.size ? `?${closeParams}` : '?'}>{text.back}</Link>
					</Button>
					<SubmitButton pending={usePendingForm({ intent: 'create' })}>
						<Icon name="calendar-plus" className="size-4" />
						{text.submit}
					</SubmitButton>
				</div>
			</Form>
		</section>
	)
}

function NewMeetingLink() {
	const [searchParams] = useSearchParams()
	const params = new URLSearchParams(searchParams)
	params.set('nueva', '1')
	return (
		<Button asChild>
			<Link to={`?${params}`}>
				<Icon name="calendar-plus" className="size-4" />
				{copy.create.button}
			</Link>
		</Button>
	)
}

/** A submission the network or the server dropped keeps the form as typed (keepFormOnFailure). */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
	return keepFormOnFailure(request, serverAction, ({ result, message, formData }) =>
		formData.get('intent') === 'create' ? { error: null, create: result } : { error: message, create: undefined },
	)
}

export default routeComponent(AdminBookings)

function AdminBookings({ loaderData, actionData }: Route.ComponentProps) {
	const { rows, today, filters, options } = loaderData
	const [searchParams] = useSearchParams()
	const creating = searchParams.has('nueva')
	const upcoming = rows.filter((row) => row.status === 'confirmada' && row.fecha >= today)
	return (
		<AdminTable
			title={copy.title}
			placeholder={adminCopy.searchPlaceholder}
			columns={[...copy.columns, copy.actions]}
			list={loaderData}
			empty={copy.empty}
			filters={<Filters filters={filters} />}
			actions={
				<div className="flex flex-wrap gap-2">
					<ExportLink />
					{creating ? null : <NewMeetingLink />}
				</div>
			}
			above={
				<>
					{actionData?.error ? (
						<p role="alert" className="mb-6 rounded-xl border border-danger/40 bg-danger/5 p-4 text-sm text-danger">
							{actionData.error}
						</p>
					) : null}
					{creating ? (
						<NewBookingForm options={options} constraint={loaderData.constraint} lastResult={actionData?.create} />
					) : null}
					<InlineBookingForm bookings={upcoming} options={options} copy={copy} />
				</>
			}
		>
			{rows.map((row) => (
				<tr key={row.id} className="border-b last:border-0">
					<td data-label={copy.columns[0]} className="p-4 font-medium whitespace-nowrap">
						{formatBookingTime(row.fecha, row.hora)}
					</td>
					<td data-label={copy.columns[1]} className="p-4 sm:whitespace-nowrap">
						{row.nombre}
					</td>
					<td data-label={copy.columns[2]} className="p-4 text-muted-foreground">
						{row.email}
					</td>
					<td data-label={copy.columns[3]} className="p-4 text-muted-foreground">
						{row.motivo || bookingsCopy.defaultReason}
					</td>
					<td data-label={copy.columns[4]} className="p-4">
						<StatusBadge status={row.status} />
					</td>
					<td data-label={copy.actions} className="p-4">
						{/* Only a confirmed booking still to come can change: the past is history, a cancellation final. */}
						{row.status === 'confirmada' && row.fecha >= today ? (
							<BookingRowActions booking={row} options={options} copy={copy} />
						) : null}
					</td>
				</tr>
			))}
		</AdminTable>
	)
}
