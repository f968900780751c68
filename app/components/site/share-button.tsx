import { Share2 } from 'lucide-react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { notify } from '../toaster'
import { Button } from '../ui/button'

/** Copies the page link (SPEC §2). Needs the clipboard, so it only appears with JavaScript. */
export function ShareButton() {
	const hydrated = useHydrated()
	if (!hydrated) return null
	async function share() {
		try {
			await navigator.clipboard.writeText(window.location.href)
			notify({ id: 'share', type: 'success', title: '¡Enlace copiado al portapapeles!' })
		} catch {
			notify({ id: 'share', type: 'error', title: 'No se pudo copiar el enlace' })
		}
	}
	return (
		<Button type="button" variant="secondary" onClick={share}>
			<Share2 aria-hidden className="size-4" />
			Compartir
		</Button>
	)
}
