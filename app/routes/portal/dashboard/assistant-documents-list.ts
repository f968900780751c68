import { data } from 'react-router'
import { guardedUser } from '~/.server/auth/guards'
import { loadDocumentListing, loadOwnAssistant } from '~/.server/knowledge/documents'
import { getSupabase } from '~/.server/supabase/client'
import { documentsCopy as copy } from '~/content/documents'
import type { Route } from './+types/assistant-documents-list'

/**
 * The documents' list and count alone, for the page's script to follow their states while they are processed:
 * polling the page itself would run all its loader again, the question in its address included (a search and a
 * call to the language model each time).
 */
export async function loader({ context, params }: Route.LoaderArgs) {
	const user = guardedUser(context)
	const supabase = getSupabase(context)
	const assistant = await loadOwnAssistant(supabase, user.id, params.id)
	if (!assistant) throw data(copy.gone, { status: 404 })
	return loadDocumentListing(supabase, assistant.id)
}
