import type { ReactNode } from 'react'
import { Icon, type IconName } from '~/components/ui/icon'
import { productVisuals } from '~/content/product-visuals'
import { cn } from '~/lib/utils'

/*
 * Pictures of the product drawn in HTML and CSS (issue 20): no screenshots to go stale or to weigh on
 * the first load. Each is one image to assistive technology (role="img" and a description), since
 * its words are a picture of a screen, not text to read.
 */

function Bubble({ from, time, children }: { from: 'assistant' | 'client'; time: string; children: ReactNode }) {
	return (
		<div
			className={cn(
				'max-w-[85%] rounded-xl px-3 py-2 text-[13px] leading-snug text-zinc-900 shadow-sm dark:text-zinc-100',
				from === 'assistant'
					? 'self-start rounded-tl-sm bg-white dark:bg-[#202c33]'
					: 'self-end rounded-tr-sm bg-[#d9fdd3] dark:bg-[#005c4b]',
			)}
		>
			{children}
			<span className="mt-1 flex items-center justify-end gap-1 text-[10px] text-zinc-600 dark:text-white/75">
				{time}
				{from === 'client' ? <Icon name="check" className="size-3 text-sky-700 dark:text-sky-300" /> : null}
			</span>
		</div>
	)
}

/** The assistant in a WhatsApp-style chat: a tax deadline reminded, an invoice sent. */
export function ChatVisual({ className }: { className?: string }) {
	const { chat } = productVisuals
	return (
		<div
			role="img"
			aria-label={chat.label}
			className={cn(
				'flex w-full max-w-sm flex-col overflow-hidden rounded-[2rem] border-8 border-zinc-900 bg-[#efeae2] shadow-2xl dark:border-zinc-700 dark:bg-[#0b141a]',
				className,
			)}
		>
			<div className="flex items-center gap-3 bg-[#008069] px-4 py-3 text-white dark:bg-[#202c33]">
				<span className="inline-flex size-9 items-center justify-center rounded-full bg-gradient-to-br from-brand to-accent">
					<Icon name="sparkles" className="size-5" />
				</span>
				<span className="flex flex-col text-left">
					<span className="text-sm font-semibold">{chat.name}</span>
					<span className="text-xs text-white">{chat.status}</span>
				</span>
			</div>
			<div className="flex flex-col gap-2 px-3 py-4">
				<span className="self-center rounded-md bg-white/80 px-2 py-0.5 text-[11px] text-zinc-700 dark:bg-[#182229] dark:text-zinc-300">
					{chat.day}
				</span>
				{chat.messages.map((message) => (
					<Bubble key={message.text} from={message.from} time={message.time}>
						{message.text}
					</Bubble>
				))}
				<Bubble from="assistant" time={chat.invoice.time}>
					<span className="flex items-center gap-2 rounded-lg bg-zinc-100 p-2 dark:bg-[#182229]">
						<span className="inline-flex size-8 items-center justify-center rounded-md bg-red-600 text-[10px] font-bold text-white">
							PDF
						</span>
						<span className="flex flex-col">
							<span className="font-medium">{chat.invoice.file}</span>
							<span className="text-[11px] text-zinc-600 dark:text-zinc-300">{chat.invoice.detail}</span>
						</span>
					</span>
					<span className="mt-1.5 block">{chat.invoice.text}</span>
				</Bubble>
			</div>
			<div className="mt-auto flex items-center gap-2 px-3 pb-3">
				<span className="flex-1 rounded-full bg-white px-4 py-2 text-left text-xs text-zinc-600 dark:bg-[#202c33] dark:text-zinc-300">
					{chat.placeholder}
				</span>
				<span className="inline-flex size-9 items-center justify-center rounded-full bg-[#008069] text-white dark:bg-[#00a884]">
					<Icon name="arrow-right" className="size-4" />
				</span>
			</div>
		</div>
	)
}

/** An e-mail the assistant answered, in a mail window. */
export function EmailVisual({ className }: { className?: string }) {
	const { email } = productVisuals
	return (
		<div
			role="img"
			aria-label={email.label}
			className={cn('w-full max-w-sm overflow-hidden rounded-2xl border bg-surface text-left shadow-xl', className)}
		>
			<div className="flex items-center gap-1.5 border-b bg-surface-muted px-4 py-2.5">
				<span className="size-2.5 rounded-full bg-red-400" />
				<span className="size-2.5 rounded-full bg-amber-400" />
				<span className="size-2.5 rounded-full bg-emerald-400" />
				<span className="ml-2 text-xs text-muted-foreground">{email.window}</span>
			</div>
			<div className="space-y-3 p-4 text-[13px]">
				<div className="flex items-center gap-2">
					<span className="inline-flex size-8 items-center justify-center rounded-full bg-brand text-brand-foreground">
						<Icon name="mail" className="size-4" />
					</span>
					<span className="flex flex-col">
						<span className="font-semibold">{email.from}</span>
						<span className="text-xs text-muted-foreground">{email.to}</span>
					</span>
				</div>
				<p className="font-semibold">{email.subject}</p>
				<p className="leading-relaxed text-muted-foreground">{email.body}</p>
				<div className="flex flex-wrap items-center gap-2">
					<span className="inline-flex items-center gap-1 rounded-md border px-2 py-1 text-xs">
						<Icon name="file-text" className="size-3.5 text-brand-ink" />
						{email.attachment}
					</span>
					<span className="inline-flex items-center gap-1 rounded-full bg-emerald-500/10 px-2 py-1 text-xs font-medium text-emerald-700 dark:text-emerald-300">
						<Icon name="check" className="size-3.5" />
						{email.badge}
					</span>
				</div>
			</div>
		</div>
	)
}

const portalCardIcons: IconName[] = ['calendar', 'sparkles', 'wallet', 'users']
const portalMenuIcons: IconName[] = ['layout-dashboard', 'calendar', 'wallet', 'sparkles', 'users']

/** A miniature of the client portal's /dashboard: its menu, greeting and four cards. */
export function PortalVisual({ className }: { className?: string }) {
	const { portal } = productVisuals
	return (
		<div
			role="img"
			aria-label={portal.label}
			className={cn('w-full overflow-hidden rounded-2xl border bg-background text-left shadow-xl', className)}
		>
			<div className="flex items-center gap-2 border-b bg-surface-muted px-3 py-2">
				<span className="size-2 rounded-full bg-red-400" />
				<span className="size-2 rounded-full bg-amber-400" />
				<span className="size-2 rounded-full bg-emerald-400" />
				<span className="ml-2 flex-1 truncate rounded-md bg-surface px-2 py-0.5 text-[11px] text-muted-foreground">
					{portal.address}
				</span>
			</div>
			<div className="flex text-[11px]">
				<div className="hidden w-32 shrink-0 space-y-1 border-r bg-surface p-2 sm:block">
					<span className="mb-2 flex items-center gap-1.5 px-1.5 font-bold">
						<Icon name="layout-dashboard" className="size-3.5 text-brand-ink" />
						KIA
					</span>
					{portal.menu.map((item, index) => {
						return (
							<span
								key={item}
								className={cn(
									'flex items-center gap-1.5 rounded-md px-1.5 py-1',
									index === 0 ? 'bg-brand/10 font-medium text-brand-ink' : 'text-muted-foreground',
								)}
							>
								<Icon name={portalMenuIcons[index] ?? 'layout-dashboard'} className="size-3" />
								{item}
							</span>
						)
					})}
				</div>
				<div className="flex-1 p-3">
					<p className="text-sm font-semibold">{portal.greeting}</p>
					<div className="mt-3 grid grid-cols-2 gap-2">
						{portal.cards.map((card, index) => {
							return (
								<span key={card} className="flex flex-col gap-1.5 rounded-lg border bg-surface p-2">
									<span className="inline-flex size-6 items-center justify-center rounded-md bg-brand/10 text-brand-ink">
										<Icon name={portalCardIcons[index] ?? 'calendar'} className="size-3.5" />
									</span>
									<span className="font-medium">{card}</span>
								</span>
							)
						})}
					</div>
				</div>
			</div>
		</div>
	)
}

const channelMarks: { icon: IconName; tile: string }[] = [
	{ icon: 'message-circle', tile: 'bg-[#25d366] text-white' },
	{ icon: 'mail', tile: 'bg-sky-600 text-white' },
	{ icon: 'calendar', tile: 'bg-blue-600 text-white' },
	{ icon: 'folder', tile: 'bg-amber-400 text-zinc-900' },
	{ icon: 'wallet', tile: 'bg-indigo-600 text-white' },
]

/** The channels and tools an assistant connects, each as a simple generic mark and its name. */
export function ChannelMarks({ className }: { className?: string }) {
	const { channels } = productVisuals
	return (
		<div className={className}>
			<p id="canales" className="text-center text-sm font-medium text-muted-foreground">
				{channels.heading}
			</p>
			<ul aria-labelledby="canales" className="mt-5 flex flex-wrap justify-center gap-x-8 gap-y-4">
				{channels.items.map((name, index) => {
					const mark = channelMarks[index] ?? channelMarks[0]
					return (
						<li key={name} className="flex items-center gap-2.5 text-sm font-semibold">
							<span className={cn('inline-flex size-9 items-center justify-center rounded-xl shadow-sm', mark?.tile)}>
								{mark ? <Icon name={mark.icon} className="size-5" /> : null}
							</span>
							{name}
						</li>
					)
				})}
			</ul>
		</div>
	)
}
