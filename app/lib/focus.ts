/**
 * For a dialog that is a menu of links (onOpenAutoFocus): Radix leaves links out when it
 * picks what to focus on open, which would start the menus on a theme button or 'Cerrar sesión'.
 */
export function focusFirstLink(event: Event) {
	const link = event.currentTarget instanceof HTMLElement ? event.currentTarget.querySelector('a[href]') : null
	if (!(link instanceof HTMLElement)) return
	event.preventDefault()
	link.focus()
}
