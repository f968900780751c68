import { getFormProps, getInputProps, useForm, type FormMetadata, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { useEffect, useRef, type ReactNode } from 'react'
import { Form, useLocation } from 'react-router'
import { useHydrated } from '~/components/hydrated'
import { Field, PrivacyNotice, validateOnSubmit, SubmitButton, usePendingForm } from '~/components/forms'
import { Dialog, DialogContent, DialogTrigger } from '~/components/ui/dialog'
import { authCopy } from '~/content/auth'
import { signInSchema, signUpSchema } from '~/lib/auth-schemas'

type Carried = { fullName: string; email: string } | null

type FormProps = { redirectTo: string; lastResult: SubmissionResult<string[]> | null | undefined }

/** What both tabs share: intent, destination, the backend's message and the busy button. */
function AuthForm<Schema extends Record<string, unknown>>({
	form,
	intent,
	redirectTo,
	submitLabel,
	notice,
	children,
}: {
	form: FormMetadata<Schema, string[]>
	intent: 'signin' | 'signup'
	redirectTo: string
	submitLabel: string
	/** Beside the submit button: the privacy notice of a form that takes personal data. */
	notice?: ReactNode
	children: ReactNode
}) {
	// While anything of the page is on its way every button waits; the one pressed says so.
	const busy = usePendingForm()
	const sent = usePendingForm({ intent })
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
			<SubmitButton size="lg" className="w-full" pending={sent} pendingLabel={authCopy.working} disabled={busy}>
				{submitLabel}
			</SubmitButton>
			{notice}
		</Form>
	)
}

export function SignInForm({ redirectTo, lastResult, email }: FormProps & { email: string }) {
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

export function SignUpForm({ redirectTo, lastResult, carried }: FormProps & { carried: Carried }) {
	const [form, fields] = useForm({
		id: 'signup',
		lastResult,
		defaultValue: { fullName: carried?.fullName ?? '', email: carried?.email ?? '' },
		constraint: getZodConstraint(signUpSchema),
		...validateOnSubmit,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: signUpSchema }),
	})
	return (
		<AuthForm
			form={form}
			intent="signup"
			redirectTo={redirectTo}
			submitLabel={authCopy.signUpButton}
			notice={<PrivacyNotice form="signup" />}
		>
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

export function RecoverForm() {
	const busy = usePendingForm()
	const sent = usePendingForm({ intent: 'recover' })
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
			<SubmitButton className="w-full" pending={sent} disabled={busy}>
				{authCopy.recover.button}
			</SubmitButton>
		</Form>
	)
}

export function RecoverDialog() {
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

export function GoogleIcon() {
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
