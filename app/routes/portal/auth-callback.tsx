import { LoaderCircle } from 'lucide-react'
import { useEffect, type ReactNode } from 'react'
import { data, Form, Link, redirect, useNavigate, useNavigation, useSubmit } from 'react-router'
import { redirectTarget } from '~/.server/auth'
import { isAnotherAccount, openEmailLink } from '~/.server/email-links'
import { getPublicEnv } from '~/.server/env'
import { readForm } from '~/.server/http'
import { getOptionalUser, getSupabase } from '~/.server/supabase'
import { redirectWithToast } from '~/.server/toast'
import { Button } from '~/components/ui/button'
import { authCopy } from '~/content/auth'
import { linkFields, nextOf, readEmailLink, type EmailLink } from '~/lib/email-link'
import type { Route } from './+types/auth-callback'

const copy = authCopy.emailLink

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: `${loaderData?.link ? copy.kinds[loaderData.link.type].title : authCopy.callback.processing} · KIA` },
	{ name: 'robots', content: 'noindex' },
]

/** Where to go once signed in: recovery and invitation links land on the form that sets a password. */
function destination(next: string | null, type: string | null) {
	return type === 'recovery' || type === 'invite' ? '/auth/nueva-contrasena' : redirectTarget(next)
}

const callbackUrl = () => `${getPublicEnv().PORTAL_URL}/auth/callback`

/**
 * Three ways in. Google (and any PKCE flow) brings a `code`, exchanged here. An e-mail link brings a
 * `token_hash`: this GET only shows what the link is for, with a button; a mail scanner or a link preview
 * opening it uses nothing, since the token is spent by the button's POST alone (action). The implicit flow
 * brings tokens in the URL fragment, which only the browser sees: the page's script posts them.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
	const url = new URL(request.url)
	const next = url.searchParams.get('next')
	const code = url.searchParams.get('code')
	if (code) {
		const { error } = await getSupabase(context).auth.exchangeCodeForSession(code)
		if (error) console.error('[auth] code exchange failed', error.code ?? error.message)
		throw redirect(error ? '/auth?error=auth_failed' : redirectTarget(next))
	}
	if (url.searchParams.has('token_hash')) {
		const link = readEmailLink(url.searchParams)
		if (!link) throw redirect('/auth?error=missing_token')
		const current = await getOptionalUser(context, request)
		// Who is signed in is shown only to ask before switching; the action decides on what Supabase verifies.
		return { next, link, signedInAs: isAnotherAccount(current, link) ? (current?.email ?? '') : null }
	}
	if (url.searchParams.has('error')) throw redirect('/auth?error=auth_failed')
	return { next, link: null, signedInAs: null }
}

type Problem = 'refused' | 'other-account' | 'halfway'

async function spendEmailLink(request: Request, context: Route.ActionArgs['context'], form: FormData) {
	const link = readEmailLink(form)
	if (!link) throw redirect('/auth?error=missing_token')
	const outcome = await openEmailLink(context, request, link, form.get('switch') === '1')
	if (outcome.kind === 'signed-in') {
		const target = destination(nextOf(link, callbackUrl()), link.type)
		if (link.type === 'email_change') return redirectWithToast(target, { type: 'success', title: copy.emailChanged })
		throw redirect(target)
	}
	const problem: Problem = outcome.kind
	return data({ problem }, { status: problem === 'halfway' ? 200 : 400 })
}

/** The e-mail link page's button, or the page's script with the fragment's tokens. */
export async function action({ request, context }: Route.ActionArgs) {
	const form = await readForm(request)
	if (form.has('token_hash')) return spendEmailLink(request, context, form)
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

export default function AuthCallback({ loaderData, actionData }: Route.ComponentProps) {
	if (!loaderData.link) return <FragmentTokens next={loaderData.next} />
	if (actionData?.problem) return <LinkProblem problem={actionData.problem} signedInAs={loaderData.signedInAs} />
	return <EmailLinkCard link={loaderData.link} signedInAs={loaderData.signedInAs} />
}

function Card({ children }: { children: ReactNode }) {
	return <section className="rounded-3xl border bg-surface p-6 shadow-xl sm:p-8">{children}</section>
}

/** The link's hidden fields and its button (a plain form post: it works without JavaScript). */
function UseLinkForm({ link, label, switching }: { link: EmailLink; label: string; switching: boolean }) {
	const busy = useNavigation().state !== 'idle'
	return (
		<Form method="post">
			{linkFields(link).map(([name, value]) => (
				<input key={name} type="hidden" name={name} value={value} />
			))}
			{switching ? <input type="hidden" name="switch" value="1" /> : null}
			<Button type="submit" size="lg" className="w-full" disabled={busy}>
				{busy ? authCopy.callback.processing : label}
			</Button>
		</Form>
	)
}

function EmailLinkCard({ link, signedInAs }: { link: EmailLink; signedInAs: string | null }) {
	const kind = copy.kinds[link.type]
	if (signedInAs) {
		return (
			<Card>
				<h1 className="text-2xl font-bold tracking-tight">{copy.switch.title}</h1>
				<p className="mt-3 text-muted-foreground">{copy.switch.text}</p>
				<dl className="mt-4 space-y-3 rounded-2xl border bg-surface-muted p-4 text-sm">
					<div>
						<dt className="text-muted-foreground">{copy.switch.current}</dt>
						<dd className="font-medium wrap-anywhere">{signedInAs}</dd>
					</div>
					<div>
						<dt className="text-muted-foreground">{copy.switch.link}</dt>
						<dd className="font-medium wrap-anywhere">{link.email}</dd>
					</div>
				</dl>
				<p className="mt-4 text-muted-foreground">{copy.switch.consequence}</p>
				<div className="mt-6 space-y-3">
					<UseLinkForm link={link} label={copy.switch.confirm} switching />
					<Button asChild variant="secondary" size="lg" className="w-full">
						<Link to="/dashboard">{copy.switch.keep}</Link>
					</Button>
				</div>
			</Card>
		)
	}
	return (
		<Card>
			<h1 className="text-2xl font-bold tracking-tight">{kind.title}</h1>
			<p className="mt-3 text-muted-foreground wrap-anywhere">{kind.text(link.email, link.newEmail ?? '')}</p>
			<div className="mt-6">
				<UseLinkForm link={link} label={kind.button} switching={false} />
			</div>
			<p className="mt-5 text-center text-sm text-muted-foreground">{copy.notRequested}</p>
		</Card>
	)
}

function LinkProblem({ problem, signedInAs }: { problem: Problem; signedInAs: string | null }) {
	const { title, text } =
		problem === 'halfway' ? copy.halfway : problem === 'other-account' ? copy.otherAccount : copy.refused
	return (
		<Card>
			<h1 className="text-2xl font-bold tracking-tight">{title}</h1>
			<p role={problem === 'halfway' ? 'status' : 'alert'} className="mt-3 text-muted-foreground">
				{text}
			</p>
			{problem === 'other-account' && signedInAs ? (
				<p className="mt-2 text-muted-foreground wrap-anywhere">{copy.otherAccount.kept(signedInAs)}</p>
			) : null}
			{problem === 'halfway' ? null : (
				<Button asChild variant="secondary" size="lg" className="mt-6 w-full">
					<Link to="/auth">{copy.toAccess}</Link>
				</Button>
			)}
		</Card>
	)
}

/** Implicit-flow tokens travel in the URL fragment: posted to the action by the page's script. */
function FragmentTokens({ next }: { next: string | null }) {
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
					next: next ?? '',
				},
				{ method: 'post', replace: true },
			)
		} else {
			void navigate('/auth?error=missing_token', { replace: true })
		}
	}, [next, navigate, submit])
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
