import type { ReactNode } from 'react'
import { cn } from '~/lib/utils'

/**
 * A menu before hydration and without JavaScript: a native <details>, so a tap on the
 * summary shows the same links and plain forms the scripted menu offers. Each menu swaps
 * it for its Radix version once hydrated; the server and the first client render agree.
 */
export function DisclosureMenu({
	label,
	summary,
	summaryClassName,
	align = 'end',
	panelClassName,
	className,
	children,
}: {
	label: string
	summary: ReactNode
	summaryClassName?: string
	/** Which edge of the summary the panel lines up with. */
	align?: 'start' | 'end'
	panelClassName?: string
	className?: string
	children: ReactNode
}) {
	return (
		<details className={cn('relative', className)}>
			<summary
				aria-label={label}
				className={cn('cursor-pointer list-none [&::-webkit-details-marker]:hidden', summaryClassName)}
			>
				{summary}
			</summary>
			<div
				className={cn(
					'absolute top-full z-50 mt-2 rounded-2xl border bg-surface p-3 shadow-xl',
					align === 'end' ? 'right-0' : 'left-0',
					panelClassName,
				)}
			>
				{children}
			</div>
		</details>
	)
}
