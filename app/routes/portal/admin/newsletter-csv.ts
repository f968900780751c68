import { data } from 'react-router'
import { subscribersCsv } from '~/.server/newsletter/newsletter'
import { getSupabase } from '~/.server/supabase/client'
import { newsletterCopy } from '~/content/newsletter'
import { todayInMadrid } from '~/lib/dates'
import type { Route } from './+types/newsletter-csv'
import { cacheControl } from '~/.server/http/cache-control'

/** The confirmed newsletter subscribers, for the team's mailing tool. */
export async function loader({ context }: Route.LoaderArgs) {
	const body = await subscribersCsv(getSupabase(context))
	if (!body) throw data(newsletterCopy.exportError, { status: 500 })
	return new Response(body, {
		headers: {
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': `attachment; filename="${newsletterCopy.csvFileName(todayInMadrid())}"`,
			'Cache-Control': cacheControl.personal,
		},
	})
}
