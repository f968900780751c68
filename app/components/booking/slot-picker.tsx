import { memo } from 'react'
import { demoPage } from '~/content/pages'
import { slotValue, type SlotDay, type SlotMonth } from '~/lib/slots'
import { cn } from '~/lib/utils'
import { ErrorList } from '../forms'

/** One list for every render, so the slot picker's props stay the same while the form's error does. */
export const chooseSlotErrors = [demoPage.form.chooseSlot]

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
export const SlotPicker = memo(function SlotPicker({
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
