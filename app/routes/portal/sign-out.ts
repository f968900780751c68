import { redirect } from 'react-router'
import { getPublicEnv } from '~/.server/env'
import { getSupabase } from '~/.server/supabase'
import { redirectWithToast } from '~/.server/toast'
import { authCopy } from '~/content/auth'
import type { Route } from './+types/sign-out'

/** 'Cerrar sesión': ends the session on the server, clears the cookies, back to the public site. */
export async function action({ context }: Route.ActionArgs) {
	const { error } = await getSupabase(context).auth.signOut()
	if (error) return redirectWithToast('/dashboard', { type: 'error', title: authCopy.toasts.signOutError, description: error.message })
	throw redirect(getPublicEnv().SITE_URL)
}

export function loader() {
	throw redirect('/dashboard')
}
