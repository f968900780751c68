import type { NotFoundPage } from '~/.server/http/not-found-page'
import { FramedNotFoundPage } from '~/components/error-pages'
import { AuthFrame } from '~/components/portal/auth-frame'
import { DashboardShell } from '~/components/portal/dashboard-shell'
import { SiteFrame } from '~/components/site/site-frame'

/**
 * The one 404 page of a host, in that host's frame: the site's header and footer; the portal's menus for someone
 * signed in, its sign-in header otherwise. For a path no route has (the not-found route) and for a path of the
 * other host's (the host guard's 404, drawn by the layout's boundary).
 */
export function HostNotFound({ page }: { page: NotFoundPage }) {
	const { quote, frame } = page
	return (
		<FramedNotFoundPage
			quote={quote}
			frame={(content) =>
				frame.host === 'site' ? (
					<SiteFrame chrome={frame.chrome}>{content}</SiteFrame>
				) : frame.shell ? (
					<DashboardShell user={frame.shell} siteUrl={frame.siteUrl}>
						{content}
					</DashboardShell>
				) : (
					<AuthFrame siteUrl={frame.siteUrl}>{content}</AuthFrame>
				)
			}
		/>
	)
}
