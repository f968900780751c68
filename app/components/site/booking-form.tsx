import {
	getFormProps,
	getInputProps,
	getSelectProps,
	getTextareaProps,
	useForm,
	type SubmissionResult,
} from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { CircleCheck, LoaderCircle, TriangleAlert } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Form, useNavigation } from 'react-router'
import { demoPage } from '~/content/pages'
import { freeHours, isBookableDay, isWeekend, type BookingRules, type BookingWindow } from '~/lib/slots'
import { bookingSchema, defaultBookingReason, type BookingInput } from '~/lib/schemas'
import { cn } from '~/lib/utils'
import { ErrorList, Field, inputClass } from '../forms'
import { notify } from '../toaster'
import { Button } from '../ui/button'

export type BookingOutcome =
	| { status: 'success'; message: string; note?: string; meetUrl: string }
	| { status: 'error'; message: string; result?: SubmissionResult<string[]> }

type Props = {
	signedInAs: string | null
	draft: Partial<BookingInput> | null
	taken: Record<string, string[]>
	rules: BookingRules
	window: BookingWindow
	outcome: BookingOutcome | undefined
}

/**
 * SPEC §2/§5: the days and hours of the booking rules (/admin/ajustes) from now on, free slots only, name and
 * e-mail from the account when signed in.
 */
export function BookingForm({ signedInAs, draft, taken, rules, window, outcome }: Props) {
	const navigation = useNavigation()
	const submitting = navigation.state === 'submitting' && navigation.formAction === '/solicitar-demostracion-kia'
	const [fecha, setFecha] = useState(draft?.fecha ?? '')
	const fechaInput = useRef<HTMLInputElement>(null)
	// The date input is uncontrolled, so a date picked before the page hydrated stays in it; the free
	// times then follow it.
	useEffect(() => {
		if (fechaInput.current?.value) setFecha(fechaInput.current.value)
	}, [])
	const [form, fields] = useForm({
		id: 'reserva',
		lastResult: outcome?.status === 'error' ? outcome.result : undefined,
		constraint: getZodConstraint(bookingSchema),
		shouldValidate: 'onBlur',
		defaultValue: {
			nombre: draft?.nombre ?? '',
			email: draft?.email ?? '',
			hora: draft?.hora ?? '',
			motivo: draft?.motivo ?? defaultBookingReason,
		},
		onValidate: ({ formData }) => parseWithZod(formData, { schema: bookingSchema }),
	})
	// No date yet (or no JavaScript to follow it): every hour of the rules; the server checks the one sent.
	const free = fecha ? freeHours(rules, window, fecha, taken[fecha]) : rules.horas

	return (
		<div className="space-y-6">
			{outcome?.status === 'success' ? (
				<div role="status" className="flex gap-3 rounded-2xl border border-emerald-500/40 bg-emerald-500/10 p-5">
					<CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-emerald-600 dark:text-emerald-400" />
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
					<TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
					<p>{outcome.message}</p>
				</div>
			) : null}
			<Form method="post" action="/solicitar-demostracion-kia" className="space-y-5" {...getFormProps(form)}>
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
				<div className="grid gap-5 sm:grid-cols-2">
					<Field
						label={demoPage.form.fecha}
						inputProps={{
							...getInputProps(fields.fecha, { type: 'date' }),
							ref: fechaInput,
							defaultValue: draft?.fecha ?? '',
							min: window.earliest.fecha,
							max: window.last,
							onChange: (event) => {
								const value = event.currentTarget.value
								// Typed by keyboard, the year arrives digit by digit (0002, 0020, 0202, 2029): only a date
								// from today on is a choice to judge, else typing a weekday could clear it half-way.
								if (value && value >= window.earliest.fecha && !isBookableDay(rules, value)) {
									const refusal = isWeekend(value) ? demoPage.weekend : demoPage.closedDay
									notify({ id: 'fecha-no-valida', type: 'error', ...refusal })
									event.currentTarget.value = ''
									setFecha('')
									return
								}
								setFecha(value)
							},
						}}
						errors={fields.fecha.errors}
					/>
					<div>
						<label htmlFor={fields.hora.id} className="mb-1.5 block text-sm font-medium">
							{demoPage.form.hora}
						</label>
						<select {...getSelectProps(fields.hora)} className={inputClass}>
							<option value="">{fecha && free.length === 0 ? demoPage.form.noTimes : demoPage.form.chooseTime}</option>
							{free.map((slot) => (
								<option key={slot} value={slot}>
									{slot}
								</option>
							))}
						</select>
						<ErrorList id={fields.hora.errorId} errors={fields.hora.errors} />
					</div>
				</div>
				<div>
					<label htmlFor={fields.motivo.id} className="mb-1.5 block text-sm font-medium">
						{demoPage.form.motivo}
					</label>
					<textarea {...getTextareaProps(fields.motivo)} rows={3} className={cn(inputClass, 'resize-y')} />
					<ErrorList id={fields.motivo.errorId} errors={fields.motivo.errors} />
				</div>
				<Button type="submit" size="lg" disabled={submitting}>
					{submitting ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : null}
					{submitting ? demoPage.form.submitting : demoPage.form.submit}
				</Button>
			</Form>
		</div>
	)
}
