import { adminCopy } from '~/content/admin'
import { isFormType, isSupportStatus } from '~/lib/support'
import { Badge } from '../portal/status-badge'

/** An inbox item: new ones call for attention, resolved ones are done. */
export function SupportStatusBadge({ status }: { status: string }) {
	const tone = status === 'nueva' ? 'attention' : status === 'resuelta' ? 'positive' : 'neutral'
	return <Badge tone={tone}>{isSupportStatus(status) ? adminCopy.support.statuses[status] : status}</Badge>
}

/** Which form an item came from, in the inbox's words. */
export const supportKindLabel = (formType: string) =>
	isFormType(formType) ? adminCopy.support.kinds[formType] : formType
