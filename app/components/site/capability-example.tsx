import type { ReactNode } from 'react'
import { Icon, type IconName } from '~/components/ui/icon'
import {
	channelLabels,
	type CapabilityExample as Example,
	type ChatMessage,
	type EmailMessage,
} from '~/content/capability-pages'
import { cn } from '~/lib/utils'

const assistantName = 'Tu asistente'

/**
 * A capability's worked example, drawn in HTML: a conversation or e-mails. Real text in lists, so a
 * screen reader reads who says what in order; the figure's caption says what it shows.
 */
export function CapabilityExample({ example, note }: { example: Example; note: string }) {
	return (
		<figure className="overflow-hidden rounded-2xl border bg-surface shadow-sm">
			{example.kind === 'chat' ? (
				<>
					<ExampleCaption
						icon={example.channel === 'whatsapp' ? 'message-circle' : 'layout-dashboard'}
						channel={channelLabels[example.channel]}
						caption={example.caption}
					/>
					<ol className="space-y-3 bg-background p-4 text-sm sm:p-5">
						{example.messages.map((message, index) => (
							<ChatBubble key={index} message={message} person={example.person} />
						))}
					</ol>
					{example.outcome ? (
						<p className="flex gap-2.5 border-t px-4 py-3 text-sm sm:px-5">
							<Icon name="circle-check" className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400" />
							{example.outcome}
						</p>
					) : null}
				</>
			) : (
				<>
					<ExampleCaption icon="mail" channel={channelLabels.email} caption={example.caption} />
					<div className="divide-y bg-background">
						{example.messages.map((message) => (
							<EmailCard key={message.label} message={message} />
						))}
					</div>
				</>
			)}
			<p className="border-t px-4 py-3 text-xs text-muted-foreground sm:px-5">{note}</p>
		</figure>
	)
}

function ExampleCaption({ icon, channel, caption }: { icon: IconName; channel: string; caption: string }) {
	return (
		<figcaption className="flex items-center gap-3 border-b px-4 py-3 sm:px-5">
			<span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-brand text-brand-foreground">
				<Icon name={icon} className="size-4" />
			</span>
			<span className="min-w-0">
				<span className="block text-sm font-semibold">{caption}</span>
				<span className="block text-xs text-muted-foreground">{channel}</span>
			</span>
		</figcaption>
	)
}

function ChatBubble({ message, person }: { message: ChatMessage; person: string }) {
	const fromAssistant = message.from === 'assistant'
	return (
		<li
			className={cn(
				'w-fit max-w-[88%] rounded-2xl px-3.5 py-2.5',
				fromAssistant ? 'rounded-tl-sm bg-surface-muted' : 'ml-auto rounded-tr-sm bg-brand text-brand-foreground',
			)}
		>
			<p className="flex items-center gap-1.5 text-xs font-semibold">
				{fromAssistant ? <Icon name="bot" className="size-3.5 text-brand-ink" /> : null}
				{fromAssistant ? assistantName : person}
			</p>
			{message.attachment ? (
				<p
					className={cn(
						'mt-1.5 flex items-center gap-2 rounded-lg px-2.5 py-1.5 text-xs font-medium',
						fromAssistant ? 'bg-surface' : 'bg-black/20',
					)}
				>
					<Icon name="file-text" className="size-4 shrink-0" />
					{message.attachment}
				</p>
			) : null}
			<p className="mt-1">{message.text}</p>
			<p className={cn('mt-1 text-right text-xs', fromAssistant && 'text-muted-foreground')}>{message.time}</p>
		</li>
	)
}

function EmailCard({ message }: { message: EmailMessage }) {
	return (
		<div className="p-4 sm:p-5">
			<p className="inline-flex rounded-full bg-brand/10 px-2.5 py-0.5 text-xs font-medium text-brand-ink">
				{message.label}
			</p>
			<dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
				<EmailField label="De">{message.from}</EmailField>
				<EmailField label="Para">{message.to}</EmailField>
				<EmailField label="Asunto">
					<span className="font-semibold">{message.subject}</span>
				</EmailField>
			</dl>
			<div className="mt-4 space-y-3 border-t pt-4 text-sm">
				{message.paragraphs.map((paragraph) => (
					<p key={paragraph}>{paragraph}</p>
				))}
				{message.list ? (
					<ul className="list-disc space-y-1 pl-5">
						{message.list.map((line) => (
							<li key={line}>{line}</li>
						))}
					</ul>
				) : null}
				{message.closing?.map((paragraph) => (
					<p key={paragraph}>{paragraph}</p>
				))}
			</div>
		</div>
	)
}

function EmailField({ label, children }: { label: string; children: ReactNode }) {
	return (
		<>
			<dt className="text-muted-foreground">{label}</dt>
			<dd className="min-w-0">{children}</dd>
		</>
	)
}
