import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, Form } from 'react-router'
import { guardedUser } from '~/.server/auth/guards'
import { avatarUrl, fullName } from '~/.server/auth/profile'
import { removeProfilePhoto, saveProfileWithPhoto } from '~/.server/auth/avatar'
import { authMessage, authStatus } from '~/.server/auth/messages'
import { readForm, sendsEveryField, serviceUnavailable } from '~/.server/http/responses'
import { checkCurrentPassword, hasPassword, sendPasswordLink, setOwnPassword } from '~/.server/auth/password'
import { getSupabase } from '~/.server/supabase/client'
import type { SessionUser } from '~/.server/auth/session'
import { redirectWithToast, refusalToast, toastHeaders } from '~/.server/http/toast'
import { ErrorList, Field, selectClass, validateOnSubmit, SubmitButton, usePendingForm } from '~/components/forms'
import { BackToDashboard, PageTitle } from '~/components/portal/dashboard-shell'
import { accountCopy } from '~/content/account'
import { incompleteFormMessage } from '~/content/errors'
import type { ToastInput } from '~/lib/toast'
import { splitFullName } from '~/lib/names'
import { formatPhone } from '~/lib/phone'
import { passwordChangeSchema } from '~/lib/auth-schemas'
import { profileFormSchema, profileSchema } from '~/lib/account-schemas'
import { avatarLimits, avatarOfPath } from '~/lib/avatars'
import { PhotoField } from '~/components/portal/photo-field'
import type { Route } from './+types/account'
import type { z } from 'zod'
import { keepFormOnFailure } from '~/components/toaster'
import { routeComponent } from '~/lib/route-component'
import { log } from '~/.server/log'

export const meta: Route.MetaFunction = () => [{ title: `${accountCopy.title} · KIA` }]

export async function loader({ context }: Route.LoaderArgs) {
	const user = guardedUser(context)
	const { data: profile, error } = await getSupabase(context)
		.from('usuarios')
		.select('nombre, apellidos, full_name, prefijo_pais, telefono, preferencia_comunicacion, avatar_url')
		.eq('id', user.id)
		.maybeSingle()
	if (error) log.error({ err: error }, '[account] profile failed')
	return {
		email: user.email ?? '',
		profile,
		name: startingName(user, profile),
		photo: {
			url: avatarUrl(user, profile),
			// Only a photo uploaded here can be taken away here; Google's belongs to the Google account.
			removable: Boolean(profile?.avatar_url && avatarOfPath(profile.avatar_url)),
			initial: fullName(user, profile) || user.email || '',
		},
		loadFailed: Boolean(error),
		hasPassword: hasPassword(user),
	}
}

/** The number as saved (digits only), grouped for reading when it is Spanish; saving takes the spaces out again. */
function nationalPhone(profile: { prefijo_pais: string | null; telefono: string | null } | null) {
	const telefono = profile?.telefono ?? ''
	return (profile?.prefijo_pais ?? '+34') === '+34' ? formatPhone(telefono) : telefono
}

/** Nombre and apellidos as saved; until they are, split from the person's full name. */
function startingName(
	user: SessionUser,
	profile: { nombre: string | null; apellidos: string | null; full_name: string | null } | null,
) {
	if (profile?.nombre || profile?.apellidos) return { nombre: profile.nombre ?? '', apellidos: profile.apellidos ?? '' }
	return splitFullName(fullName(user, profile))
}

export async function action({ request, context }: Route.ActionArgs) {
	const user = guardedUser(context)
	// The profile form carries the photo: more than the 1 MB of every other form (server/body-limit.ts).
	const formData = await readForm(request, avatarLimits.maxRequestBytes)
	const intent = formData.get('intent')

	if (intent === 'password-link') {
		if ((await sendPasswordLink(context, user)) === 'unreachable') throw serviceUnavailable()
		return redirectWithToast('/dashboard/cuenta', { type: 'success', ...accountCopy.password.linkSent })
	}
	if (intent === 'password') return changePassword(context, request, user, formData)
	if (intent === 'photo-remove') return removePhoto(context, user)
	const incomplete = { type: 'error', title: incompleteFormMessage } as const
	if (intent !== 'profile') return refuseProfile(400, null, incomplete)

	const submission = parseWithZod(formData, { schema: profileFormSchema })
	if (!sendsEveryField(formData, profileSchema)) {
		return refuseProfile(400, submission.reply({ formErrors: [incompleteFormMessage] }), incomplete)
	}
	if (submission.status !== 'success') return data({ intent: 'profile', result: submission.reply() }, { status: 400 })
	const { foto, ...profile } = submission.value
	const saved = await saveProfileWithPhoto(context, user, profile, foto)
	if (saved.ok) return redirectWithToast('/dashboard/cuenta', { type: 'success', title: accountCopy.toasts.saved })
	// What is wrong with the photo is said beside it, as any field's error.
	if (saved.field === 'foto')
		return data(
			{ intent: 'profile', result: submission.reply({ fieldErrors: { foto: [saved.message] } }) },
			{ status: 400 },
		)
	return refuseProfile(
		saved.unconfirmed ? 503 : 500,
		submission.reply({ formErrors: [saved.message] }),
		saved.unconfirmed
			? refusalToast(saved)
			: { type: 'error', title: saved.message, description: accountCopy.toasts.tryAgain },
	)
}

/** 'Quitar foto', a form of its own beside the profile's (its button sits by the photo). */
async function removePhoto(context: Route.ActionArgs['context'], user: SessionUser) {
	const removed = await removeProfilePhoto(context, user)
	if (removed.ok)
		return redirectWithToast('/dashboard/cuenta', { type: 'success', title: accountCopy.toasts.photoRemoved })
	return refuseProfile(removed.unconfirmed ? 503 : 500, null, {
		type: 'error',
		title: removed.message,
		description: accountCopy.toasts.tryAgain,
	})
}

/** The profile form's refusal: in the form, when there is one to answer, and in a toast. */
async function refuseProfile(status: number, result: SubmissionResult<string[]> | null, toast: ToastInput) {
	return data({ intent: 'profile', result }, { status, headers: await toastHeaders(toast) })
}

const passwordFields = ['currentPassword', 'password', 'confirm']

/**
 * Mi Cuenta's password form: the current password first (a session left open on a shared computer must not be
 * enough), then the new one. An empty form changes nothing.
 */
async function changePassword(
	context: Route.ActionArgs['context'],
	request: Request,
	user: SessionUser,
	formData: FormData,
) {
	if (passwordFields.every((name) => !formData.get(name))) return data({ intent: 'password', result: null })
	const submission = parseWithZod(formData, { schema: passwordChangeSchema })
	const refuse = async (status: number, message: string, field?: 'currentPassword') =>
		data(
			{
				intent: 'password',
				result: submission.reply({
					...(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }),
					hideFields: passwordFields,
				}),
			},
			{
				status,
				headers: await toastHeaders({ type: 'error', title: accountCopy.toasts.passwordError, description: message }),
			},
		)
	if (submission.status !== 'success')
		return data({ intent: 'password', result: submission.reply({ hideFields: passwordFields }) }, { status: 400 })
	const check = await checkCurrentPassword(context, request, user, submission.value.currentPassword)
	if (check === 'unreachable') throw serviceUnavailable()
	if (check === 'limited') return refuse(429, accountCopy.password.limited)
	if (check === 'wrong') return refuse(400, accountCopy.password.wrongCurrent, 'currentPassword')
	const { error } = await setOwnPassword(context, submission.value.password)
	if (!error)
		return redirectWithToast('/dashboard/cuenta', { type: 'success', title: accountCopy.toasts.passwordSaved })
	return refuse(authStatus(error), authMessage(error))
}

/** A submission the network or the server dropped keeps the form as typed (keepFormOnFailure). */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
	return keepFormOnFailure(request, serverAction, ({ result, formData }) => ({
		intent: String(formData.get('intent') ?? 'profile'),
		result,
	}))
}

export default routeComponent(Account)

const photoRemoveForm = 'quitar-foto'

function Account({ loaderData, actionData }: Route.ComponentProps) {
	const saving = usePendingForm({ intent: 'profile' })
	const changing = usePendingForm({ intent: 'password' })
	const linking = usePendingForm({ intent: 'password-link' })
	const removingPhoto = usePendingForm({ intent: 'photo-remove' })
	const profile = loaderData.profile
	const [form, fields] = useForm({
		id: 'perfil',
		lastResult: actionData?.intent === 'profile' ? actionData.result : undefined,
		constraint: getZodConstraint(profileFormSchema),
		...validateOnSubmit,
		defaultValue: {
			nombre: loaderData.name.nombre,
			apellidos: loaderData.name.apellidos,
			prefijo_pais: profile?.prefijo_pais ?? '+34',
			telefono: nationalPhone(profile),
			preferencia_comunicacion: profile?.preferencia_comunicacion ?? 'email',
		},
		onValidate: ({ formData }) => parseWithZod(formData, { schema: profileFormSchema }),
	})
	const [passwordForm, passwordFields] = useForm<z.input<typeof passwordChangeSchema>>({
		id: 'contrasena',
		lastResult: actionData?.intent === 'password' ? actionData.result : undefined,
		constraint: getZodConstraint(passwordChangeSchema),
		shouldValidate: 'onSubmit',
	})
	return (
		<>
			<BackToDashboard />
			<PageTitle title={accountCopy.title} />
			{loaderData.loadFailed ? (
				<p role="alert" className="mb-6 rounded-xl border border-danger/40 p-4 text-sm text-danger">
					{accountCopy.loadError}
				</p>
			) : null}
			<div className="grid gap-8 lg:grid-cols-[1.5fr_1fr]">
				<section className="rounded-2xl border bg-surface p-6 sm:p-8" aria-labelledby="perfil-titulo">
					<h2 id="perfil-titulo" className="mb-6 text-lg font-semibold">
						{accountCopy.profileHeading}
					</h2>
					<Form method="post" encType="multipart/form-data" className="space-y-5" {...getFormProps(form)}>
						<input type="hidden" name="intent" value="profile" />
						{/* Keyed by the saved photo: once saved, the chosen file and its preview give way to it. */}
						<PhotoField
							key={loaderData.photo.url}
							field={fields.foto}
							photo={loaderData.photo}
							removeForm={loaderData.photo.removable ? photoRemoveForm : undefined}
							removing={removingPhoto}
						/>
						<Field
							label={accountCopy.fields.email}
							inputProps={{
								id: 'email',
								type: 'email',
								value: loaderData.email,
								readOnly: true,
								'aria-readonly': true,
							}}
						/>
						<div className="grid gap-5 sm:grid-cols-2">
							<Field
								label={accountCopy.fields.nombre}
								inputProps={{ ...getInputProps(fields.nombre, { type: 'text' }), autoComplete: 'given-name' }}
								errors={fields.nombre.errors}
							/>
							<Field
								label={accountCopy.fields.apellidos}
								inputProps={{ ...getInputProps(fields.apellidos, { type: 'text' }), autoComplete: 'family-name' }}
								errors={fields.apellidos.errors}
							/>
						</div>
						<div className="grid gap-5 sm:grid-cols-[8rem_1fr]">
							<Field
								label={accountCopy.fields.prefijo}
								inputProps={{
									...getInputProps(fields.prefijo_pais, { type: 'text' }),
									autoComplete: 'tel-country-code',
								}}
								errors={fields.prefijo_pais.errors}
							/>
							<Field
								label={accountCopy.fields.telefono}
								inputProps={{ ...getInputProps(fields.telefono, { type: 'tel' }), autoComplete: 'tel-national' }}
								errors={fields.telefono.errors}
							/>
						</div>
						<div>
							<label htmlFor={fields.preferencia_comunicacion.id} className="mb-1.5 block text-sm font-medium">
								{accountCopy.fields.preferencia}
							</label>
							<select {...getSelectProps(fields.preferencia_comunicacion)} className={selectClass}>
								{accountCopy.preferences.map((option) => (
									<option key={option.value} value={option.value}>
										{option.label}
									</option>
								))}
							</select>
							<ErrorList id={fields.preferencia_comunicacion.errorId} errors={fields.preferencia_comunicacion.errors} />
						</div>
						<ErrorList id={form.errorId} errors={form.errors} />
						<SubmitButton pending={saving}>{accountCopy.save}</SubmitButton>
					</Form>
					{/* Not inside the profile's form, which a form cannot be; 'Quitar foto' above names it. */}
					<Form method="post" id={photoRemoveForm} hidden>
						<input type="hidden" name="intent" value="photo-remove" />
					</Form>
				</section>
				<section className="h-fit rounded-2xl border bg-surface p-6 sm:p-8" aria-labelledby="contrasena-titulo">
					<h2 id="contrasena-titulo" className="mb-6 text-lg font-semibold">
						{accountCopy.passwordHeading}
					</h2>
					{loaderData.hasPassword ? (
						<>
							<Form method="post" className="space-y-5" {...getFormProps(passwordForm)} noValidate>
								<input type="hidden" name="intent" value="password" />
								<Field
									label={accountCopy.fields.currentPassword}
									inputProps={{
										...getInputProps(passwordFields.currentPassword, { type: 'password' }),
										required: false,
										autoComplete: 'current-password',
									}}
									errors={passwordFields.currentPassword.errors}
								/>
								<Field
									label={accountCopy.fields.newPassword}
									inputProps={{
										...getInputProps(passwordFields.password, { type: 'password' }),
										required: false,
										autoComplete: 'new-password',
									}}
									errors={passwordFields.password.errors}
								/>
								<Field
									label={accountCopy.fields.confirm}
									inputProps={{
										...getInputProps(passwordFields.confirm, { type: 'password' }),
										required: false,
										autoComplete: 'new-password',
									}}
									errors={passwordFields.confirm.errors}
								/>
								<p className="text-sm text-muted-foreground">{accountCopy.password.otherSessions}</p>
								<ErrorList id={passwordForm.errorId} errors={passwordForm.errors} />
								<SubmitButton variant="secondary" pending={changing}>
									{accountCopy.changePassword}
								</SubmitButton>
							</Form>
							<Form method="post" className="mt-6 border-t pt-5 text-sm">
								<input type="hidden" name="intent" value="password-link" />
								<p className="text-muted-foreground">{accountCopy.password.forgot}</p>
								<button
									type="submit"
									disabled={linking}
									className="mt-1 font-medium text-brand-ink underline-offset-4 hover:underline"
								>
									{accountCopy.password.sendLink}
								</button>
							</Form>
						</>
					) : (
						<Form method="post" className="space-y-5">
							<input type="hidden" name="intent" value="password-link" />
							<p className="text-sm text-muted-foreground">{accountCopy.password.googleOnly}</p>
							<SubmitButton variant="secondary" pending={linking}>
								{accountCopy.password.sendLinkButton}
							</SubmitButton>
						</Form>
					)}
				</section>
			</div>
		</>
	)
}
