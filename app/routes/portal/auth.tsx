import { useEffect } from 'react'
import { data, Form, Link, redirect, useSearchParams } from 'react-router'
import { isCheckoutReturn, redirectTarget } from '~/.server/auth/return-urls'
import { readBookingDraft } from '~/.server/booking/draft'
import { readCheckoutDraft } from '~/.server/billing/checkout-draft'
import { getPublicEnv } from '~/.server/env'
import { readForm } from '~/.server/http/responses'
import { getOptionalUser, requireAuthService } from '~/.server/auth/session'
import { notify, keepFormOnFailure } from '~/components/toaster'
import { Icon } from '~/components/ui/icon'
import { authCopy } from '~/content/auth'
import { periodLabels, planById } from '~/content/plans'
import { emailField } from '~/lib/schemas'
import { cn } from '~/lib/utils'
import type { Route } from './+types/auth'
import { routeComponent } from '~/lib/route-component'
import { intents, isIntent } from '~/.server/auth/sign-in-forms'
import { GoogleIcon, RecoverDialog, RecoverForm, SignInForm, SignUpForm } from '~/components/auth/auth-forms'
import { SubmitButton, usePendingForm } from '~/components/forms'

// The portal's front door is public, so it may be found by searching for it (robots.txt lets in /auth
// alone); what lies behind it, and the sign-in page with a query (a tab, a redirect), stays unindexed.
export const meta: Route.MetaFunction = () => [
	{ title: authCopy.title },
	{ name: 'description', content: authCopy.description },
]

type Tab = 'signin' | 'signup'

export async function loader({ request, url, context }: Route.LoaderArgs) {
	const redirectTo = url.searchParams.get('redirectTo')
	// A signed-in visitor goes straight back to where they came from.
	if (await getOptionalUser(context, request)) throw redirect(redirectTarget(redirectTo))
	await requireAuthService(context)
	const target = redirectTarget(redirectTo)
	const [draft, purchase] = await Promise.all([
		readBookingDraft(request),
		isCheckoutReturn(target) ? readCheckoutDraft(request) : null,
	])
	// Someone coming from the booking form signs up first, with what they typed.
	const tab: Tab =
		url.searchParams.get('tab') === 'signup' || (draft && url.searchParams.get('tab') !== 'signin')
			? 'signup'
			: 'signin'
	const error = url.searchParams.get('error')
	// Sent here to sign in once an account is made or confirmed: its address is filled in.
	const named = emailField.safeParse(url.searchParams.get('email'))
	return {
		tab,
		carried: draft ? { fullName: draft.nombre ?? '', email: draft.email ?? '' } : null,
		signInEmail: named.success ? named.data : (draft?.email ?? ''),
		redirectTo: target,
		checkout: purchase
			? authCopy.checkout.title(planById(purchase.plan)?.name ?? '', periodLabels[purchase.period].toLowerCase())
			: null,
		error: error ? (authCopy.callbackErrors[error] ?? null) : null,
		siteUrl: getPublicEnv().SITE_URL,
	}
}

export async function action({ request, context }: Route.ActionArgs) {
	const formData = await readForm(request)
	const intent = formData.get('intent')
	const redirectTo = redirectTarget(formData.get('redirectTo'))
	if (!isIntent(intent)) return data({ intent: null, result: null }, { status: 400 })
	return intents[intent](context, request, formData, redirectTo)
}

/** A submission the network or the server dropped keeps the form as typed (keepFormOnFailure). */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
	return keepFormOnFailure(request, serverAction, ({ result, formData }) => ({
		intent: String(formData.get('intent')),
		result,
	}))
}

export default routeComponent(Auth)

function Auth({ loaderData, actionData }: Route.ComponentProps) {
	const [searchParams] = useSearchParams()
	const busy = usePendingForm()
	const toGoogle = usePendingForm({ intent: 'google' })
	const { tab, redirectTo } = loaderData
	const tabHref = (value: Tab) => {
		const params = new URLSearchParams(searchParams)
		params.set('tab', value)
		params.delete('error')
		// Switching tabs clears what was typed, the address given in the link included.
		params.delete('email')
		return `/auth?${params}`
	}
	const result = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined)
	// 'Crea una cuenta para continuar' is said where the account is made, not once it has been.
	const carried = Boolean(loaderData.carried) && tab === 'signup'
	useEffect(() => {
		if (carried) notify({ id: 'reserva-pendiente', type: 'info', ...authCopy.toasts.carried })
	}, [carried])
	return (
		<>
			<div className="mb-8 text-center">
				<h1 className="text-3xl font-bold tracking-tight">{authCopy.heading}</h1>
				<p className="mt-2 text-muted-foreground">{authCopy.lead}</p>
			</div>
			<section className="rounded-3xl border bg-surface p-6 shadow-xl sm:p-8">
				{loaderData.error ? (
					<p role="alert" className="mb-5 rounded-xl border border-danger/40 bg-danger/5 p-3 text-sm text-danger">
						{loaderData.error}
					</p>
				) : null}
				{loaderData.checkout ? (
					<p role="status" className="mb-5 rounded-xl border border-brand/30 bg-brand/5 p-3 text-sm">
						<strong className="block font-semibold">{loaderData.checkout}</strong>
						{authCopy.checkout.text}
					</p>
				) : null}
				{carried ? (
					// With JavaScript this is a toast; React does not hydrate <noscript>, so it stays server-side.
					<noscript>
						<p role="status" className="mb-5 rounded-xl border border-brand/30 bg-brand/5 p-3 text-sm">
							<strong className="block font-semibold">{authCopy.toasts.carried.title}</strong>
							{authCopy.toasts.carried.description}
						</p>
					</noscript>
				) : null}
				<nav aria-label="Acceso" className="mb-6 grid grid-cols-2 rounded-full border bg-surface-muted p-1">
					{(['signin', 'signup'] as const).map((value) => (
						<Link
							key={value}
							to={tabHref(value)}
							replace
							aria-current={tab === value ? 'page' : undefined}
							className={cn(
								'rounded-full py-2 text-center text-sm font-medium transition-colors',
								tab === value ? 'bg-surface text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
							)}
						>
							{authCopy.tabs[value]}
						</Link>
					))}
				</nav>
				{tab === 'signin' ? (
					<SignInForm
						key="signin"
						redirectTo={redirectTo}
						lastResult={result('signin')}
						email={loaderData.signInEmail}
					/>
				) : (
					<SignUpForm key="signup" redirectTo={redirectTo} lastResult={result('signup')} carried={loaderData.carried} />
				)}
				{tab === 'signin' ? (
					<div className="mt-4 text-center">
						<RecoverDialog />
					</div>
				) : null}
				<div className="my-6 flex items-center gap-3 text-xs text-muted-foreground">
					<span className="h-px flex-1 bg-border" />
					{authCopy.or}
					<span className="h-px flex-1 bg-border" />
				</div>
				<Form method="post">
					<input type="hidden" name="intent" value="google" />
					<input type="hidden" name="redirectTo" value={redirectTo} />
					<SubmitButton
						variant="secondary"
						size="lg"
						className="w-full"
						pending={toGoogle}
						disabled={busy}
						icon={<GoogleIcon />}
					>
						{authCopy.google}
					</SubmitButton>
				</Form>
			</section>
			{tab === 'signin' ? (
				<noscript>
					<section id="recuperar" className="mt-6 rounded-3xl border bg-surface p-6">
						<h2 className="font-semibold">{authCopy.recover.title}</h2>
						<p className="mt-1 mb-4 text-sm text-muted-foreground">{authCopy.recover.text}</p>
						<RecoverForm />
					</section>
				</noscript>
			) : null}
			<p className="mt-6 text-center">
				<a
					href={loaderData.siteUrl}
					className="inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
				>
					<Icon name="arrow-left" className="size-4" />
					{authCopy.backHome}
				</a>
			</p>
		</>
	)
}
