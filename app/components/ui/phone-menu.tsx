import { Menu } from 'lucide-react'
import { useRef, type ReactNode } from 'react'
import { cn } from '~/lib/utils'
import { Button } from './button'
import { DeferredDialog, preloadDialog } from './deferred-dialog'

/**
 * Radix leaves links out when it picks what to focus on open, which would start
 * a menu of links on a theme button or 'Cerrar sesión': the first link it is.
 */
function focusFirstLink(event: Event) {
	const link = event.currentTarget instanceof HTMLElement ? event.currentTarget.querySelector('a[href]') : null
	if (!(link instanceof HTMLElement)) return
	event.preventDefault()
	link.focus()
}

/** The phone-width menu of the site and the portal: a button, and a dialog of links fetched when first opened. */
export function PhoneMenu({
	open,
	onOpenChange,
	label,
	className,
	children,
}: {
	open: boolean
	onOpenChange: (open: boolean) => void
	label: string
	className?: string
	children: ReactNode
}) {
	const trigger = useRef<HTMLButtonElement>(null)
	return (
		<>
			<Button
				ref={trigger}
				variant="ghost"
				className={cn('px-3', className)}
				aria-label={label}
				aria-haspopup="dialog"
				aria-expanded={open}
				onPointerDown={preloadDialog}
				onFocus={preloadDialog}
				onClick={() => onOpenChange(true)}
			>
				<Menu aria-hidden className="size-5" />
			</Button>
			<DeferredDialog
				open={open}
				onOpenChange={onOpenChange}
				returnFocusTo={trigger}
				title="Menú"
				className="top-4 translate-y-0"
				onOpenAutoFocus={focusFirstLink}
			>
				{children}
			</DeferredDialog>
		</>
	)
}
