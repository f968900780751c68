import type { ReactNode } from 'react'
import { Icon, type IconName } from '~/components/ui/icon'
import { assistantScreen, webappScreens, type AssistantExample, type Tone } from '~/content/page-visuals'
import { cn } from '~/lib/utils'

/** A browser window: its three dots, the address, and the screen. */
export function ScreenFrame({
	label,
	address,
	className,
	children,
}: {
	label: string
	address: string
	className?: string
	children: ReactNode
}) {
	return (
		<div
			role="img"
			aria-label={label}
			className={cn(
				'@container w-full min-w-0 overflow-hidden rounded-2xl border bg-background text-left text-[11px] shadow-xl',
				className,
			)}
		>
			<div className="flex items-center gap-1.5 border-b bg-surface-muted px-3 py-2">
				<span className="size-2 rounded-full bg-red-400" />
				<span className="size-2 rounded-full bg-amber-400" />
				<span className="size-2 rounded-full bg-emerald-400" />
				<span className="ml-2 min-w-0 flex-1 truncate rounded-md bg-surface px-2 py-0.5 text-muted-foreground">
					{address}
				</span>
			</div>
			{children}
		</div>
	)
}

const tones: Record<Tone, string> = {
	ok: 'bg-emerald-500/10 text-emerald-700 dark:text-emerald-300',
	wait: 'bg-amber-500/10 text-amber-800 dark:text-amber-300',
	neutral: 'bg-brand/10 text-brand-ink',
}

export function Badge({ tone, children }: { tone: Tone; children: ReactNode }) {
	return (
		<span className={cn('inline-flex shrink-0 rounded-full px-2 py-0.5 text-[10px] font-medium', tones[tone])}>
			{children}
		</span>
	)
}

function Pill({ children, strong }: { children: ReactNode; strong?: boolean }) {
	return (
		<span
			className={cn(
				'inline-flex shrink-0 rounded-md px-2 py-1 text-[10px] font-medium',
				strong ? 'bg-brand text-brand-foreground' : 'border bg-surface',
			)}
		>
			{children}
		</span>
	)
}

const homeCardIcons: IconName[] = ['calendar', 'wallet', 'life-buoy', 'bot']

const homeMenuIcons: IconName[] = ['layout-dashboard', 'calendar', 'wallet', 'bot', 'life-buoy']

/** The WebApp's start page: its menu and the four things a client opens it for. */
export function WebAppHomeScreen({ className }: { className?: string }) {
	const { address, home } = webappScreens
	return (
		<ScreenFrame label={home.label} address={address} className={className}>
			<div className="flex">
				<div className="hidden w-28 shrink-0 space-y-1 border-r bg-surface p-2 sm:block">
					<span className="mb-2 flex items-center gap-1.5 px-1.5 font-bold">
						<Icon name="sparkles" className="size-3.5 text-brand-ink" />
						KIA
					</span>
					{home.menu.map((item, index) => (
						<span
							key={item}
							className={cn(
								'flex items-center gap-1.5 rounded-md px-1.5 py-1',
								index === 0 ? 'bg-brand/10 font-medium text-brand-ink' : 'text-muted-foreground',
							)}
						>
							<Icon name={homeMenuIcons[index] ?? 'layout-dashboard'} className="size-3" />
							{item}
						</span>
					))}
				</div>
				<div className="min-w-0 flex-1 p-3">
					<p className="text-sm font-semibold">{home.greeting}</p>
					<p className="mt-0.5 text-muted-foreground">{home.lead}</p>
					<div className="mt-3 grid grid-cols-2 gap-2">
						{home.cards.map((card, index) => (
							<span key={card.heading} className="flex min-w-0 flex-col gap-1 rounded-lg border bg-surface p-2">
								<span className="flex items-center gap-1.5 text-muted-foreground">
									<Icon name={homeCardIcons[index] ?? 'calendar'} className="size-3 shrink-0 text-brand-ink" />
									{card.heading}
								</span>
								<span className="font-semibold">{card.value}</span>
								<span className="text-muted-foreground">{card.detail}</span>
							</span>
						))}
					</div>
				</div>
			</div>
		</ScreenFrame>
	)
}

/** A page of the WebApp: its title, and what is on it. */
function ScreenPage({ title, aside, children }: { title: string; aside?: ReactNode; children: ReactNode }) {
	return (
		<div className="space-y-3 p-3">
			<p className="flex items-center justify-between gap-2">
				<span className="text-sm font-semibold">{title}</span>
				{aside}
			</p>
			{children}
		</div>
	)
}

export function BookingsScreen({ className }: { className?: string }) {
	const { address, gallery } = webappScreens
	const screen = gallery.meetings
	return (
		<ScreenFrame label={screen.label} address={`${address}/reuniones`} className={className}>
			<ScreenPage
				title={screen.title}
				aside={
					<span className="inline-flex rounded-md border bg-surface p-0.5">
						{screen.tabs.map((tab, index) => (
							<span
								key={tab}
								className={cn('rounded px-2 py-0.5', index === 0 ? 'bg-brand/10 font-medium text-brand-ink' : '')}
							>
								{tab}
							</span>
						))}
					</span>
				}
			>
				{screen.rows.map((row) => (
					<span key={row.when} className="flex flex-col gap-2 rounded-lg border bg-surface p-2.5">
						<span className="flex items-center justify-between gap-2">
							<span className="flex items-center gap-1.5 font-semibold">
								<Icon name="calendar" className="size-3 text-brand-ink" />
								{row.when}
							</span>
							<Badge tone="ok">{row.status}</Badge>
						</span>
						<span className="text-muted-foreground">{row.reason}</span>
						<span className="flex gap-1.5">
							{screen.actions.map((action, index) => (
								<Pill key={action} strong={index === 0}>
									{action}
								</Pill>
							))}
						</span>
					</span>
				))}
			</ScreenPage>
		</ScreenFrame>
	)
}

export function BillingScreen({ className }: { className?: string }) {
	const { address, gallery } = webappScreens
	const screen = gallery.billing
	return (
		<ScreenFrame label={screen.label} address={`${address}/suscripcion`} className={className}>
			<ScreenPage title={screen.title}>
				<span className="flex items-center justify-between gap-2 rounded-lg border bg-surface p-2.5">
					<span className="flex flex-col gap-0.5">
						<span className="font-semibold">{screen.plan}</span>
						<span className="text-muted-foreground">{screen.renews}</span>
					</span>
					<span className="flex flex-col items-end">
						<span className="text-sm font-bold">{screen.price}</span>
						<span className="text-muted-foreground">{screen.priceNote}</span>
					</span>
				</span>
				<span className="block font-medium">{screen.invoicesHeading}</span>
				<span className="block divide-y rounded-lg border bg-surface">
					{screen.invoices.map((invoice) => (
						<span key={invoice.number} className="flex items-center gap-2 p-2">
							<Icon name="file-text" className="size-3.5 shrink-0 text-brand-ink" />
							<span className="flex min-w-0 flex-1 flex-col">
								<span className="font-medium">{invoice.number}</span>
								<span className="truncate text-muted-foreground">{invoice.date}</span>
							</span>
							<span className="flex flex-col items-end">
								<span className="font-semibold">{invoice.total}</span>
								<span className="text-muted-foreground">{invoice.breakdown}</span>
							</span>
							<Badge tone="ok">{invoice.status}</Badge>
						</span>
					))}
				</span>
			</ScreenPage>
		</ScreenFrame>
	)
}

/** A client's assistant as Mis asistentes shows it: the gallery's example, or what a plan delivers. */
export function AssistantScreen({
	assistant,
	label,
	className,
}: {
	assistant: AssistantExample
	label: string
	className?: string
}) {
	const { documents } = assistant
	return (
		<ScreenFrame label={label} address={`${webappScreens.address}/asistentes`} className={className}>
			<ScreenPage title={assistantScreen.title}>
				<span className="block space-y-3 rounded-lg border bg-surface p-3">
					<span className="flex items-center gap-2">
						<span className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-brand to-accent text-white">
							<Icon name="bot" className="size-4" />
						</span>
						<span className="min-w-0 flex-1 text-xs font-semibold">{assistant.name}</span>
						<Badge tone="ok">{assistant.status}</Badge>
					</span>
					<span className="block">
						<span className="text-muted-foreground">{assistantScreen.channels}</span>
						<span className="mt-1 flex flex-wrap gap-1.5">
							{assistant.channels.map((channel) => (
								<Pill key={channel}>{channel}</Pill>
							))}
						</span>
					</span>
					<span className="block">
						<span className="text-muted-foreground">
							{assistantScreen.functions} · {assistant.functions.length}
						</span>
						<span className="mt-1 grid gap-1 @sm:grid-cols-2">
							{assistant.functions.map((name) => (
								<span key={name} className="flex items-center gap-1.5">
									<Icon name="check" className="size-3 shrink-0 text-emerald-700 dark:text-emerald-300" />
									{name}
								</span>
							))}
						</span>
					</span>
					<span className="grid grid-cols-2 gap-2 border-t pt-2">
						<span className="flex flex-col gap-1">
							<span className="text-muted-foreground">{assistantScreen.documents}</span>
							<span className="font-semibold">{documents.label}</span>
							{documents.limit ? (
								<svg aria-hidden className="h-1.5 w-full overflow-hidden rounded-full bg-muted-foreground/20">
									<rect
										className="fill-brand"
										height="100%"
										width={`${Math.round((documents.used / documents.limit) * 100)}%`}
									/>
								</svg>
							) : null}
						</span>
						<span className="flex flex-col gap-1">
							<span className="text-muted-foreground">{assistantScreen.users}</span>
							<span className="font-semibold">{assistant.users}</span>
						</span>
					</span>
				</span>
			</ScreenPage>
		</ScreenFrame>
	)
}

export function SupportScreen({ className }: { className?: string }) {
	const { address, gallery } = webappScreens
	const screen = gallery.support
	return (
		<ScreenFrame label={screen.label} address={`${address}/soporte`} className={className}>
			<ScreenPage title={screen.title} aside={<Badge tone="wait">{screen.status}</Badge>}>
				{screen.messages.map((message, index) => (
					<span
						key={message.when}
						className={cn(
							'flex flex-col gap-1 rounded-lg border p-2.5',
							index === 0 ? 'mr-6 bg-surface' : 'ml-6 border-brand/30 bg-brand/5',
						)}
					>
						<span className="flex items-center justify-between gap-2">
							<span className="font-semibold">{message.from}</span>
							<span className="text-muted-foreground">{message.when}</span>
						</span>
						<span>{message.text}</span>
					</span>
				))}
			</ScreenPage>
		</ScreenFrame>
	)
}
