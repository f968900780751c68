import { lazy, Suspense, useRef, useState, type RefObject } from 'react'
import type { ModalDialogProps } from './dialog'

const loadDialog = () => import('./dialog')
const ModalDialog = lazy(loadDialog)

/**
 * Starts fetching the dialog code; for a trigger's pointer-down and focus, so that
 * the code is usually there by the time the click opens it.
 */
export function preloadDialog() {
	void loadDialog()
}

/**
 * A modal for the pages every visitor loads (site menu, cookie preferences, booking):
 * Radix's dialog is fetched when it first opens instead of with the page. It has no
 * Radix trigger, so focus goes back by hand to `returnFocusTo`, or to whatever had it
 * when the dialog opened.
 */
export function DeferredDialog({
	open,
	returnFocusTo,
	onOpenAutoFocus,
	onCloseAutoFocus,
	...props
}: ModalDialogProps & { returnFocusTo?: RefObject<HTMLElement | null> }) {
	const [opened, setOpened] = useState(open)
	if (open && !opened) setOpened(true)
	const opener = useRef<HTMLElement | null>(null)

	// Radix announces the opening before it moves focus: what has focus now is the opener.
	function rememberOpener(event: Event) {
		const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null
		opener.current = returnFocusTo?.current ?? focused
		onOpenAutoFocus?.(event)
	}
	function returnFocus(event: Event) {
		onCloseAutoFocus?.(event)
		if (event.defaultPrevented || !opener.current?.isConnected) return
		event.preventDefault()
		opener.current.focus()
	}

	if (!opened) return null
	return (
		<Suspense fallback={null}>
			<ModalDialog open={open} onOpenAutoFocus={rememberOpener} onCloseAutoFocus={returnFocus} {...props} />
		</Suspense>
	)
}
