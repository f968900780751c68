import { env } from '~/.server/env'
import { notFound } from '~/.server/http/responses'
import { redirectWithToast } from '~/.server/http/toast'
import { toastTypes } from '~/lib/toast'
import type { Route } from './+types/toast'

/** Lets the end-to-end suite prove toasts across a redirect; absent unless ENABLE_TEST_ROUTES=1. */
export async function loader({ url }: Route.LoaderArgs) {
	if (!env.ENABLE_TEST_ROUTES) throw notFound()
	const type = toastTypes.find((candidate) => candidate === url.searchParams.get('type')) ?? 'success'
	return redirectWithToast(url.searchParams.get('to') === 'auth' ? '/auth' : '/', {
		type,
		title: 'Aviso de prueba',
		description: 'Este aviso viaja en una cookie de un solo uso.',
	})
}
