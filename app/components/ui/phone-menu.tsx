import { useRef, type ReactNode } from 'react'
import { useHydrated } from '~/components/hydrated'
import { Icon } from '~/components/ui/icon'
import { cn } from '~/lib/utils'
import { Button, buttonClass } from './button'
import { DeferredDialog, preloadDialog } from './deferred-dialog'
import { DisclosureMenu } from './disclosure-menu'

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

/**
 * The phone-width menu of the site and the portal: a button, and a dialog of links fetched when
 * first opened; before hydration (and without JavaScript) the same links in a disclosure.
 */
export function PhoneMenu({
	open,
	onOpenChange,
	label,
	align = 'end',
	className,
	children,
}: {
	open: boolean
	onOpenChange: (open: boolean) => void
	label: string
	/** Where the menu button sits: its disclosure opens from that edge. */
	align?: 'start' | 'end'
	className?: string
	children: ReactNode
}) {
	const hydrated = useHydrated()
	const trigger = useRef<HTMLButtonElement>(null)
	if (!hydrated) {
		return (
			<DisclosureMenu
				label={label}
				summary={<Icon name="menu" className="size-5" />}
				summaryClassName={buttonClass({ variant: 'ghost', className: 'px-3' })}
				align={align}
				className={className}
				panelClassName="max-h-[calc(100dvh-5rem)] w-[min(20rem,calc(100vw-2rem))] overflow-y-auto"
			>
				{children}
			</DisclosureMenu>
		)
	}
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
				<Icon name="menu" className="size-5" />
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
