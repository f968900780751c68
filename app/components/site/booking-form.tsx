import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { memo } from 'react'
import { Form, useNavigation } from 'react-router'
import { Icon } from '~/components/ui/icon'
import { demoPage } from '~/content/pages'
import { slotValue, withSlotFields } from '~/lib/slots'
import { bookingSchema, defaultBookingReason, type BookingInput } from '~/lib/booking-schemas'
import { cn } from '~/lib/utils'
import { ErrorList, Field, inputClass, validateOnSubmit } from '../forms'
import { Button } from '../ui/button'

export type BookingOutcome =
	| { status: 'success'; message: string; note?: string; meetUrl: string }
	| { status: 'error'; message: string; result?: SubmissionResult<string[]> }

type Props = {
	signedInAs: string | null
	draft: Partial<BookingInput> | null
	months: SlotMonth[]
	outcome: BookingOutcome | undefined
	/** The page whose booking dialog holds the form: a signed-out visitor comes back to it after signing in. */
	returnTo?: string
}

/** A day the form offers, named in Spanish by the server ('lunes, 30 de noviembre'), with its free hours. */
export type SlotDay = { fecha: string; label: string; horas: string[] }
export type SlotMonth = { label: string; days: SlotDay[] }

/**
 * SPEC §2/§5: the days and hours of the booking rules (/admin/ajustes) from now on, free slots only, name and
 * e-mail from the account when signed in.
 */
export function BookingForm({ signedInAs, draft, months, outcome, returnTo }: Props) {
	const navigation = useNavigation()
	const submitting = navigation.state === 'submitting' && navigation.formAction === '/solicitar-demostracion-kia'
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

	return (
		<div className="space-y-6">
			{outcome?.status === 'success' ? (
				<div role="status" className="flex gap-3 rounded-2xl border border-emerald-500/40 bg-emerald-500/10 p-5">
					<Icon name="circle-check" className="mt-0.5 size-5 shrink-0 text-emerald-600 dark:text-emerald-400" />
					<div>
						<p className="font-semibold">{outcome.message}</p>
						{outcome.note ? <p className="mt-1 text-sm">{outcome.note}</p> : null}
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
							inputProps={{ ...getInputProps(fields.email, { type: 'email' }), required: true, autoComplete: 'email' }}
							errors={fields.email.errors}
						/>
					</div>
				)}
				<SlotPicker months={months} chosen={chosen} errorId={fecha.errorId} errors={slotErrors} />
				<div>
					<label htmlFor={fields.motivo.id} className="mb-1.5 block text-sm font-medium">
						{demoPage.form.motivo}
					</label>
					<textarea {...getTextareaProps(fields.motivo)} rows={3} className={cn(inputClass, 'resize-y')} />
					<ErrorList id={fields.motivo.errorId} errors={fields.motivo.errors} />
				</div>
				<Button type="submit" size="lg" disabled={submitting}>
					{submitting ? <Icon name="loader-circle" className="size-4 animate-spin" /> : null}
					{submitting ? demoPage.form.submitting : demoPage.form.submit}
				</Button>
			</Form>
		</div>
	)
}

/** One list for every render, so the slot picker's props stay the same while the form's error does. */
const chooseSlotErrors = [demoPage.form.chooseSlot]

/**
 * The free slots as one group of radio buttons, a day per fieldset: it works without JavaScript, and the
 * keyboard moves through it with the arrows, Tab stopping once. Each radio is its own tile, so the ring of
 * focus is drawn on what has focus.
 *
 * Memoized, and each day too: React 19 writes an `<input>`'s name and value to the DOM again whenever it renders it
 * again, changed or not, and the form renders again at each step of a submission. With the 518 radios of the local
 * booking rules, a booking lost to the network wrote them all five times over: 169 ms of the main thread in
 * React's `updateInput` on a desktop.
 */
const SlotPicker = memo(function SlotPicker({
	months,
	chosen,
	errorId,
	errors,
}: {
	months: SlotMonth[]
	chosen: string
	errorId: string
	errors: string[] | undefined
}) {
	const hintId = `${errorId}-pista`
	return (
		<fieldset className="min-w-0" aria-describedby={errors ? `${hintId} ${errorId}` : hintId}>
			<legend className="text-sm font-medium">{demoPage.form.slot}</legend>
			<p id={hintId} className="mt-1 text-sm text-muted-foreground">
				{demoPage.form.slotHint}
			</p>
			{months.length === 0 ? (
				<p className="mt-3 rounded-2xl border bg-surface-muted p-4 text-sm">{demoPage.form.noSlots}</p>
			) : (
				<div
					className={cn(
						'mt-3 max-h-[min(26rem,55vh)] scroll-pt-12 overflow-y-auto overscroll-contain rounded-2xl border bg-background px-3 pb-3 sm:px-4',
						errors && 'border-danger',
					)}
				>
					{months.map((month) => (
						<div key={month.label}>
							<p className="sticky top-0 z-10 -mx-3 border-b bg-background px-3 py-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase sm:-mx-4 sm:px-4">
								{month.label}
							</p>
							{month.days.map((day) => (
								<SlotDayHours
									key={day.fecha}
									day={day}
									chosenHora={chosenHoraOn(day, chosen)}
									invalid={errors !== undefined}
								/>
							))}
						</div>
					))}
				</div>
			)}
			<ErrorList id={errorId} errors={errors} />
		</fieldset>
	)
})

/** The hour chosen on this day, if the chosen slot is on it: a new choice renders again only the days it leaves and joins. */
function chosenHoraOn(day: SlotDay, chosen: string) {
	return day.horas.find((hora) => slotValue(day.fecha, hora) === chosen)
}

const SlotDayHours = memo(function SlotDayHours({
	day,
	chosenHora,
	invalid,
}: {
	day: SlotDay
	chosenHora: string | undefined
	invalid: boolean
}) {
	return (
		<fieldset className="min-w-0 border-b py-3 last:border-b-0">
			<legend className="float-left mb-2 w-full text-sm font-semibold first-letter:uppercase">{day.label}</legend>
			<div className="clear-left grid grid-cols-4 gap-2 sm:grid-cols-8">
				{day.horas.map((hora) => (
					<label key={hora} className="relative grid h-10 place-items-center text-sm font-medium tabular-nums">
						<input
							type="radio"
							name="slot"
							value={slotValue(day.fecha, hora)}
							required
							defaultChecked={hora === chosenHora}
							aria-invalid={invalid ? true : undefined}
							className="peer absolute inset-0 size-full cursor-pointer appearance-none rounded-lg border border-border bg-surface hover:border-brand checked:border-brand checked:bg-brand"
						/>
						<span className="pointer-events-none relative peer-checked:text-brand-foreground">{hora}</span>
					</label>
				))}
			</div>
		</fieldset>
	)
})
