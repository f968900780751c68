import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { authMessage, authStatus, isEmailSendRefusal } from '~/.server/auth/messages'
import { getPublicEnv } from '~/.server/env'
import { isAuthRateLimited, reserveSignIn } from '~/.server/security/rate-limit'
import { knownDevice, rememberDevice } from '~/.server/auth/sign-in-device'
import { inFixedTime, risingFloor } from '~/.server/security/steady-timing'
import { getSupabase } from '~/.server/supabase/client'
import { redirectWithToast, toastHeaders } from '~/.server/http/toast'
import { authCopy } from '~/content/auth'
import { emailField } from '~/lib/schemas'
import { signInSchema, signUpSchema } from '~/lib/auth-schemas'
import { log } from '~/.server/log'
import { isAuthRetryableFetchError } from '@supabase/supabase-js'

/**
 * Answer times that say nothing of whether an account exists (decision 014): a failed sign-in is answered
 * no sooner than the slowest failed sign-in of the last minute (at least 400 ms, Auth's check of a known
 * account's password included), and a recovery request in the time a
 * recovery e-mail takes to send.
 */
const failedSignIn = risingFloor(400, 3000)

const recoveryAnswerMs = 800

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

type Context = Readonly<RouterContextProvider>

/** 'Iniciar Sesión': the password, counted against the sign-in limits, answered in a time that says nothing. */
async function signIn(context: Context, request: Request, formData: FormData, redirectTo: string) {
	const intent = 'signin'
	const supabase = getSupabase(context)
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

/** 'Registrarse': the account, confirmed by the e-mail Auth sends, and back to where the visitor was going. */
async function signUp(context: Context, request: Request, formData: FormData, redirectTo: string) {
	const intent = 'signup'
	const supabase = getSupabase(context)
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
	if (error && !isEmailSendRefusal(error)) return formFailure(intent, submission, authMessage(error), authStatus(error))
	if (error) log.info({ reason: error.code }, '[auth] sign-up e-mail refused by Auth; answered as sent')
	if (signUp.session) throw redirect(redirectTo)
	// Signing in on this page later (once the e-mail is confirmed, on another device say) goes on where
	// the sign-up was going: back to the booking draft, its draft still in this browser.
	const signInPage = `/auth?${new URLSearchParams({ tab: 'signin', email, redirectTo })}`
	// Supabase answers an already-registered address with a user that has no identities.
	if (signUp.user && signUp.user.identities?.length === 0) {
		return redirectWithToast(signInPage, { type: 'warning', ...authCopy.toasts.alreadyRegistered })
	}
	return redirectWithToast(signInPage, { type: 'success', ...authCopy.toasts.registered })
}

/** The recovery dialog's e-mail: the same answer whoever has an account, in the time a known one takes. */
async function recover(context: Context, _request: Request, formData: FormData) {
	const intent = 'recover'
	const supabase = getSupabase(context)
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

/** 'Continuar con Google': to Google through Supabase Auth, back to our callback. */
async function continueWithGoogle(context: Context, request: Request, formData: FormData, redirectTo: string) {
	const intent = 'google'
	const supabase = getSupabase(context)
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

export const intents = { signin: signIn, signup: signUp, recover, google: continueWithGoogle }

export const isIntent = (value: FormDataEntryValue | null): value is keyof typeof intents =>
	typeof value === 'string' && Object.hasOwn(intents, value)
