import type { ReactNode } from 'react'
import { bookingsCopy as copy } from '~/content/meetings'
import { cn } from '~/lib/utils'

export type BadgeTone = 'positive' | 'attention' | 'negative' | 'neutral'

export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
	return (
		<span
			className={cn(
				'inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium',
				tone === 'positive' && 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-300',
				tone === 'attention' && 'bg-amber-500/15 text-amber-800 dark:text-amber-300',
				tone === 'negative' && 'bg-danger/10 text-danger',
				tone === 'neutral' && 'bg-surface-muted text-muted-foreground',
			)}
		>
			{children}
		</span>
	)
}

/** confirmada, cancelada, and a neutral badge for any other status. */
export function StatusBadge({ status }: { status: string }) {
	const tone = status === 'confirmada' ? 'positive' : status === 'cancelada' ? 'negative' : 'neutral'
	return <Badge tone={tone}>{copy.statuses[status] ?? status}</Badge>
}
