import { useId, type ComponentProps } from 'react'
import { cn } from '~/lib/utils'

/**
 * When a form's own checks run in the browser (conform's `useForm`): first when it is sent, then on every keystroke in
 * a field. Never when a field is left: an error shown then pushes down what is under the field between the press of
 * the pointer on it and the release, and the click is lost (a slot of the booking form picked right after a wrong
 * e-mail stayed unchecked).
 */
export const validateOnSubmit = { shouldValidate: 'onSubmit', shouldRevalidate: 'onInput' } as const

export type ListOfErrors = (string | null | undefined)[] | null | undefined

export function ErrorList({ id, errors }: { id?: string; errors?: ListOfErrors }) {
	const shown = errors?.filter(Boolean)
	if (!shown?.length) return null
	return (
		<ul id={id} className="mt-1.5 space-y-1 text-sm text-danger">
			{shown.map((error) => (
				<li key={error}>{error}</li>
			))}
		</ul>
	)
}

const fieldClass =
	'block w-full rounded-xl border bg-background py-2.5 text-sm text-foreground placeholder:text-muted-foreground/80 [&[readonly]]:bg-surface-muted [&[readonly]]:text-muted-foreground focus-visible:border-ring aria-[invalid=true]:border-danger'

export const inputClass = `${fieldClass} px-4`

/**
 * A native select keeps the platform's picker (a phone's wheel, the keyboard, no JavaScript needed); only the
 * platform's arrow goes, which read as a disabled control beside our fields (app.css, `select-chevron`).
 */
export const selectClass = `${fieldClass} select-chevron pl-4 pr-10`

/** Label, input and errors wired together (aria-invalid, aria-describedby). */
export function Field({
	label,
	inputProps,
	errors,
	className,
	hideLabel,
}: {
	label: string
	inputProps: ComponentProps<'input'>
	errors?: ListOfErrors
	className?: string
	hideLabel?: boolean
}) {
	const fallbackId = useId()
	const id = inputProps.id ?? fallbackId
	const errorId = errors?.length ? `${id}-error` : undefined
	return (
		<div className={className}>
			<label htmlFor={id} className={cn('mb-1.5 block text-sm font-medium', hideLabel && 'sr-only')}>
				{label}
			</label>
			<input
				id={id}
				aria-invalid={errorId ? true : undefined}
				aria-describedby={errorId}
				className={inputClass}
				{...inputProps}
			/>
			<ErrorList id={errorId} errors={errors} />
		</div>
	)
}
