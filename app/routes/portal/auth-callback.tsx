import { useEffect, useRef, type ReactNode } from 'react'
import { data, Form, Link, redirect, useNavigate, useSubmit } from 'react-router'
import { isBookingReturn, isCheckoutReturn, redirectTarget } from '~/.server/auth/return-urls'
import { readBookingDraft } from '~/.server/booking/draft'
import { isAnotherAccount, openEmailLink, signsInHere } from '~/.server/auth/email-links'
import { getPublicEnv } from '~/.server/env'
import { readForm } from '~/.server/http/responses'
import {
	createAnonClient,
	flowIdParam,
	forgetCodeVerifier,
	getSupabase,
	holdsCodeVerifier,
} from '~/.server/supabase/client'
import { getOptionalUser } from '~/.server/auth/session'
import { redirectWithToast } from '~/.server/http/toast'
import { Button } from '~/components/ui/button'
import { Icon } from '~/components/ui/icon'
import { authCopy } from '~/content/auth'
import { linkFields, nextOf, readEmailLink, type EmailLink } from '~/lib/email-link'
import { routeComponent } from '~/lib/route-component'
import type { Route } from './+types/auth-callback'
import { log } from '~/.server/log'
import { SubmitButton, usePendingForm } from '~/components/forms'

const copy = authCopy.emailLink

/** What the page says of a link: a sign-up confirmation has its own words, though its type is the magic link's. */
const linkCopy = (link: EmailLink) => (link.signUp ? copy.signUp : copy.kinds[link.type])

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: `${loaderData?.link ? linkCopy(loaderData.link).title : authCopy.callback.processing} · KIA` },
	{ name: 'robots', content: 'noindex' },
]

/** Where to go once signed in: recovery and invitation links land on the form that sets a password. */
function destination(next: string | null, type: string | null) {
	return type === 'recovery' || type === 'invite' ? '/auth/nueva-contrasena' : redirectTarget(next)
}

const callbackUrl = () => `${getPublicEnv().PORTAL_URL}/auth/callback`

/** The sign-in page with the account's address filled in, going on to where the link was going. */
function signInHref(email: string, target: string) {
	return `/auth?${new URLSearchParams({ tab: 'signin', email, redirectTo: target })}`
}

/**
 * Three ways in. Google (and any PKCE flow) brings a `code`, exchanged here. An e-mail link brings a
 * `token_hash`: this GET only shows what the link is for, with a button; a mail scanner or a link preview
 * opening it uses nothing, since the token is spent by the button's POST alone (action). The implicit flow
 * brings tokens in the URL fragment, which only the browser sees: the page's script posts them.
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
	const next = url.searchParams.get('next')
	const code = url.searchParams.get('code')
	if (code) {
		// The flow's own verifier, named by the id Supabase brought back: with the latest flow's instead, a sign-in
		// started before another one in this browser would fail (and spend its code).
		const flowId = url.searchParams.get(flowIdParam)
		const { error } = await getSupabase(context).auth.exchangeCodeForSession(code, flowId ? { flowId } : undefined)
		if (error) log.error({ reason: error.code ?? error.message }, '[auth] code exchange failed')
		throw redirect(error ? '/auth?error=auth_failed' : redirectTarget(next))
	}
	if (url.searchParams.has('token_hash')) {
		const link = readEmailLink(url.searchParams)
		if (!link) throw redirect('/auth?error=missing_token')
		// A sign-up confirmed elsewhere leaves this browser's session alone: nothing to ask then.
		const current = signsInHere(request, link) ? await getOptionalUser(context, request) : null
		// Who is signed in is shown only to ask before switching; the action decides on what Supabase verifies.
		const signedInAs = isAnotherAccount(current, link) ? (current?.email ?? '') : null
		// The form posts back to this very address, spelt as the server read it: taken from the location, the
		// browser's spelling of an escaped '+' (%2b) and the server router's (%2B) differed at hydration.
		return { next, link, signedInAs, formAction: url.pathname + url.search }
	}
	if (url.searchParams.has('error')) throw redirect('/auth?error=auth_failed')
	return { next, link: null, signedInAs: null, formAction: null }
}

type Problem = 'refused' | 'other-account' | 'halfway'

/**
 * Back from confirming a sign-up, signed in: one toast, which says what is left. From the booking draft
 * that is the booking itself, its form filled in again with what was entered (the draft cookie).
 */
async function confirmedToast(request: Request, target: string) {
	const booking = isBookingReturn(target) && (await readBookingDraft(request)) !== null
	return {
		type: 'success' as const,
		title: copy.signUp.toast,
		description: booking ? copy.signUp.toastBooking : copy.signUp.toastSignedIn,
	}
}

async function spendEmailLink(request: Request, context: Route.ActionArgs['context'], form: FormData) {
	const link = readEmailLink(form)
	if (!link) throw redirect('/auth?error=missing_token')
	const outcome = await openEmailLink(context, request, link, form.get('switch') === '1')
	const target = destination(nextOf(link, callbackUrl()), link.type)
	if (outcome.kind === 'signed-in') {
		if (link.type === 'email_change') return redirectWithToast(target, { type: 'success', title: copy.emailChanged })
		// Back to a purchase, the plan page goes on to Stripe's checkout: a toast would wait and show after paying.
		if (link.signUp && !isCheckoutReturn(target))
			return redirectWithToast(target, await confirmedToast(request, target))
		throw redirect(target)
	}
	if (outcome.kind === 'confirmed') {
		return data({
			problem: null,
			confirmed: {
				email: outcome.email,
				signIn: signInHref(outcome.email, target),
				booking: isBookingReturn(target),
			},
			signIn: null,
		})
	}
	const problem: Problem = outcome.kind
	const signIn = link.signUp ? signInHref(link.email, target) : null
	return data({ problem, confirmed: null, signIn }, { status: problem === 'halfway' ? 200 : 400 })
}

const field = (form: FormData, name: string) => {
	const value = form.get(name)
	return typeof value === 'string' && value ? value : null
}

/**
 * Tokens from the URL fragment (the implicit flow). A link can carry anyone's, so they start a session only in a
 * browser that started a sign-in flow here (it holds our PKCE verifier, which the tokens then spend), and, when
 * another account is signed in here, only once the person agrees to switch, as with the e-mail links: otherwise
 * a link an attacker sent would make this browser theirs, and whatever the visitor then booked or paid for
 * would land in the attacker's account.
 */
async function startFragmentSession(request: Request, context: Route.ActionArgs['context'], form: FormData) {
	const accessToken = field(form, 'access_token')
	const refreshToken = field(form, 'refresh_token')
	if (!accessToken || !refreshToken) throw redirect('/auth?error=missing_token')
	if (!holdsCodeVerifier(request)) {
		log.info('[auth] session tokens from a link this browser did not ask for; refused')
		throw redirect('/auth?error=auth_failed')
	}
	const incoming = await createAnonClient().auth.getUser(accessToken)
	if (incoming.error || !incoming.data.user) throw redirect('/auth?error=auth_failed')
	const current = await getOptionalUser(context, request)
	const switching = current !== null && current.id !== incoming.data.user.id
	if (switching && form.get('switch') !== '1') {
		return data({ fragmentSwitch: { current: current.email ?? '', incoming: incoming.data.user.email ?? '' } })
	}
	const supabase = getSupabase(context)
	if (switching) await supabase.auth.signOut({ scope: 'local' })
	const { error } = await supabase.auth.setSession({ access_token: accessToken, refresh_token: refreshToken })
	if (error) throw redirect('/auth?error=auth_failed')
	forgetCodeVerifier(context, request)
	throw redirect(destination(field(form, 'next'), field(form, 'type')))
}

/** The e-mail link page's button, or the page's script with the fragment's tokens. */
export async function action({ request, context }: Route.ActionArgs) {
	const form = await readForm(request)
	if (form.has('token_hash')) return spendEmailLink(request, context, form)
	return startFragmentSession(request, context, form)
}

export default routeComponent(AuthCallback)

function AuthCallback({ loaderData, actionData }: Route.ComponentProps) {
	if (!loaderData.link) {
		const asked = actionData && 'fragmentSwitch' in actionData ? actionData.fragmentSwitch : null
		return <FragmentTokens next={loaderData.next} switchTo={asked} />
	}
	if (!actionData || !('problem' in actionData)) {
		return (
			<EmailLinkCard
				link={loaderData.link}
				signedInAs={loaderData.signedInAs}
				formAction={loaderData.formAction ?? ''}
			/>
		)
	}
	if (actionData.confirmed) return <ConfirmedElsewhere {...actionData.confirmed} />
	if (actionData.problem) {
		return <LinkProblem problem={actionData.problem} signedInAs={loaderData.signedInAs} signIn={actionData.signIn} />
	}
	return (
		<EmailLinkCard link={loaderData.link} signedInAs={loaderData.signedInAs} formAction={loaderData.formAction ?? ''} />
	)
}

function Card({ children }: { children: ReactNode }) {
	return <section className="rounded-3xl border bg-surface p-6 shadow-xl sm:p-8">{children}</section>
}

/** The link's hidden fields and its button (a plain form post: it works without JavaScript). */
function UseLinkForm({
	link,
	label,
	switching,
	action,
}: {
	link: EmailLink
	label: string
	switching: boolean
	action: string
}) {
	const busy = usePendingForm()
	return (
		<Form method="post" action={action}>
			{linkFields(link).map(([name, value]) => (
				<input key={name} type="hidden" name={name} value={value} />
			))}
			{switching ? <input type="hidden" name="switch" value="1" /> : null}
			<SubmitButton size="lg" className="w-full" pending={busy} pendingLabel={authCopy.callback.processing}>
				{label}
			</SubmitButton>
		</Form>
	)
}

function EmailLinkCard({
	link,
	signedInAs,
	formAction,
}: {
	link: EmailLink
	signedInAs: string | null
	formAction: string
}) {
	const kind = linkCopy(link)
	if (signedInAs) {
		return (
			<SwitchQuestion
				current={signedInAs}
				incoming={link.email}
				confirm={<UseLinkForm link={link} label={copy.switch.confirm} switching action={formAction} />}
			/>
		)
	}
	return (
		<Card>
			<h1 className="text-2xl font-bold tracking-tight">{kind.title}</h1>
			<p className="mt-3 text-muted-foreground wrap-anywhere">{kind.text(link.email, link.newEmail ?? '')}</p>
			<div className="mt-6">
				<UseLinkForm link={link} label={kind.button} switching={false} action={formAction} />
			</div>
			<p className="mt-5 text-center text-sm text-muted-foreground">{copy.notRequested}</p>
		</Card>
	)
}

/** Another account is signed in here: whose session this is and whose the link is, and the choice. */
function SwitchQuestion({ current, incoming, confirm }: { current: string; incoming: string; confirm: ReactNode }) {
	return (
		<Card>
			<h1 className="text-2xl font-bold tracking-tight">{copy.switch.title}</h1>
			<p className="mt-3 text-muted-foreground">{copy.switch.text}</p>
			<dl className="mt-4 space-y-3 rounded-2xl border bg-surface-muted p-4 text-sm">
				<div>
					<dt className="text-muted-foreground">{copy.switch.current}</dt>
					<dd className="font-medium wrap-anywhere">{current}</dd>
				</div>
				<div>
					<dt className="text-muted-foreground">{copy.switch.link}</dt>
					<dd className="font-medium wrap-anywhere">{incoming}</dd>
				</div>
			</dl>
			<p className="mt-4 text-muted-foreground">{copy.switch.consequence}</p>
			<div className="mt-6 space-y-3">
				{confirm}
				<Button asChild variant="secondary" size="lg" className="w-full">
					<Link to="/dashboard">{copy.switch.keep}</Link>
				</Button>
			</div>
		</Card>
	)
}

/** A sign-up confirmed on another device than the one that signed up: confirmed, and an invitation to sign in. */
function ConfirmedElsewhere({ email, signIn, booking }: { email: string; signIn: string; booking: boolean }) {
	const { elsewhere } = copy.signUp
	return (
		<Card>
			<Icon name="circle-check" className="size-8 text-emerald-600 dark:text-emerald-400" />
			<h1 className="mt-4 text-2xl font-bold tracking-tight">{elsewhere.title}</h1>
			<p role="status" className="mt-3 text-muted-foreground wrap-anywhere">
				{elsewhere.text(email)}
			</p>
			{booking ? <p className="mt-3 text-muted-foreground">{elsewhere.booking}</p> : null}
			<Button asChild size="lg" className="mt-6 w-full">
				<Link to={signIn}>{copy.signUp.signIn}</Link>
			</Button>
		</Card>
	)
}

function problemCopy(problem: Problem, signUp: boolean) {
	if (problem === 'halfway') return copy.halfway
	if (problem === 'other-account') return copy.otherAccount
	return signUp ? copy.signUp.refused : copy.refused
}

function LinkProblem({
	problem,
	signedInAs,
	signIn,
}: {
	problem: Problem
	signedInAs: string | null
	/** A sign-up confirmation's: the sign-in page, since a used confirmation link is usually a confirmed account. */
	signIn: string | null
}) {
	const { title, text } = problemCopy(problem, signIn !== null)
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
					<Link to={signIn ?? '/auth'}>{signIn ? copy.signUp.signIn : copy.toAccess}</Link>
				</Button>
			)}
		</Card>
	)
}

type Switch = { current: string; incoming: string }

/**
 * Implicit-flow tokens travel in the URL fragment: posted to the action by the page's script, and kept here (the
 * fragment is gone once posted) in case the action asks before switching accounts.
 */
function FragmentTokens({ next, switchTo }: { next: string | null; switchTo: Switch | null }) {
	const submit = useSubmit()
	const navigate = useNavigate()
	const tokens = useRef<Record<string, string> | null>(null)
	useEffect(() => {
		const fragment = new URLSearchParams(window.location.hash.slice(1))
		const accessToken = fragment.get('access_token')
		const refreshToken = fragment.get('refresh_token')
		if (fragment.has('error')) {
			void navigate('/auth?error=auth_failed', { replace: true })
		} else if (accessToken && refreshToken) {
			tokens.current = {
				access_token: accessToken,
				refresh_token: refreshToken,
				type: fragment.get('type') ?? '',
				next: next ?? '',
			}
			void submit(tokens.current, { method: 'post', replace: true })
		} else {
			void navigate('/auth?error=missing_token', { replace: true })
		}
	}, [next, navigate, submit])
	if (switchTo) {
		const agree = () =>
			tokens.current && void submit({ ...tokens.current, switch: '1' }, { method: 'post', replace: true })
		return (
			<SwitchQuestion
				current={switchTo.current}
				incoming={switchTo.incoming}
				confirm={
					<Button type="button" size="lg" className="w-full" onClick={agree}>
						{copy.switch.confirm}
					</Button>
				}
			/>
		)
	}
	return (
		<div role="status" className="rounded-3xl border bg-surface p-10 text-center shadow-xl">
			<Icon name="loader-circle" className="mx-auto size-8 animate-spin text-brand-ink" />
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
