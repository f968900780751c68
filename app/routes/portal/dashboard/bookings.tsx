import { data } from 'react-router'
import { useHydrated } from '~/components/hydrated'
import { guardedUser } from '~/.server/auth/guards'
import {
	cancelOwnBooking,
	listOwnBookings,
	loadRescheduleOptions,
	rescheduleOwnBooking,
} from '~/.server/booking/bookings'
import { getPublicEnv } from '~/.server/env'
import { readForm } from '~/.server/http/responses'
import { getSupabase } from '~/.server/supabase/client'
import { redirectWithToast, toastHeaders } from '~/.server/http/toast'
import { InlineBookingForm, BookingRowActions } from '~/components/booking/booking-actions'
import { StackedTable } from '~/components/portal/stacked-table'
import { StatusBadge } from '~/components/portal/status-badge'
import { ViewTabs } from '~/components/portal/view-tabs'
import { BackToDashboard, PageTitle } from '~/components/portal/dashboard-shell'
import { Button } from '~/components/ui/button'
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '~/components/ui/dialog'
import { Icon } from '~/components/ui/icon'
import { bookingsCopy as copy } from '~/content/meetings'
import { splitBookings } from '~/lib/booking'
import { formatBookingTime } from '~/lib/dates'
import { withSlotFields } from '~/lib/slots'
import type { Route } from './+types/bookings'
import { keepFormOnFailure } from '~/components/toaster'
import { routeComponent } from '~/lib/route-component'

export const meta: Route.MetaFunction = () => [{ title: `${copy.title} · KIA` }]

type Tab = 'proximas' | 'pasadas'

export async function loader({ url, context }: Route.LoaderArgs) {
	const user = guardedUser(context)
	const [bookings, options] = await Promise.all([listOwnBookings(getSupabase(context), user), loadRescheduleOptions()])
	const tab: Tab = url.searchParams.get('tab') === 'pasadas' ? 'pasadas' : 'proximas'
	const split = bookings ? splitBookings(bookings) : null
	return {
		tab,
		bookings: split ? (tab === 'proximas' ? split.upcoming : split.past) : null,
		options,
		bookingUrl: `${getPublicEnv().SITE_URL}/solicitar-demostracion-kia`,
	}
}

export async function action({ request, url, context }: Route.ActionArgs) {
	const user = guardedUser(context)
	// The reschedule form's picker sends one `slot`; read as the fecha and hora the checks take.
	const form = withSlotFields(await readForm(request))
	const id = String(form.get('id') ?? '')
	const supabase = getSupabase(context)
	const back = url.searchParams.get('tab') === 'pasadas' ? '/dashboard/reuniones?tab=pasadas' : '/dashboard/reuniones'
	// Failures stay on the page with the message inline (and a toast); successes redirect, so a reload posts nothing twice.
	const fail = async (title: string, description?: string) =>
		data(
			{ error: description ?? title },
			{ status: 400, headers: await toastHeaders({ type: 'error', title, description }) },
		)

	if (form.get('intent') === 'cancel') {
		const result = await cancelOwnBooking(supabase, user, id)
		if (!result.ok) return fail(copy.cancel.error(result.message))
		return redirectWithToast(back, { type: 'success', title: copy.cancel.success })
	}

	if (form.get('intent') === 'reschedule') {
		const fecha = String(form.get('fecha') ?? '')
		const hora = String(form.get('hora') ?? '')
		if (!fecha || !hora) return fail(copy.reschedule.required.title, copy.reschedule.required.description)
		const result = await rescheduleOwnBooking(supabase, user, { id, fecha, hora })
		if (!result.ok) return fail(copy.reschedule.errorTitle, copy.reschedule.error(result.message))
		return redirectWithToast(back, { type: 'success', title: copy.reschedule.success })
	}

	return data({ error: null }, { status: 400 })
}

function NewBooking({ bookingUrl }: { bookingUrl: string }) {
	const hydrated = useHydrated()
	const trigger = (
		<>
			<Icon name="calendar-plus" className="size-4" />
			{copy.newBooking.button}
		</>
	)
	if (!hydrated) {
		return (
			<Button asChild>
				<a href={bookingUrl}>{trigger}</a>
			</Button>
		)
	}
	return (
		<Dialog>
			<DialogTrigger asChild>
				<Button>{trigger}</Button>
			</DialogTrigger>
			<DialogContent title={copy.newBooking.title} description={copy.newBooking.text}>
				<div className="flex flex-wrap justify-end gap-2">
					<DialogClose asChild>
						<Button variant="secondary">{copy.newBooking.cancel}</Button>
					</DialogClose>
					<Button asChild>
						<a href={bookingUrl}>{copy.newBooking.continue}</a>
					</Button>
				</div>
			</DialogContent>
		</Dialog>
	)
}

/** A submission the network or the server dropped keeps the form as typed (keepFormOnFailure). */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
	return keepFormOnFailure(request, serverAction, ({ message }) => ({ error: message }))
}

export default routeComponent(Bookings)

function Bookings({ loaderData, actionData }: Route.ComponentProps) {
	const { tab, bookings, options } = loaderData
	return (
		<>
			<BackToDashboard />
			<PageTitle title={copy.title}>
				<NewBooking bookingUrl={loaderData.bookingUrl} />
			</PageTitle>
			<ViewTabs
				label="Reuniones"
				tabs={[
					{ to: '?', label: copy.tabs.upcoming, current: tab === 'proximas' },
					{ to: '?tab=pasadas', label: copy.tabs.past, current: tab === 'pasadas' },
				]}
			/>
			{actionData?.error ? (
				<p role="alert" className="mb-6 rounded-xl border border-danger/40 bg-danger/5 p-4 text-sm text-danger">
					{actionData.error}
				</p>
			) : null}
			{bookings ? <InlineBookingForm bookings={bookings} options={options} copy={copy} /> : null}
			{bookings === null ? (
				<div role="alert" className="rounded-2xl border border-danger/40 p-6">
					<p className="font-semibold">{copy.loadError.title}</p>
					<p className="text-sm text-muted-foreground">{copy.loadError.description}</p>
				</div>
			) : bookings.length === 0 ? (
				<div className="rounded-2xl border border-dashed bg-surface p-12 text-center">
					<p className="font-semibold">{copy.empty.title}</p>
					<p className="mt-1 text-sm text-muted-foreground">
						{tab === 'proximas' ? copy.empty.upcoming : copy.empty.past}
					</p>
				</div>
			) : (
				// On a phone each meeting is a card of labelled lines, its status and actions in view: no sideways scroll.
				// Beside the side menu its four columns wrap rather than scroll the frame (issue 68).
				<StackedTable fit columns={[copy.columns.when, copy.columns.reason, copy.columns.status, copy.columns.actions]}>
					{bookings.map((booking) => (
						<tr key={booking.id} className="border-b last:border-0">
							<td data-label={copy.columns.when} className="p-4 font-medium">
								{formatBookingTime(booking.fecha, booking.hora)}
							</td>
							{/* An address in a reason is one long word: broken anywhere, it cannot widen the table. */}
							<td data-label={copy.columns.reason} className="p-4 [overflow-wrap:anywhere] text-muted-foreground">
								{booking.motivo || copy.defaultReason}
							</td>
							<td data-label={copy.columns.status} className="p-4">
								<StatusBadge status={booking.status} />
							</td>
							<td data-label={copy.columns.actions} className="p-4">
								{tab === 'proximas' && booking.status === 'confirmada' ? (
									<BookingRowActions booking={booking} options={options} copy={copy} wrap />
								) : null}
							</td>
						</tr>
					))}
				</StackedTable>
			)}
		</>
	)
}
