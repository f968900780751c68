import { LoaderCircle } from 'lucide-react'
import { useEffect } from 'react'
import { redirect, useNavigate, useSubmit } from 'react-router'
import { redirectTarget } from '~/.server/auth'
import { readForm } from '~/.server/http'
import { getSupabase } from '~/.server/supabase'
import { authCopy } from '~/content/auth'
import type { Route } from './+types/auth-callback'

export const meta: Route.MetaFunction = () => [
	{ title: `${authCopy.callback.processing} · KIA` },
	{ name: 'robots', content: 'noindex' },
]

const otpTypes = ['signup', 'recovery', 'email', 'magiclink', 'invite'] as const
type OtpType = (typeof otpTypes)[number]
const isOtpType = (value: string | null): value is OtpType => otpTypes.some((type) => type === value)

/** Where to go once signed in: a recovery link always lands on the new-password form. */
function destination(next: string | null, type: string | null) {
	return type === 'recovery' ? '/auth/nueva-contrasena' : redirectTarget(next)
}

/** PKCE codes and e-mail token hashes are exchanged here, on the server. */
export async function loader({ request, context }: Route.LoaderArgs) {
	const url = new URL(request.url)
	const next = url.searchParams.get('next')
	const supabase = getSupabase(context)
	const code = url.searchParams.get('code')
	if (code) {
		const { error } = await supabase.auth.exchangeCodeForSession(code)
		if (error) console.error('[auth] code exchange failed', error.code ?? error.message)
		throw redirect(error ? '/auth?error=auth_failed' : redirectTarget(next))
	}
	const tokenHash = url.searchParams.get('token_hash')
	const type = url.searchParams.get('type')
	if (tokenHash && isOtpType(type)) {
		const { error } = await supabase.auth.verifyOtp({ token_hash: tokenHash, type })
		throw redirect(error ? '/auth?error=auth_failed' : destination(next, type))
	}
	if (url.searchParams.has('error')) throw redirect('/auth?error=auth_failed')
	// Implicit-flow tokens travel in the URL fragment, which only the browser sees.
	return { next }
}

/** The page's script posts the fragment's tokens here to start the session on the server. */
export async function action({ request, context }: Route.ActionArgs) {
	const form = await readForm(request)
	const accessToken = form.get('access_token')
	const refreshToken = form.get('refresh_token')
	if (typeof accessToken !== 'string' || typeof refreshToken !== 'string' || !accessToken || !refreshToken) {
		throw redirect('/auth?error=missing_token')
	}
	const { error } = await getSupabase(context).auth.setSession({
		access_token: accessToken,
		refresh_token: refreshToken,
	})
	if (error) throw redirect('/auth?error=auth_failed')
	const type = form.get('type')
	throw redirect(
		destination(
			typeof form.get('next') === 'string' ? String(form.get('next')) : null,
			typeof type === 'string' ? type : null,
		),
	)
}

export default function AuthCallback({ loaderData }: Route.ComponentProps) {
	const submit = useSubmit()
	const navigate = useNavigate()
	useEffect(() => {
		const fragment = new URLSearchParams(window.location.hash.slice(1))
		const accessToken = fragment.get('access_token')
		const refreshToken = fragment.get('refresh_token')
		if (fragment.has('error')) {
			void navigate('/auth?error=auth_failed', { replace: true })
		} else if (accessToken && refreshToken) {
			void submit(
				{
					access_token: accessToken,
					refresh_token: refreshToken,
					type: fragment.get('type') ?? '',
					next: loaderData.next ?? '',
				},
				{ method: 'post', replace: true },
			)
		} else {
			void navigate('/auth?error=missing_token', { replace: true })
		}
	}, [loaderData.next, navigate, submit])
	return (
		<div role="status" className="rounded-3xl border bg-surface p-10 text-center shadow-xl">
			<LoaderCircle aria-hidden className="mx-auto size-8 animate-spin text-brand-ink" />
			<h1 className="mt-4 text-xl font-semibold">{authCopy.callback.processing}</h1>
			<p className="mt-1 text-muted-foreground">{authCopy.callback.redirecting}</p>
			<noscript>
				<p className="mt-4 text-sm">
					<a href="/auth?error=missing_token" className="text-brand-ink underline">
						Continuar
					</a>
				</p>
			</noscript>
		</div>
	)
}
