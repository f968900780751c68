import { useHydrated } from '~/components/hydrated'
import { Icon } from '~/components/ui/icon'
import { blogPage } from '~/content/pages'
import { notify } from '../toaster'
import { Button, buttonClass } from '../ui/button'
import { DisclosureMenu } from '../ui/disclosure-menu'

/**
 * 'Compartir' copies the page link. The clipboard needs JavaScript: before
 * hydration, and without it, the button opens the link itself, to select and copy, and an e-mail.
 */
export function ShareButton({ url, title }: { url: string; title: string }) {
	const hydrated = useHydrated()
	if (!hydrated) return <ShareDisclosure url={url} title={title} />
	async function share() {
		try {
			await navigator.clipboard.writeText(window.location.href)
			notify({ id: 'share', type: 'success', title: blogPage.shared })
		} catch {
			notify({ id: 'share', type: 'error', title: blogPage.shareFailed })
		}
	}
	return (
		<Button type="button" variant="secondary" onClick={share}>
			<Icon name="share-2" className="size-4" />
			{blogPage.share}
		</Button>
	)
}

function ShareDisclosure({ url, title }: { url: string; title: string }) {
	const mailto = `mailto:?${new URLSearchParams({ subject: title, body: url }).toString().replaceAll('+', '%20')}`
	return (
		<DisclosureMenu
			label={blogPage.share}
			summary={
				<>
					<Icon name="share-2" className="size-4" />
					{blogPage.share}
				</>
			}
			summaryClassName={buttonClass({ variant: 'secondary' })}
			align="start"
			// The button sits at the row's start on a phone and at its end from `sm` up.
			panelClassName="w-[min(22rem,calc(100vw-2rem))] space-y-3 p-4 sm:right-0 sm:left-auto"
		>
			<label htmlFor="enlace-de-la-entrada" className="block text-sm font-medium">
				{blogPage.shareLink}
			</label>
			<input
				id="enlace-de-la-entrada"
				readOnly
				value={url}
				className="w-full rounded-lg border bg-surface-muted px-3 py-2 text-sm"
			/>
			<a href={mailto} className="inline-flex items-center gap-2 text-sm font-medium text-brand-ink hover:underline">
				<Icon name="mail" className="size-4" />
				{blogPage.shareByEmail}
			</a>
		</DisclosureMenu>
	)
}
