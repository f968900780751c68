import { data, redirect } from 'react-router'
import { guardedUser } from '~/.server/auth/guards'
import { downloadLink, loadOwnAssistant } from '~/.server/knowledge/documents'
import { getSupabase } from '~/.server/supabase/client'
import { documentsCopy as copy } from '~/content/documents'
import type { Route } from './+types/assistant-document-download'

/** 'Descargar': to a link of Storage's, signed as the client, that works for a minute. */
export async function loader({ context, params }: Route.LoaderArgs) {
	const user = guardedUser(context)
	const supabase = getSupabase(context)
	const assistant = await loadOwnAssistant(supabase, user.id, params.id)
	const link = assistant ? await downloadLink(supabase, assistant.id, params.documento) : null
	if (!link) throw data(copy.gone, { status: 404 })
	return redirect(link, { headers: { 'Cache-Control': 'no-store' } })
}
