import { getInputProps } from '@conform-to/react'
import { ErrorList } from '~/components/forms'
import { cn } from '~/lib/utils'

/** A checkbox drawn as a chip: the whole label is the target, the state shows in its colour and its tick. */
export function Chip({
	name,
	value,
	label,
	checked,
}: {
	name: string
	value: string
	label: string
	checked: boolean
}) {
	return (
		<label className="relative inline-flex">
			{/* Transparent over the whole chip: the checkbox itself takes the click, as it would drawn by the browser. */}
			<input
				type="checkbox"
				name={name}
				value={value}
				defaultChecked={checked}
				className="peer absolute inset-0 z-10 cursor-pointer appearance-none rounded-full opacity-0"
			/>
			<span
				className={cn(
					'inline-flex h-9 min-w-16 items-center justify-center rounded-full border px-3 text-sm font-medium tabular-nums transition-colors',
					'text-muted-foreground hover:border-foreground/40 hover:text-foreground',
					'peer-checked:border-brand peer-checked:bg-brand/20 peer-checked:font-semibold peer-checked:text-foreground',
					'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring',
				)}
			>
				{label}
			</span>
		</label>
	)
}

export const asList = (value: unknown) => (Array.isArray(value) ? value.map(String) : value ? [String(value)] : [])

export function NumberField({
	label,
	unit,
	hint,
	meta,
}: {
	label: string
	unit: string
	hint?: string
	meta: Parameters<typeof getInputProps>[0]
}) {
	const describedBy = [hint ? `${meta.id}-hint` : null, meta.errors?.length ? meta.errorId : null]
		.filter(Boolean)
		.join(' ')
	return (
		<div>
			<label htmlFor={meta.id} className="mb-1.5 block text-sm font-medium">
				{label}
			</label>
			<div className="flex items-center gap-2">
				<input
					{...getInputProps(meta, { type: 'number', ariaDescribedBy: describedBy || undefined })}
					inputMode="numeric"
					className="block w-24 rounded-xl border bg-background px-3 py-2.5 text-sm tabular-nums focus-visible:border-ring aria-[invalid=true]:border-danger"
				/>
				<span className="text-sm text-muted-foreground">{unit}</span>
			</div>
			{hint ? (
				<p id={`${meta.id}-hint`} className="mt-1.5 text-xs text-muted-foreground">
					{hint}
				</p>
			) : null}
			<ErrorList id={meta.errorId} errors={meta.errors} />
		</div>
	)
}
