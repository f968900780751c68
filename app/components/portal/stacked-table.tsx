import type { ReactNode } from 'react'
import { cn } from '~/lib/utils'

/**
 * A table that turns into a card of labelled lines per row on a phone: each cell shows its `data-label`
 * before its value, the header is left to screen readers, and a cell with nothing in it takes no line.
 */
export const stackedTable = [
	'w-full text-left text-sm sm:min-w-[44rem]',
	'max-sm:[&_tbody_tr]:block max-sm:[&_tbody_tr]:px-4 max-sm:[&_tbody_tr]:py-3',
	'max-sm:[&_tbody_td]:flex max-sm:[&_tbody_td]:flex-wrap max-sm:[&_tbody_td]:items-baseline max-sm:[&_tbody_td]:justify-between max-sm:[&_tbody_td]:gap-x-4 max-sm:[&_tbody_td]:gap-y-1 max-sm:[&_tbody_td]:px-0 max-sm:[&_tbody_td]:py-1.5',
	'max-sm:[&_tbody_td]:before:font-sans max-sm:[&_tbody_td]:before:text-xs max-sm:[&_tbody_td]:before:font-medium max-sm:[&_tbody_td]:before:text-muted-foreground max-sm:[&_tbody_td]:before:content-[attr(data-label)]',
	'max-sm:[&_tbody_td:empty]:hidden',
].join(' ')

/** A row's actions: one line on a wider screen; a phone's card wraps them rather than scroll sideways. */
export const rowActions = 'flex gap-2 whitespace-nowrap max-sm:flex-wrap max-sm:justify-end'

/**
 * A framed stackedTable with its column headings (a wider screen scrolls the frame, never the page); rows as children.
 * `fit`: columns that wrap to any width (few, their actions wrapping), so the table takes no minimum and never scrolls.
 */
export function StackedTable({
	columns,
	children,
	fit = false,
}: {
	columns: readonly string[]
	children: ReactNode
	fit?: boolean
}) {
	return (
		<div className="rounded-2xl border bg-surface sm:overflow-x-auto">
			{/* Cells 12 px apart across, not their p-4's 16: six columns beside the 280 px side menu fit a 1280 px screen. */}
			<table className={cn(stackedTable, 'sm:[&_td]:px-3', fit && 'sm:min-w-0')}>
				<thead className="border-b text-muted-foreground max-sm:sr-only">
					<tr>
						{columns.map((column) => (
							<th key={column} scope="col" className="px-3 py-4 font-medium">
								{column}
							</th>
						))}
					</tr>
				</thead>
				<tbody>{children}</tbody>
			</table>
		</div>
	)
}
