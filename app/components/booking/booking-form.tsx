import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form, Link } from 'react-router'
import { Icon } from '~/components/ui/icon'
import { demoPage } from '~/content/pages'
import { slotValue, withSlotFields, type SlotMonth } from '~/lib/slots'
import { bookingSchema, defaultBookingReason, type BookingInput } from '~/lib/booking-schemas'
import { Field, PrivacyNotice, SubmitButton, TextareaField, usePendingForm, validateOnSubmit } from '../forms'
import { chooseSlotErrors, SlotPicker } from './slot-picker'

export type BookingOutcome =
	| { status: 'success'; message: string; meetUrl: string }
	| {
			status: 'error'
			message: string
			result?: SubmissionResult<string[]>
			/** The slot the post named (`slotValue`), kept to be sent again while the free slots cannot be shown. */
			slot?: string
	  }

type Props = {
	signedInAs: string | null
	draft: Partial<BookingInput> | null
	/** The free slots; null while they cannot be read, and booking is unavailable. */
	months: SlotMonth[] | null
	outcome: BookingOutcome | undefined
	/** The page whose booking dialog holds the form: a signed-out visitor comes back to it after signing in. */
	returnTo?: string
}

/**
 * The days and hours of the booking rules (/admin/ajustes) from now on, free slots only, name and
 * e-mail from the account when signed in. While the slots cannot be read, it says booking is unavailable; a
 * booking that came back for it keeps everything as typed, the chosen slot too, to be sent again.
 */
export function BookingForm({ signedInAs, draft, months, outcome, returnTo }: Props) {
	const submitting = usePendingForm({ formAction: '/solicitar-demostracion-kia' })
	const [form, fields] = useForm({
		id: 'reserva',
		lastResult: outcome?.status === 'error' ? outcome.result : undefined,
		constraint: getZodConstraint(bookingSchema),
		...validateOnSubmit,
		defaultValue: {
			nombre: draft?.nombre ?? '',
			email: draft?.email ?? '',
			fecha: draft?.fecha ?? '',
			hora: draft?.hora ?? '',
			motivo: draft?.motivo ?? defaultBookingReason,
		},
		onValidate: ({ formData }) => parseWithZod(withSlotFields(formData), { schema: bookingSchema }),
	})
	const { fecha, hora } = fields
	const chosen = fecha.initialValue && hora.initialValue ? slotValue(fecha.initialValue, hora.initialValue) : ''
	const slotErrors = fecha.errors?.length || hora.errors?.length ? chooseSlotErrors : undefined
	const unavailable = months === null
	// What a post that came back names stays as it is while the visitor types (conform's values follow the inputs).
	const carried = (outcome?.status === 'error' && outcome.slot) || chosen

	return (
		<div className="space-y-6">
			{outcome?.status === 'success' ? (
				<div role="status" className="flex gap-3 rounded-2xl border border-emerald-500/40 bg-emerald-500/10 p-5">
					<Icon name="circle-check" className="mt-0.5 size-5 shrink-0 text-emerald-600 dark:text-emerald-400" />
					<div>
						<p className="font-semibold">{outcome.message}</p>
						<a
							href={outcome.meetUrl}
							target="_blank"
							rel="noreferrer"
							className="mt-1 inline-block font-medium text-brand-ink underline"
						>
							{demoPage.success.join}
						</a>
					</div>
				</div>
			) : null}
			{outcome?.status === 'error' ? (
				<div role="alert" className="flex gap-3 rounded-2xl border border-danger/40 bg-danger/5 p-5 text-danger">
					<Icon name="triangle-exclamation-point" className="mt-0.5 size-5 shrink-0" />
					<p>{outcome.message}</p>
				</div>
			) : null}
			{unavailable ? <UnavailableNotice retry={!carried} /> : null}
			{unavailable && !carried ? null : (
				<Form method="post" action="/solicitar-demostracion-kia" className="space-y-5" {...getFormProps(form)}>
					{returnTo ? <input type="hidden" name="volver" value={returnTo} /> : null}
					{signedInAs ? (
						<p className="text-sm text-muted-foreground">{demoPage.form.signedInAs(signedInAs)}</p>
					) : (
						<div className="grid gap-5 sm:grid-cols-2">
							<Field
								label={demoPage.form.nombre}
								inputProps={{ ...getInputProps(fields.nombre, { type: 'text' }), required: true, autoComplete: 'name' }}
								errors={fields.nombre.errors}
							/>
							<Field
								label={demoPage.form.email}
								inputProps={{
									...getInputProps(fields.email, { type: 'email' }),
									required: true,
									autoComplete: 'email',
								}}
								errors={fields.email.errors}
							/>
						</div>
					)}
					{months ? (
						<SlotPicker months={months} chosen={chosen} errorId={fecha.errorId} errors={slotErrors} />
					) : (
						<input type="hidden" name="slot" value={carried} />
					)}
					<TextareaField
						label={demoPage.form.motivo}
						textareaProps={{ ...getTextareaProps(fields.motivo), rows: 3 }}
						errors={fields.motivo.errors}
					/>
					<SubmitButton size="lg" pending={submitting} pendingLabel={demoPage.form.submitting}>
						{demoPage.form.submit}
					</SubmitButton>
					<PrivacyNotice form="booking" />
				</Form>
			)}
		</div>
	)
}

/** Booking unavailable, said plainly; with nothing to send again, a way to look for the slots later. */
function UnavailableNotice({ retry }: { retry: boolean }) {
	return (
		<div className="flex gap-3 rounded-2xl border border-amber-500/40 bg-amber-500/10 p-5">
			<Icon name="triangle-exclamation-point" className="mt-0.5 size-5 shrink-0 text-amber-700 dark:text-amber-300" />
			<div>
				<p>{demoPage.unavailable.text}</p>
				{retry ? (
					<Link to="/solicitar-demostracion-kia" className="mt-2 inline-block font-medium text-brand-ink underline">
						{demoPage.unavailable.retry}
					</Link>
				) : null}
			</div>
		</div>
	)
}
