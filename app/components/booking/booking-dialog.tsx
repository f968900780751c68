import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { Link, useFetcher, useLocation, useSearchParams } from 'react-router'
import { useHydrated } from '~/components/hydrated'
import { Icon } from '~/components/ui/icon'
import { bookingDialog } from '~/content/pages'
import type { loader as bookingLoader } from '~/routes/site/demo'
import { Button, type ButtonProps } from '../ui/button'
import { DeferredDialog, preloadDialog } from '../ui/deferred-dialog'

// The form (conform, zod, the slot picker) is fetched with the dialog, not with the page.
const loadBookingForm = () => import('./booking-form')
const BookingForm = lazy(() => loadBookingForm().then((module) => ({ default: module.BookingForm })))

function preloadBooking() {
	preloadDialog()
	void loadBookingForm()
}

/**
 * 'O reserva una reunión' / 'Reservar reunión': the booking form in a
 * dialog (its free slots loaded when it opens); without JavaScript, a link
 * to the booking page.
 */
export function BookingDialogButton({
	label,
	variant = 'secondary',
	className,
}: {
	label: string
	variant?: ButtonProps['variant']
	className?: string
}) {
	const hydrated = useHydrated()
	const booking = useFetcher<typeof bookingLoader>()
	const [chosen, setOpen] = useState<boolean | null>(null)
	const trigger = useRef<HTMLButtonElement>(null)
	const { pathname } = useLocation()
	// Back from signing in to book (a signed-out visitor's booking draft): the dialog opens again with what
	// they entered, so booking is the one click left.
	const [searchParams] = useSearchParams()
	const reopen = hydrated && searchParams.has('reservar')
	const open = chosen ?? reopen
	const { load } = booking
	useEffect(() => {
		if (reopen) void load('/solicitar-demostracion-kia')
	}, [reopen, load])
	const content = (
		<>
			<Icon name="calendar-days" className="size-4" />
			{label}
		</>
	)
	if (!hydrated) {
		return (
			<Button asChild variant={variant} className={className}>
				<Link to="/solicitar-demostracion-kia">{content}</Link>
			</Button>
		)
	}
	const loading = (
		<p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
			<Icon name="loader-circle" className="size-4 animate-spin" />
			{bookingDialog.loading}
		</p>
	)
	return (
		<>
			<Button
				ref={trigger}
				variant={variant}
				className={className}
				aria-haspopup="dialog"
				aria-expanded={open}
				onPointerDown={preloadBooking}
				onFocus={preloadBooking}
				onClick={() => {
					setOpen(true)
					void booking.load('/solicitar-demostracion-kia')
				}}
			>
				{content}
			</Button>
			<DeferredDialog
				open={open}
				onOpenChange={setOpen}
				returnFocusTo={trigger}
				title={bookingDialog.title}
				description={bookingDialog.description(booking.data?.availability)}
				className="max-w-xl"
			>
				{booking.data ? (
					<Suspense fallback={loading}>
						<BookingForm
							signedIn={booking.data.signedIn}
							draft={booking.data.draft}
							months={booking.data.months}
							outcome={undefined}
							returnTo={pathname}
						/>
					</Suspense>
				) : (
					loading
				)}
			</DeferredDialog>
		</>
	)
}
