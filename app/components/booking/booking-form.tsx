import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { useEffect, useRef } from 'react'
import { Form, Link } from 'react-router'
import { Icon } from '~/components/ui/icon'
import { demoPage } from '~/content/pages'
import { formatFullDate } from '~/lib/dates'
import { slotValue, withSlotFields, type SlotMonth } from '~/lib/slots'
import { bookingSchema, defaultBookingReason, type BookingInput } from '~/lib/booking-schemas'
import { Field, PrivacyNotice, SubmitButton, TextareaField, usePendingForm, validateOnSubmit } from '../forms'
import { chooseSlotErrors, SlotPicker } from './slot-picker'

export type BookingOutcome =
	| { status: 'success'; message: string; meetUrl: string; fecha: string; hora: string; meetingsUrl: string }
	| {
			status: 'error'
			message: string
			result?: SubmissionResult<string[]>
			/** The slot the post named (`slotValue`), kept to be sent again while the free slots cannot be shown. */
			slot?: string
	  }

type Props = {
	/** Signed in, the account's name and e-mail are the booking's: the form does not ask for them. */
	signedIn: boolean
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
export function BookingForm(props: Props) {
	// Booked: what was booked, in place of the form; booking again is a new visit to the page.
	if (props.outcome?.status === 'success') return <BookingConfirmation outcome={props.outcome} />
	return <BookingFields {...props} />
}

function BookingFields({ signedIn, draft, months, outcome, returnTo }: Props) {
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
					{signedIn ? null : (
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

/** '¡Cita confirmada!' with the day, the hour in Madrid and the meeting's link: the booking as the e-mail will tell it. */
function BookingConfirmation({ outcome }: { outcome: Extract<BookingOutcome, { status: 'success' }> }) {
	const { success } = demoPage
	const box = useRef<HTMLDivElement>(null)
	// The form it replaces was taller: the page would stay scrolled past it. Brought into sight and focused, read out.
	useEffect(() => {
		box.current?.scrollIntoView({ block: 'center' })
		box.current?.focus({ preventScroll: true })
	}, [])
	return (
		<div
			ref={box}
			role="status"
			tabIndex={-1}
			className="flex gap-3 rounded-2xl border border-emerald-500/40 bg-emerald-500/10 p-5 outline-none"
		>
			<Icon name="circle-check" className="mt-0.5 size-5 shrink-0 text-emerald-600 dark:text-emerald-400" />
			<div className="min-w-0 flex-1">
				<p className="font-semibold">{outcome.message}</p>
				<dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
					<dt className="text-muted-foreground">{success.day}</dt>
					<dd className="font-medium">{formatFullDate(outcome.fecha)}</dd>
					<dt className="text-muted-foreground">{success.time}</dt>
					<dd className="font-medium">{success.madridTime(outcome.hora.slice(0, 5))}</dd>
					<dt className="text-muted-foreground">{success.link}</dt>
					<dd className="min-w-0">
						<a href={outcome.meetUrl} target="_blank" rel="noreferrer" className="font-medium text-brand-ink underline">
							{success.join}
						</a>
						<span className="mt-0.5 block truncate text-muted-foreground">{outcome.meetUrl}</span>
					</dd>
				</dl>
				<a href={outcome.meetingsUrl} className="mt-4 inline-flex items-center gap-1.5 text-sm font-medium underline">
					{success.mine}
					<Icon name="arrow-right" className="size-4" />
				</a>
			</div>
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
