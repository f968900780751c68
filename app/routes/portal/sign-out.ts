import { redirect } from 'react-router'
import { authMessage } from '~/.server/auth/messages'
import { getPublicEnv } from '~/.server/env'
import { signOut } from '~/.server/auth/session'
import { redirectWithToast } from '~/.server/http/toast'
import { authCopy } from '~/content/auth'
import type { Route } from './+types/sign-out'

/** 'Cerrar sesión': ends the session on the server, clears the cookies, back to the public site. */
export async function action({ context, request }: Route.ActionArgs) {
	const error = await signOut(context, request)
	if (error)
		return redirectWithToast('/dashboard', {
			type: 'error',
			title: authCopy.toasts.signOutError,
			description: authMessage(error),
		})
	throw redirect(getPublicEnv().SITE_URL)
}

export function loader() {
	throw redirect('/dashboard')
}
