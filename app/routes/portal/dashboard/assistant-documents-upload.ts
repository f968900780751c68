import { guardedUser } from '~/.server/auth/guards'
import { getPublicEnv } from '~/.server/env'
import { loadOwnAssistant } from '~/.server/knowledge/documents'
import { answerUpload } from '~/.server/knowledge/upload'
import { getSupabase } from '~/.server/supabase/client'
import { documentsCopy as copy } from '~/content/documents'
import type { Route } from './+types/assistant-documents-upload'

/**
 * The same upload as the page's form, for the page's script: one file a request, so each has its own progress
 * bar, answered as JSON (UploadResult) rather than a page.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
	const user = guardedUser(context)
	const supabase = getSupabase(context)
	const assistant = await loadOwnAssistant(supabase, user.id, params.id)
	if (!assistant) return Response.json({ outcomes: [], message: copy.gone }, { status: 404 })
	const { result, status } = await answerUpload(request, {
		client: supabase,
		userId: user.id,
		assistantId: assistant.id,
		pricingUrl: `${getPublicEnv().SITE_URL}/tarifas`,
	})
	return Response.json(result, { status })
}
