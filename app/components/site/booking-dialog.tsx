import { CalendarDays, LoaderCircle } from 'lucide-react'
import { useState } from 'react'
import { Link, useFetcher } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import { bookingDialog } from '~/content/pages'
import type { loader as bookingLoader } from '~/routes/site/demo'
import { Button, type ButtonProps } from '../ui/button'
import { Dialog, DialogContent, DialogTrigger } from '../ui/dialog'
import { BookingForm } from './booking-form'

/**
 * 'O reserva una reunión' / 'Reservar reunión': the booking form in a
 * dialog (its free slots loaded when it opens); without JavaScript, a link
 * to the booking page.
 */
export function BookingDialogButton({ label, variant = 'secondary', className }: { label: string; variant?: ButtonProps['variant']; className?: string }) {
	const hydrated = useHydrated()
	const booking = useFetcher<typeof bookingLoader>()
	const [open, setOpen] = useState(false)
	const content = (
		<>
			<CalendarDays aria-hidden className="size-4" />
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
	return (
		<Dialog
			open={open}
			onOpenChange={(next) => {
				setOpen(next)
				if (next) void booking.load('/solicitar-demostracion-kia')
			}}
		>
			<DialogTrigger asChild>
				<Button variant={variant} className={className}>
					{content}
				</Button>
			</DialogTrigger>
			<DialogContent title={bookingDialog.title} description={bookingDialog.description} className="max-w-xl">
				{booking.data ? (
					<BookingForm
						signedInAs={booking.data.signedInAs}
						draft={booking.data.draft}
						taken={booking.data.taken}
						today={booking.data.today}
						nowTime={booking.data.nowTime}
						outcome={undefined}
					/>
				) : (
					<p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
						<LoaderCircle aria-hidden className="size-4 animate-spin" />
						{bookingDialog.loading}
					</p>
				)}
			</DialogContent>
		</Dialog>
	)
}
