import { readForm } from '~/.server/http'
import { redirectWithToast } from '~/.server/toast'
import { notImplementedToast } from '~/content/home'
import { safeRedirect } from '~/lib/safe-redirect'
import type { Route } from './+types/not-implemented'

/** Buttons for features that do not exist yet say so (SPEC §2), with or without JavaScript. */
export async function action({ request }: Route.ActionArgs) {
	const form = await readForm(request)
	return redirectWithToast(safeRedirect(form.get('redirectTo')), notImplementedToast)
}
