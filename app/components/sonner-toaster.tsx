import { useEffect } from 'react'
import { Toaster, type ToasterProps } from 'sonner'
import type { HostKind } from '~/lib/host'
import type { Theme } from '~/lib/theme'

/**
 * The site shows one toast at a time for 5 s, top right; the portal up to three for 4 s. The site's
 * toast sits under its sticky header (4 rem), never over the theme switch or 'Acceso Clientes'.
 */
const toasterByHost: Record<HostKind, ToasterProps> = {
	site: {
		position: 'top-right',
		visibleToasts: 1,
		duration: 5000,
		offset: { top: 'calc(4rem + 16px)' },
		// 8 px left the close button, which stands out of the toast's corner, flush with the header's edge (issue 68).
		mobileOffset: { top: 'calc(4rem + 16px)' },
	},
	portal: { position: 'bottom-right', visibleToasts: 3, duration: 4000 },
}

/** Sonner's toaster, in a chunk of its own that the page fetches once it is interactive (see toaster.tsx). */
export default function SonnerToaster({ host, theme, onReady }: { host: HostKind; theme: Theme; onReady: () => void }) {
	// Effects run child first: by now sonner's own effect has subscribed to new toasts.
	useEffect(onReady, [onReady])
	return (
		<Toaster
			{...toasterByHost[host]}
			theme={theme}
			richColors
			closeButton
			containerAriaLabel="Notificaciones"
			toastOptions={{ closeButtonAriaLabel: 'Cerrar aviso' }}
		/>
	)
}
