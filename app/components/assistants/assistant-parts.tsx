import { Icon, type IconName } from '~/components/ui/icon'
import { assistantLabels } from '~/content/assistants'
import { assistantChannels, type AssistantChannel, type AssistantStatus } from '~/lib/assistants'
import { Badge, type BadgeTone } from '../portal/status-badge'

const tones = { activo: 'positive', en_preparacion: 'attention', en_pausa: 'neutral' } satisfies Record<
	AssistantStatus,
	BadgeTone
>

const isStatus = (value: string): value is AssistantStatus => value in tones

export function AssistantStatusBadge({ status }: { status: string }) {
	return isStatus(status) ? (
		<Badge tone={tones[status]}>{assistantLabels.statuses[status]}</Badge>
	) : (
		<Badge tone="neutral">{status}</Badge>
	)
}

const channelIcons = {
	web: 'globe',
	whatsapp: 'message-circle',
	email: 'mail',
	calendario: 'calendar-days',
	drive: 'folder-open',
	pagos: 'credit-card',
} satisfies Record<AssistantChannel, IconName>

/** The assistant's channels as small labelled marks, in the catalogue's order whatever order they were saved in. */
export function ChannelList({ channels, label }: { channels: readonly string[]; label: string }) {
	return (
		<ul aria-label={label} className="flex flex-wrap gap-1.5">
			{assistantChannels
				.filter((channel) => channels.includes(channel))
				.map((channel) => {
					return (
						<li
							key={channel}
							className="inline-flex items-center gap-1.5 rounded-full border bg-background px-2.5 py-1 text-xs font-medium"
						>
							<Icon name={channelIcons[channel]} className="size-3.5 text-brand-ink" />
							{assistantLabels.channels[channel]}
						</li>
					)
				})}
		</ul>
	)
}
