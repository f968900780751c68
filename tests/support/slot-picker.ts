import type { Locator, Page } from '@playwright/test'
import { formatWeekdayDate } from '../../app/lib/dates'
import type { Slot } from './unique'

/** The booking form's day, a group named by its Spanish date ('lunes, 30 de noviembre'). */
export const slotDay = (scope: Page | Locator, fecha: string) =>
	scope.getByRole('group', { name: formatWeekdayDate(fecha), exact: true })

/** The radio button of one slot: its hour, inside its day. */
export const slotRadio = (scope: Page | Locator, { fecha, hora }: Slot) =>
	slotDay(scope, fecha).getByRole('radio', { name: hora, exact: true })

/** The Saturday after `fecha`: a date the booking rules refuse. */
export function nextSaturday(fecha: string) {
	const date = new Date(`${fecha}T12:00:00Z`)
	date.setUTCDate(date.getUTCDate() + ((6 - date.getUTCDay() + 7) % 7 || 7))
	return date.toISOString().slice(0, 10)
}

/**
 * How long the booking dialog may take to show its form once opened: it fetches its own code and every free slot.
 * Under a second on an idle machine; past 5 s on a loaded one (a11y.spec under load, the slots still loading).
 */
export const bookingDialogLoad = { timeout: 30_000 }

/**
 * How long a booking sent from the dialog may take to show its confirmation: the dialog's form posts to the booking
 * page, so it is an action, a navigation and that page's render. With every core busy it took 18 s (the browser
 * itself was starved: 8 s between the action's answer and its next request).
 */
export const dialogBookingRoundTrip = { timeout: 30_000 }
