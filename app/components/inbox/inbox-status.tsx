import { adminCopy } from '~/content/admin'
import { isFormType, isInboxStatus } from '~/lib/inbox'
import { Badge } from '../portal/status-badge'

/** An inbox item: new ones call for attention, resolved ones are done. */
export function InboxStatusBadge({ status }: { status: string }) {
	const tone = status === 'nueva' ? 'attention' : status === 'resuelta' ? 'positive' : 'neutral'
	return <Badge tone={tone}>{isInboxStatus(status) ? adminCopy.inbox.statuses[status] : status}</Badge>
}

/** Which form an item came from, in the inbox's words. */
export const inboxKindLabel = (formType: string) => (isFormType(formType) ? adminCopy.inbox.kinds[formType] : formType)
