import type { ReactNode } from 'react'
import { Icon, type IconName } from '~/components/ui/icon'
import { productVisuals, type StepArtName } from '~/content/product-visuals'
import { cn } from '~/lib/utils'

const tile = 'inline-flex items-center justify-center rounded-lg border bg-surface shadow-sm'
const bar = 'block h-1.5 rounded-full bg-muted-foreground/30'

function Assistant({ className }: { className?: string }) {
	return (
		<span
			className={cn(
				'inline-flex size-12 items-center justify-center rounded-full bg-gradient-to-br from-brand to-accent text-white shadow-md',
				className,
			)}
		>
			<Icon name="sparkles" className="size-6" />
		</span>
	)
}

/**
 * Drawn when a step renders, not when the module loads: JSX built at the top of a module runs its `cn` calls
 * while the page's scripts are evaluated, and the first `cn` call builds tailwind-merge's tables, all in the one
 * task that evaluates the modules, which nothing can split (issue 19's blocking time on the home page).
 */
const scenes: Record<StepArtName, () => ReactNode> = {
	meeting: () => (
		<div className="flex items-center gap-2">
			{[0, 1].map((person) => (
				<span key={person} className={cn(tile, 'h-14 w-16 text-muted-foreground')}>
					<Icon name="users" className="size-6" />
				</span>
			))}
			<span className="absolute right-3 bottom-3 inline-flex items-center gap-1 rounded-full bg-brand px-2 py-0.5 text-[11px] font-semibold text-brand-foreground">
				<Icon name="calendar" className="size-3" />
				15 min
			</span>
		</div>
	),
	proposal: () => (
		<span className={cn(tile, 'w-28 flex-col items-stretch gap-2 p-3')}>
			{['w-14', 'w-10', 'w-12'].map((width) => (
				<span key={width} className="flex items-center gap-1.5">
					<Icon name="check" className="size-3.5 text-emerald-600 dark:text-emerald-400" />
					<span className={cn(bar, width)} />
				</span>
			))}
		</span>
	),
	knowledge: () => (
		<div className="flex items-center gap-3">
			<span className="relative h-14 w-12">
				{['-rotate-12', 'rotate-0', 'rotate-12'].map((turn) => (
					<span key={turn} className={cn(tile, 'absolute inset-0 text-brand-ink', turn)}>
						<Icon name="file-text" className="size-5" />
					</span>
				))}
			</span>
			<span className="h-px w-6 bg-brand/60" />
			<Assistant />
		</div>
	),
	connect: () => (
		<div className="grid grid-cols-3 place-items-center gap-1.5">
			{(
				[
					{ icon: 'message-circle', place: 'col-start-1' },
					{ icon: 'mail', place: 'col-start-3' },
					{ icon: 'calendar', place: 'col-start-1' },
					{ icon: 'wallet', place: 'col-start-3' },
				] satisfies { icon: IconName; place: string }[]
			).map(({ icon, place }, index) => (
				<span key={index} className={cn(tile, 'size-8 text-brand-ink', place)}>
					<Icon name={icon} className="size-4" />
				</span>
			))}
			<Assistant className="col-start-2 row-span-2 row-start-1" />
		</div>
	),
	testing: () => (
		<div className="flex w-36 flex-col gap-1.5">
			<span className="h-5 w-24 self-end rounded-lg rounded-tr-sm bg-brand/20" />
			<span className="flex h-7 items-center gap-1.5 rounded-lg rounded-tl-sm border bg-surface px-2">
				<span className={cn(bar, 'w-16')} />
				<span className="ml-auto inline-flex size-4 items-center justify-center rounded-full bg-emerald-600 text-white">
					<Icon name="check" className="size-3" />
				</span>
			</span>
		</div>
	),
	launch: () => (
		<div className="flex items-end gap-3">
			<span className="inline-flex size-12 items-center justify-center rounded-full bg-gradient-to-br from-brand to-accent text-white shadow-md">
				<Icon name="sparkles" className="size-6" />
			</span>
			<span className="flex h-12 items-end gap-1">
				{['h-4', 'h-6', 'h-9', 'h-12'].map((height) => (
					<span key={height} className={cn('w-2.5 rounded-sm bg-brand/70', height)} />
				))}
			</span>
		</div>
	),
}

/** A step's small illustration, drawn in HTML and CSS; its description is its accessible name. */
export function StepArt({ name, className }: { name: StepArtName; className?: string }) {
	const Scene = scenes[name]
	return (
		<div
			role="img"
			aria-label={productVisuals.steps[name]}
			className={cn(
				'relative flex h-28 items-center justify-center overflow-hidden rounded-xl bg-gradient-to-br from-brand/10 to-accent/10',
				className,
			)}
		>
			<Scene />
		</div>
	)
}
