import { getFormProps, getInputProps, useForm, type FormMetadata, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { useEffect, useRef, type ReactNode } from 'react'
import { data, Form, Link, redirect, useLocation, useNavigation, useSearchParams } from 'react-router'
import { useHydrated } from '~/components/hydrated'
import { isCheckoutReturn, redirectTarget } from '~/.server/auth/return-urls'
import { authMessage, authStatus, isEmailSendRefusal } from '~/.server/auth/messages'
import { readBookingDraft } from '~/.server/booking/draft'
import { readCheckoutDraft } from '~/.server/billing/checkout-draft'
import { getPublicEnv } from '~/.server/env'
import { readForm } from '~/.server/http/responses'
import { isAuthRateLimited, reserveSignIn } from '~/.server/security/rate-limit'
import { knownDevice, rememberDevice } from '~/.server/auth/sign-in-device'
import { inFixedTime, risingFloor } from '~/.server/security/steady-timing'
import { getSupabase } from '~/.server/supabase/client'
import { getOptionalUser, requireAuthService } from '~/.server/auth/session'
import { redirectWithToast, toastHeaders } from '~/.server/http/toast'
import { Field, validateOnSubmit } from '~/components/forms'
import { notify } from '~/components/toaster'
import { Button } from '~/components/ui/button'
import { Dialog, DialogContent, DialogTrigger } from '~/components/ui/dialog'
import { Icon } from '~/components/ui/icon'
import { authCopy } from '~/content/auth'
import { periodLabels, planById } from '~/content/plans'
import { emailField } from '~/lib/schemas'
import { signInSchema, signUpSchema } from '~/lib/auth-schemas'
import { cn } from '~/lib/utils'
import type { Route } from './+types/auth'
import { keepFormOnFailure } from '~/components/toaster'
import { routeComponent } from '~/lib/route-component'
import { log } from '~/.server/log'
import { isAuthRetryableFetchError } from '@supabase/supabase-js'

// The portal's front door is public, so it may be found by searching for it (robots.txt lets in /auth
// alone); what lies behind it, and the sign-in page with a query (a tab, a redirect), stays unindexed.
export const meta: Route.MetaFunction = () => [
	{ title: authCopy.title },
	{ name: 'description', content: authCopy.description },
]

type Tab = 'signin' | 'signup'

/**
 * Answer times that say nothing of whether an account exists (decision 014): a failed sign-in is answered
 * no sooner than the slowest failed sign-in of the last minute (at least 400 ms, Auth's check of a known
 * account's password included), and a recovery request in the time a
 * recovery e-mail takes to send.
 */
const failedSignIn = risingFloor(400, 3000)
const recoveryAnswerMs = 800

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
	// Someone coming from the booking form signs up first (SPEC §4), with what they typed.
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

function callbackUrl(next: string) {
	return `${getPublicEnv().PORTAL_URL}/auth/callback?${new URLSearchParams({ next })}`
}

/** A refused sign-in or sign-up: the message under the form and in a toast, the password not sent back. */
async function formFailure(
	intent: 'signin' | 'signup',
	submission: { reply: (options: { formErrors: string[]; hideFields: string[] }) => SubmissionResult<string[]> },
	message: string,
	status: number,
) {
	const title = intent === 'signin' ? authCopy.toasts.signInError : authCopy.toasts.signUpError
	return data(
		{ intent, result: submission.reply({ formErrors: [message], hideFields: ['password'] }) },
		{ status, headers: await toastHeaders({ type: 'error', title, description: message }) },
	)
}

export async function action({ request, context }: Route.ActionArgs) {
	const formData = await readForm(request)
	const intent = formData.get('intent')
	const supabase = getSupabase(context)
	const redirectTo = redirectTarget(formData.get('redirectTo'))

	if (intent === 'signin') {
		const submission = parseWithZod(formData, { schema: signInSchema })
		if (submission.status !== 'success')
			return data({ intent, result: submission.reply({ hideFields: ['password'] }) }, { status: 400 })
		const { email, password } = submission.value
		const attempt = await reserveSignIn(context, email, await knownDevice(request, email))
		if (!attempt) return formFailure(intent, submission, authCopy.limited.signin, 429)
		const started = performance.now()
		const { error } = await supabase.auth.signInWithPassword({ email, password })
		await attempt.settle(error?.code === 'invalid_credentials')
		if (error) {
			// Auth answers an unknown address at once and a known one after checking its password.
			await failedSignIn.wait(started)
			return formFailure(intent, submission, authMessage(error), authStatus(error))
		}
		throw redirect(redirectTo, { headers: { 'Set-Cookie': await rememberDevice(request, email) } })
	}

	if (intent === 'signup') {
		const submission = parseWithZod(formData, { schema: signUpSchema })
		if (submission.status !== 'success')
			return data({ intent, result: submission.reply({ hideFields: ['password'] }) }, { status: 400 })
		const { fullName, email, password } = submission.value
		if (await isAuthRateLimited(context, 'signup', email))
			return formFailure(intent, submission, authCopy.limited.signup, 429)
		const { data: signUp, error } = await supabase.auth.signUp({
			email,
			password,
			options: { data: { full_name: fullName }, emailRedirectTo: callbackUrl(redirectTo) },
		})
		// Auth sends one confirmation an address a minute (max_frequency), and refuses only an address it has
		// already mailed: that refusal answered as a sign-up, or it would tell registered addresses apart.
		if (error && !isEmailSendRefusal(error))
			return formFailure(intent, submission, authMessage(error), authStatus(error))
		if (error) log.info({ reason: error.code }, '[auth] sign-up e-mail refused by Auth; answered as sent')
		if (signUp.session) throw redirect(redirectTo)
		// Signing in on this page later (once the e-mail is confirmed, on another device say) goes on where
		// the sign-up was going: back to the booking of the hand-off, its draft still in this browser.
		const signInPage = `/auth?${new URLSearchParams({ tab: 'signin', email, redirectTo })}`
		// Supabase answers an already-registered address with a user that has no identities.
		if (signUp.user && signUp.user.identities?.length === 0) {
			return redirectWithToast(signInPage, { type: 'warning', ...authCopy.toasts.alreadyRegistered })
		}
		return redirectWithToast(signInPage, { type: 'success', ...authCopy.toasts.registered })
	}

	if (intent === 'recover') {
		const email = formData.get('email')
		if (email === null || (typeof email === 'string' && email.trim() === '')) {
			return data(
				{ intent, result: null },
				{ headers: await toastHeaders({ type: 'error', ...authCopy.toasts.emailRequired }) },
			)
		}
		// Anything else that is not an e-mail (a file included) gets the same message as a typo.
		const parsed = emailField.safeParse(email)
		if (!parsed.success) {
			return data(
				{ intent, result: null },
				{
					headers: await toastHeaders({
						type: 'error',
						title: authCopy.toasts.resetError,
						description: 'Introduce un email válido.',
					}),
				},
			)
		}
		if (await isAuthRateLimited(context, 'recover', parsed.data)) {
			return data(
				{ intent, result: null },
				{
					status: 429,
					headers: await toastHeaders({
						type: 'error',
						title: authCopy.toasts.resetError,
						description: authCopy.limited.recover,
					}),
				},
			)
		}
		// Auth sends the e-mail before it answers for a known address, and answers at once for an unknown one.
		const { error } = await inFixedTime(
			supabase.auth.resetPasswordForEmail(parsed.data, { redirectTo: callbackUrl('/auth/nueva-contrasena') }),
			recoveryAnswerMs,
			{ data: {}, error: null },
		)
		// Only an outage is said: any refusal (an address mailed less than a minute ago, Auth's own limits) gets the
		// answer an unknown address gets, or a second request would tell who has an account.
		if (error && isAuthRetryableFetchError(error)) {
			return data(
				{ intent, result: null },
				{
					status: 503,
					headers: await toastHeaders({
						type: 'error',
						title: authCopy.toasts.resetError,
						description: authMessage(error),
					}),
				},
			)
		}
		if (error) log.info({ reason: error.code ?? error.message }, '[auth] recovery refused by Auth; answered as sent')
		return redirectWithToast('/auth', { type: 'success', ...authCopy.toasts.resetSent })
	}

	if (intent === 'google') {
		const { data: oauth, error } = await supabase.auth.signInWithOAuth({
			provider: 'google',
			options: { redirectTo: callbackUrl(redirectTo), skipBrowserRedirect: true },
		})
		if (error || !oauth.url) {
			return data(
				{ intent, result: null },
				{
					headers: await toastHeaders({
						type: 'error',
						title: authCopy.toasts.googleError,
						description: error ? authMessage(error) : '',
					}),
				},
			)
		}
		throw redirect(oauth.url)
	}

	return data({ intent: null, result: null }, { status: 400 })
}

function useBusy() {
	const navigation = useNavigation()
	return navigation.state !== 'idle'
}

type Carried = { fullName: string; email: string } | null

type FormProps = { redirectTo: string; lastResult: SubmissionResult<string[]> | null | undefined }

/** What both tabs share: intent, destination, the backend's message and the busy button. */
function AuthForm<Schema extends Record<string, unknown>>({
	form,
	intent,
	redirectTo,
	submitLabel,
	children,
}: {
	form: FormMetadata<Schema, string[]>
	intent: 'signin' | 'signup'
	redirectTo: string
	submitLabel: string
	children: ReactNode
}) {
	const busy = useBusy()
	return (
		<Form method="post" className="space-y-4" {...getFormProps(form)}>
			<input type="hidden" name="intent" value={intent} />
			<input type="hidden" name="redirectTo" value={redirectTo} />
			{children}
			{form.errors?.length ? (
				<p role="alert" className="text-sm text-danger">
					{form.errors[0]}
				</p>
			) : null}
			<Button type="submit" size="lg" className="w-full" disabled={busy}>
				{busy ? authCopy.working : submitLabel}
			</Button>
		</Form>
	)
}

function SignInForm({ redirectTo, lastResult, email }: FormProps & { email: string }) {
	const [form, fields] = useForm({
		id: 'signin',
		lastResult,
		defaultValue: { email },
		constraint: getZodConstraint(signInSchema),
		...validateOnSubmit,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: signInSchema }),
	})
	return (
		<AuthForm form={form} intent="signin" redirectTo={redirectTo} submitLabel={authCopy.signInButton}>
			<Field
				label={authCopy.email}
				inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
				errors={fields.email.errors}
			/>
			<Field
				label={authCopy.password}
				inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'current-password' }}
				errors={fields.password.errors}
			/>
		</AuthForm>
	)
}

function SignUpForm({ redirectTo, lastResult, carried }: FormProps & { carried: Carried }) {
	const [form, fields] = useForm({
		id: 'signup',
		lastResult,
		defaultValue: { fullName: carried?.fullName ?? '', email: carried?.email ?? '' },
		constraint: getZodConstraint(signUpSchema),
		...validateOnSubmit,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: signUpSchema }),
	})
	return (
		<AuthForm form={form} intent="signup" redirectTo={redirectTo} submitLabel={authCopy.signUpButton}>
			<Field
				label={authCopy.fullName}
				inputProps={{ ...getInputProps(fields.fullName, { type: 'text' }), autoComplete: 'name' }}
				errors={fields.fullName.errors}
			/>
			<Field
				label={authCopy.email}
				inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
				errors={fields.email.errors}
			/>
			<Field
				label={authCopy.password}
				inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'new-password' }}
				errors={fields.password.errors}
			/>
		</AuthForm>
	)
}

function RecoverForm() {
	const busy = useBusy()
	const form = useRef<HTMLFormElement>(null)
	// A sent link ends in a redirect (a new location); a refused one answers in place and keeps the address.
	const { key } = useLocation()
	useEffect(() => form.current?.reset(), [key])
	return (
		<Form ref={form} method="post" className="space-y-4">
			<input type="hidden" name="intent" value="recover" />
			<Field
				label={authCopy.email}
				inputProps={{ name: 'email', type: 'email', autoComplete: 'email', id: 'recover-email' }}
			/>
			<Button type="submit" className="w-full" disabled={busy}>
				{authCopy.recover.button}
			</Button>
		</Form>
	)
}

function RecoverDialog() {
	const hydrated = useHydrated()
	const linkClass = 'text-sm font-medium text-brand-ink hover:underline'
	if (!hydrated) {
		return (
			<a href="#recuperar" className={linkClass}>
				{authCopy.forgot}
			</a>
		)
	}
	return (
		<Dialog>
			<DialogTrigger className={linkClass}>{authCopy.forgot}</DialogTrigger>
			<DialogContent title={authCopy.recover.title} description={authCopy.recover.text}>
				<RecoverForm />
			</DialogContent>
		</Dialog>
	)
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
	const busy = useBusy()
	const { tab, redirectTo } = loaderData
	const tabHref = (value: Tab) => {
		const params = new URLSearchParams(searchParams)
		params.set('tab', value)
		params.delete('error')
		// SPEC §4: switching tabs clears what was typed, the address given in the link included.
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
					<Button type="submit" variant="secondary" size="lg" className="w-full" disabled={busy}>
						<GoogleIcon />
						{authCopy.google}
					</Button>
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

function GoogleIcon() {
	return (
		<svg aria-hidden viewBox="0 0 24 24" className="size-4">
			<path
				fill="#4285F4"
				d="M22.6 12.3c0-.8-.1-1.5-.2-2.3H12v4.3h6a5.1 5.1 0 0 1-2.2 3.4v2.8h3.6c2.1-2 3.2-4.8 3.2-8.2z"
			/>
			<path
				fill="#34A853"
				d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.8c-1 .7-2.2 1.1-3.7 1.1-2.9 0-5.3-1.9-6.2-4.5H2.1v2.9A11 11 0 0 0 12 23z"
			/>
			<path fill="#FBBC05" d="M5.8 14.1a6.6 6.6 0 0 1 0-4.2V7H2.1a11 11 0 0 0 0 9.9l3.7-2.8z" />
			<path fill="#EA4335" d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.2-3.2A11 11 0 0 0 2.1 7l3.7 2.9C6.7 7.3 9.1 5.4 12 5.4z" />
		</svg>
	)
}
