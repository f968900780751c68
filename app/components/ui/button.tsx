import { Slot } from '@radix-ui/react-slot'
import type { ComponentProps } from 'react'
import { cn } from '~/lib/utils'

const variants = {
	primary: 'bg-brand text-brand-foreground shadow-sm hover:bg-brand/90',
	secondary: 'border bg-surface text-foreground hover:bg-surface-muted',
	ghost: 'text-foreground hover:bg-surface-muted',
	danger: 'bg-danger-fill text-white shadow-sm hover:bg-danger-fill/90',
} as const

const sizes = {
	md: 'h-10 px-5 text-sm',
	lg: 'h-12 px-6 text-base',
} as const

export type ButtonProps = ComponentProps<'button'> & {
	variant?: keyof typeof variants
	size?: keyof typeof sizes
	/** Render the child element (a link) with the button's look. */
	asChild?: boolean
}

/** A button's classes, for an element that must look like one without being a <button> (a <summary>). */
export function buttonClass({
	variant = 'primary',
	size = 'md',
	className,
}: Pick<ButtonProps, 'variant' | 'size' | 'className'> = {}) {
	return cn(
		'inline-flex items-center justify-center gap-2 rounded-full font-medium transition-colors disabled:pointer-events-none disabled:opacity-60',
		variants[variant],
		sizes[size],
		className,
	)
}

export function Button({ variant, size, asChild, className, ...props }: ButtonProps) {
	const Component = asChild ? Slot : 'button'
	return <Component className={buttonClass({ variant, size, className })} {...props} />
}
