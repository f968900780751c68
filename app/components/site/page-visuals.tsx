import { Icon } from '~/components/ui/icon'
import type { Project } from '~/content/projects'
import { aboutVisuals, projectScenes } from '~/content/page-visuals'
import { cn } from '~/lib/utils'
import { Badge, ScreenFrame } from './web-app-screens'

function FiscalChat({ className }: { className?: string }) {
	const scene = projectScenes['asistente-fiscal-whatsapp']
	const bubble = 'max-w-[85%] rounded-xl px-3 py-2 leading-snug text-zinc-900 shadow-sm dark:text-zinc-100'
	const time = 'mt-1 block text-right text-[10px] text-zinc-600 dark:text-white/75'
	return (
		<div
			role="img"
			aria-label={scene.label}
			className={cn(
				'flex w-full max-w-sm flex-col overflow-hidden rounded-3xl border-4 border-zinc-900 bg-[#efeae2] text-left text-xs dark:border-zinc-700 dark:bg-[#0b141a]',
				className,
			)}
		>
			<span className="flex items-center gap-2 bg-[#008069] px-3 py-2 text-white dark:bg-[#202c33]">
				<span className="inline-flex size-7 items-center justify-center rounded-full bg-gradient-to-br from-brand to-accent">
					<Icon name="receipt" className="size-4" />
				</span>
				<span className="flex flex-col">
					<span className="font-semibold">{scene.name}</span>
					<span className="text-[10px] text-white">{scene.status}</span>
				</span>
			</span>
			<span className="flex flex-col gap-2 p-3">
				<span className={cn(bubble, 'self-end rounded-tr-sm bg-[#d9fdd3] dark:bg-[#005c4b]')}>
					<span className="flex w-40 flex-col gap-1 rounded-md bg-white p-2 font-mono text-[10px] text-zinc-800 dark:bg-zinc-100">
						<span className="font-semibold">{scene.receipt.shop}</span>
						<span className="border-t border-dashed border-zinc-400" />
						<span className="flex justify-between font-semibold">
							<span>TOTAL</span>
							<span>{scene.receipt.total}</span>
						</span>
					</span>
					<span className={time}>{scene.receipt.time}</span>
				</span>
				{scene.messages.map((message) => (
					<span key={message.text} className={cn(bubble, 'self-start rounded-tl-sm bg-white dark:bg-[#202c33]')}>
						{message.text}
						<span className={time}>{message.time}</span>
					</span>
				))}
			</span>
		</div>
	)
}

function BookingCalendar({ className }: { className?: string }) {
	const scene = projectScenes['reservas-eventos-casas']
	const days = Array.from({ length: scene.days }, (_, index) => scene.firstDay + index)
	const booked = new Set<number>(scene.booked)
	return (
		<ScreenFrame label={scene.label} address={scene.address} className={cn('max-w-md', className)}>
			<div className="space-y-3 p-3">
				<p className="flex items-center gap-1.5 text-sm font-semibold">
					<Icon name="calendar-days" className="size-4 text-brand-ink" />
					{scene.month}
				</p>
				<div className="grid grid-cols-7 gap-1 text-center">
					{scene.weekdays.map((day) => (
						<span key={day} className="text-muted-foreground">
							{day}
						</span>
					))}
					{days.map((day) => (
						<span
							key={day}
							className={cn(
								'rounded-md py-1.5',
								booked.has(day) ? 'bg-brand font-semibold text-brand-foreground' : 'border bg-surface',
							)}
						>
							{day}
						</span>
					))}
				</div>
				<span className="flex flex-col gap-1 rounded-lg border bg-surface p-2.5">
					<span className="font-semibold">{scene.booking.when}</span>
					<span className="text-muted-foreground">{scene.booking.place}</span>
					<span className="mt-1">
						<Badge tone="ok">{scene.booking.paid}</Badge>
					</span>
				</span>
			</div>
		</ScreenFrame>
	)
}

function SortedDocuments({ className }: { className?: string }) {
	const scene = projectScenes['digitalizacion-gestoria']
	return (
		<ScreenFrame label={scene.label} address={scene.address} className={cn('max-w-md', className)}>
			<div className="space-y-3 p-3">
				<p className="text-sm font-semibold">{scene.heading}</p>
				<span className="block divide-y rounded-lg border bg-surface">
					{scene.documents.map((document) => (
						<span key={document.file} className="flex items-center gap-2 p-2">
							<Icon name="file-text" className="size-3.5 shrink-0 text-muted-foreground" />
							<span className="min-w-0 flex-1 truncate">{document.file}</span>
							<Badge tone="neutral">{document.folder}</Badge>
						</span>
					))}
				</span>
				<span className="flex items-center gap-1.5 text-muted-foreground">
					<Icon name="bot" className="size-3.5 text-brand-ink" />
					{scene.summary}
				</span>
			</div>
		</ScreenFrame>
	)
}

/** What each case looks like at work. */
export function ProjectVisual({ id, className }: { id: Project['id']; className?: string }) {
	if (id === 'asistente-fiscal-whatsapp') return <FiscalChat className={className} />
	if (id === 'reservas-eventos-casas') return <BookingCalendar className={className} />
	return <SortedDocuments className={className} />
}

/** An assistant's day, hour by hour, as the WebApp sums it up. */
export function AssistantDayVisual({ className }: { className?: string }) {
	const { day } = aboutVisuals
	return (
		<div
			role="img"
			aria-label={day.label}
			className={cn('w-full min-w-0 rounded-2xl border bg-surface p-4 text-left text-xs shadow-xl', className)}
		>
			<p className="flex items-center gap-2 text-sm font-semibold">
				<span className="inline-flex size-7 items-center justify-center rounded-full bg-gradient-to-br from-brand to-accent text-white">
					<Icon name="sparkles" className="size-3.5" />
				</span>
				{day.heading}
			</p>
			<ol className="mt-4 space-y-3 border-l border-brand/40 pl-4">
				{day.items.map((item) => (
					<li key={item.time} className="relative flex items-start gap-2">
						<span className="absolute top-1 -left-[1.3rem] size-2 rounded-full bg-brand" />
						<span className="w-10 shrink-0 font-semibold tabular-nums">{item.time}</span>
						<Icon name={item.icon} className="mt-px size-3.5 shrink-0 text-brand-ink" />
						<span>{item.text}</span>
					</li>
				))}
			</ol>
			<p className="mt-4 flex items-center gap-1.5 border-t pt-3 text-muted-foreground">
				<Icon name="layout-dashboard" className="size-3.5 text-brand-ink" />
				{day.footer}
			</p>
		</div>
	)
}
