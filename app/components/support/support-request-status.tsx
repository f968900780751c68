import { supportRequestsCopy } from '~/content/support-requests'
import type { InboxStatus } from '~/lib/inbox'
import { Badge } from '../portal/status-badge'

/** A request's status as its client reads it: answered ones done, open ones neutral. */
export function SupportRequestStatusBadge({ status }: { status: InboxStatus }) {
	return <Badge tone={status === 'resuelta' ? 'positive' : 'neutral'}>{supportRequestsCopy.statuses[status]}</Badge>
}
