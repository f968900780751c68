import { CalendarDays } from 'lucide-react'
import { Link } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import { Button, type ButtonProps } from '../ui/button'
import { Dialog, DialogContent, DialogTrigger } from '../ui/dialog'
import { bookingDialog } from '~/content/pages'

/**
 * 'O reserva una reunión' / 'Reservar reunión': a dialog with the booking
 * step; without JavaScript, a link to the booking page.
 */
export function BookingDialogButton({ label, variant = 'secondary', className }: { label: string; variant?: ButtonProps['variant']; className?: string }) {
	const hydrated = useHydrated()
	if (!hydrated) {
		return (
			<Button asChild variant={variant} className={className}>
				<Link to="/solicitar-demostracion-kia">
					<CalendarDays aria-hidden className="size-4" />
					{label}
				</Link>
			</Button>
		)
	}
	return (
		<Dialog>
			<DialogTrigger asChild>
				<Button variant={variant} className={className}>
					<CalendarDays aria-hidden className="size-4" />
					{label}
				</Button>
			</DialogTrigger>
			<DialogContent
				title={bookingDialog.title}
				description={bookingDialog.description}
			>
				<Button asChild className="w-full">
					<Link to="/solicitar-demostracion-kia">{bookingDialog.button}</Link>
				</Button>
			</DialogContent>
		</Dialog>
	)
}
