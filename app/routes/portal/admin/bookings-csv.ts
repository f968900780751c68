import { data } from 'react-router'
import { searchTermFrom } from '~/.server/admin/list'
import { bookingsCsv } from '~/.server/admin/bookings-export'
import { getSupabase } from '~/.server/supabase/client'
import { adminCopy } from '~/content/admin'
import { todayInMadrid } from '~/lib/dates'
import { bookingFiltersFrom } from '~/lib/booking-filters'
import type { Route } from './+types/bookings-csv'
import { cacheControl } from '~/.server/http/cache-control'

/** 'Exportar CSV': the bookings the list shows for the same ?q=, ?estado=, ?desde= and ?hasta=, every page of them. */
export async function loader({ url, context }: Route.LoaderArgs) {
	const body = await bookingsCsv(getSupabase(context), {
		termino: searchTermFrom(url),
		filters: bookingFiltersFrom(url.searchParams),
	})
	if (!body) throw data(adminCopy.bookings.exportError, { status: 500 })
	return new Response(body, {
		headers: {
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': `attachment; filename="${adminCopy.bookings.csvFileName(todayInMadrid())}"`,
			'Cache-Control': cacheControl.personal,
		},
	})
}
