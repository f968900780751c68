import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link } from 'react-router'
import { requireUser } from '~/.server/auth/guards'
import { authMessage } from '~/.server/auth/messages'
import { readForm } from '~/.server/http/responses'
import { isFreshFromEmailLink, setOwnPassword } from '~/.server/auth/password'
import { redirectWithToast, toastHeaders } from '~/.server/http/toast'
import { ErrorList, Field, validateOnSubmit, SubmitButton, usePendingForm } from '~/components/forms'
import { Button } from '~/components/ui/button'
import { authCopy } from '~/content/auth'
import { newPasswordSchema } from '~/lib/auth-schemas'
import type { Route } from './+types/new-password'
import { keepFormOnFailure } from '~/components/toaster'
import { routeComponent } from '~/lib/route-component'

export const meta: Route.MetaFunction = () => [
	{ title: `${authCopy.newPassword.title} · KIA` },
	{ name: 'robots', content: 'noindex' },
]

export async function loader({ request, context }: Route.LoaderArgs) {
	await requireUser(context, request)
	return { fresh: await isFreshFromEmailLink(context, request) }
}

export async function action({ request, context }: Route.ActionArgs) {
	await requireUser(context, request)
	// The e-mail link is this page's proof that the account's owner is here; a session without it proves nothing.
	if (!(await isFreshFromEmailLink(context, request))) throw data(authCopy.newPassword.expired.title, { status: 403 })
	const submission = parseWithZod(await readForm(request), { schema: newPasswordSchema })
	if (submission.status !== 'success')
		return data({ result: submission.reply({ hideFields: ['password', 'confirm'] }) }, { status: 400 })
	const { error } = await setOwnPassword(context, submission.value.password)
	if (error) {
		const message = authMessage(error)
		return data(
			{ result: submission.reply({ formErrors: [message], hideFields: ['password', 'confirm'] }) },
			{
				status: 400,
				headers: await toastHeaders({ type: 'error', title: authCopy.toasts.passwordError, description: message }),
			},
		)
	}
	return redirectWithToast('/dashboard', { type: 'success', title: authCopy.toasts.passwordUpdated })
}

/** A submission the network or the server dropped keeps the form as typed (keepFormOnFailure). */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
	return keepFormOnFailure(request, serverAction, ({ result }) => ({ result }))
}

export default routeComponent(NewPassword)

function NewPassword({ loaderData, actionData }: Route.ComponentProps) {
	if (!loaderData.fresh) return <LinkExpired />
	return <NewPasswordForm lastResult={actionData?.result} />
}

function LinkExpired() {
	const { expired } = authCopy.newPassword
	return (
		<section className="rounded-3xl border bg-surface p-8 shadow-xl">
			<h1 className="text-2xl font-bold tracking-tight">{expired.title}</h1>
			<p className="mt-3 text-muted-foreground">{expired.text}</p>
			<Button asChild size="lg" className="mt-6 w-full">
				<Link to="/dashboard/cuenta">{expired.account}</Link>
			</Button>
		</section>
	)
}

function NewPasswordForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
	const pending = usePendingForm()
	const [form, fields] = useForm({
		id: 'nueva-contrasena',
		lastResult,
		constraint: getZodConstraint(newPasswordSchema),
		...validateOnSubmit,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: newPasswordSchema }),
	})
	return (
		<section className="rounded-3xl border bg-surface p-8 shadow-xl">
			<h1 className="mb-6 text-2xl font-bold tracking-tight">{authCopy.newPassword.title}</h1>
			<Form method="post" className="space-y-4" {...getFormProps(form)}>
				<Field
					label={authCopy.newPassword.password}
					inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'new-password' }}
					errors={fields.password.errors}
				/>
				<Field
					label={authCopy.newPassword.confirm}
					inputProps={{ ...getInputProps(fields.confirm, { type: 'password' }), autoComplete: 'new-password' }}
					errors={fields.confirm.errors}
				/>
				<ErrorList id={form.errorId} errors={form.errors} />
				<SubmitButton size="lg" className="w-full" pending={pending}>
					{authCopy.newPassword.button}
				</SubmitButton>
			</Form>
		</section>
	)
}
