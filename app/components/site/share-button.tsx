import { Share2 } from 'lucide-react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { notify } from '../toaster'
import { Button } from '../ui/button'
import { blogPage } from '~/content/pages'

/** Copies the page link (SPEC §2). Needs the clipboard, so it only appears with JavaScript. */
export function ShareButton() {
	const hydrated = useHydrated()
	if (!hydrated) return null
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
			<Share2 aria-hidden className="size-4" />
			{blogPage.share}
		</Button>
	)
}
