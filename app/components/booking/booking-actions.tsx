import { useState, type ReactNode } from 'react'
import { Form, Link, useSearchParams } from 'react-router'
import { useHydrated } from '~/components/hydrated'
import { SlotPicker } from '~/components/booking/slot-picker'
import { rowActions } from '~/components/portal/stacked-table'
import { Button } from '~/components/ui/button'
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '~/components/ui/dialog'
import { Icon } from '~/components/ui/icon'
import { type Booking } from '~/lib/booking'
import { formatBookingTime } from '~/lib/dates'
import type { RescheduleOptions } from '~/lib/slots'
import { SubmitButton, usePendingForm } from '~/components/forms'
import { cn } from '~/lib/utils'

/** The words of the reschedule and cancel forms: the client's page and the admin's say them differently. */
export type BookingActionsCopy = {
	join: string
	reschedule: {
		button: string
		title: string
		text: (availability: string) => string
		submit: string
	}
	cancel: { button: string; title: string; text: string; confirm: string; back: string }
}

type ActionBooking = Pick<Booking, 'id' | 'fecha' | 'hora' | 'meet_url'>

/**
 * In a table that fits its frame (the client's, StackedTable's `fit`) a meeting's three actions wrap in their cell
 * rather than widen it: beside the 280 px side menu, at 1024 to 1280 px, one line of them pushed 'Cancelar' past the
 * frame's edge (issue 68). The admin's wider table keeps them on one line and scrolls its frame instead.
 */
const wrappingActions = cn(rowActions, 'flex-wrap')

function RescheduleForm({
	booking,
	options,
	copy,
	onSubmit,
}: {
	booking: ActionBooking
	options: RescheduleOptions
	copy: BookingActionsCopy
	onSubmit?: () => void
}) {
	const pending = usePendingForm({ intent: 'reschedule', fields: { id: booking.id } })
	return (
		<Form method="post" className="space-y-4" onSubmit={onSubmit}>
			<input type="hidden" name="intent" value="reschedule" />
			<input type="hidden" name="id" value={booking.id} />
			<SlotPicker months={options.months} chosen="" errorId={`hueco-${booking.id}`} errors={undefined} />
			<SubmitButton className="w-full" pending={pending}>
				{copy.reschedule.submit}
			</SubmitButton>
		</Form>
	)
}

function CancelForm({
	booking,
	copy,
	children,
	onSubmit,
}: {
	booking: ActionBooking
	copy: BookingActionsCopy
	children?: ReactNode
	onSubmit?: () => void
}) {
	const pending = usePendingForm({ intent: 'cancel', fields: { id: booking.id } })
	return (
		<Form method="post" className="flex flex-wrap justify-end gap-2" onSubmit={onSubmit}>
			<input type="hidden" name="intent" value="cancel" />
			<input type="hidden" name="id" value={booking.id} />
			{children}
			<SubmitButton variant="danger" pending={pending}>
				{copy.cancel.confirm}
			</SubmitButton>
		</Form>
	)
}

/** Reprogramar and Cancelar for one meeting: dialogs with JavaScript; without it, links that open the forms on the page. */
export function BookingRowActions({
	booking,
	options,
	copy,
	wrap = false,
}: {
	booking: ActionBooking
	options: RescheduleOptions
	copy: BookingActionsCopy
	wrap?: boolean
}) {
	const actionsClass = wrap ? wrappingActions : rowActions
	const hydrated = useHydrated()
	const [searchParams] = useSearchParams()
	const [dialog, setDialog] = useState<'reschedule' | 'cancel' | null>(null)
	const close = () => setDialog(null)
	const join = booking.meet_url ? (
		<Button asChild size="md" variant="secondary" className="h-9 px-3">
			<a href={booking.meet_url} target="_blank" rel="noreferrer">
				<Icon name="video" className="size-4" />
				{copy.join}
			</a>
		</Button>
	) : null
	if (!hydrated) {
		const inlineHref = (key: string) =>
			`?${new URLSearchParams({ ...Object.fromEntries(searchParams), [key]: booking.id })}`
		return (
			<div className={actionsClass}>
				{join}
				<Link to={inlineHref('reprogramar')} className="inline-flex h-9 items-center rounded-full border px-3 text-sm">
					{copy.reschedule.button}
				</Link>
				<Link
					to={inlineHref('cancelar')}
					className="inline-flex h-9 items-center rounded-full border px-3 text-sm text-danger"
				>
					{copy.cancel.button}
				</Link>
			</div>
		)
	}
	return (
		<div className={actionsClass}>
			{join}
			<Dialog open={dialog === 'reschedule'} onOpenChange={(open) => setDialog(open ? 'reschedule' : null)}>
				<DialogTrigger asChild>
					<Button variant="secondary" className="h-9 px-3">
						{copy.reschedule.button}
					</Button>
				</DialogTrigger>
				<DialogContent title={copy.reschedule.title} description={copy.reschedule.text(options.availability)}>
					<RescheduleForm booking={booking} options={options} copy={copy} onSubmit={close} />
				</DialogContent>
			</Dialog>
			<Dialog open={dialog === 'cancel'} onOpenChange={(open) => setDialog(open ? 'cancel' : null)}>
				<DialogTrigger asChild>
					<Button variant="ghost" className="h-9 px-3 text-danger">
						{copy.cancel.button}
					</Button>
				</DialogTrigger>
				<DialogContent title={copy.cancel.title} description={copy.cancel.text}>
					<CancelForm booking={booking} copy={copy} onSubmit={close}>
						<DialogClose asChild>
							<Button type="button" variant="secondary">
								{copy.cancel.back}
							</Button>
						</DialogClose>
					</CancelForm>
				</DialogContent>
			</Dialog>
		</div>
	)
}

/** Without JavaScript: the form a row's link asked for (?reprogramar= or ?cancelar=), above the table. */
export function InlineBookingForm({
	bookings,
	options,
	copy,
}: {
	bookings: readonly ActionBooking[]
	options: RescheduleOptions
	copy: BookingActionsCopy
}) {
	const [searchParams] = useSearchParams()
	const inline = (key: string) => bookings.find((booking) => booking.id === searchParams.get(key))
	const rescheduling = inline('reprogramar')
	const cancelling = inline('cancelar')
	if (rescheduling)
		return (
			<section className="mb-6 rounded-2xl border bg-surface p-6" aria-label={copy.reschedule.title}>
				<h2 className="font-semibold">{copy.reschedule.title}</h2>
				<p className="mt-1 mb-4 text-sm text-muted-foreground">
					{formatBookingTime(rescheduling.fecha, rescheduling.hora)}
				</p>
				<RescheduleForm booking={rescheduling} options={options} copy={copy} />
			</section>
		)
	if (cancelling)
		return (
			<section className="mb-6 rounded-2xl border border-danger/40 bg-surface p-6" aria-label={copy.cancel.title}>
				<h2 className="font-semibold">{copy.cancel.title}</h2>
				<p className="mt-1 mb-4 text-sm text-muted-foreground">{copy.cancel.text}</p>
				<CancelForm booking={cancelling} copy={copy} />
			</section>
		)
	return null
}
