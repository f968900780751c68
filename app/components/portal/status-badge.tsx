import { meetingsCopy as copy } from '~/content/meetings'
import { cn } from '~/lib/utils'

/** confirmada, cancelada, and a neutral badge for any other status (SPEC §4). */
export function StatusBadge({ status }: { status: string }) {
	return (
		<span
			className={cn(
				'inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium',
				status === 'confirmada' && 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-300',
				status === 'cancelada' && 'bg-danger/10 text-danger',
				status !== 'confirmada' && status !== 'cancelada' && 'bg-surface-muted text-muted-foreground',
			)}
		>
			{copy.statuses[status] ?? status}
		</span>
	)
}
