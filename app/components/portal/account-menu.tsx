import { lazy, Suspense, type ReactNode } from 'react'
import { Form, Link } from 'react-router'
import { Icon, type IconName } from '~/components/ui/icon'
import { cn } from '~/lib/utils'
import { useIdle } from '../idle'
import { DisclosureMenu } from '../ui/disclosure-menu'

export type AccountMenuLink = { to: string; label: string; icon: IconName }

export type AccountMenuProps = {
	label: string
	avatar: ReactNode
	heading: ReactNode
	links: AccountMenuLink[]
	signOutLabel: string
}

// Keyboard focus on an item draws the app's ring: the highlight alone hardly differs from the menu's background.
export const accountMenuItemClass =
	'flex w-full cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm hover:bg-surface-muted data-[highlighted]:bg-surface-muted'
export const signOutAction = '/auth/salir'

// Radix's dropdown (with its positioning and focus code) is most of a portal page's menu weight and
// nothing to read: fetched once the browser is idle after hydration, the disclosure standing in until then.
const AccountDropdown = lazy(() => import('./account-dropdown'))

/**
 * The avatar's menu in the portal's headers: who is signed in, a few links and 'Cerrar sesión'.
 * A Radix dropdown once the browser is idle after hydration; before that, and without JavaScript,
 * a disclosure whose sign-out is a plain form.
 */
export function AccountMenu(props: AccountMenuProps) {
	const idle = useIdle()
	const disclosure = <AccountDisclosure {...props} />
	if (!idle) return disclosure
	return (
		<Suspense fallback={disclosure}>
			<AccountDropdown {...props} />
		</Suspense>
	)
}

function AccountDisclosure({ label, avatar, heading, links, signOutLabel }: AccountMenuProps) {
	return (
		<DisclosureMenu label={label} summary={avatar} summaryClassName="block rounded-full" panelClassName="w-60 p-2">
			{heading}
			<div className="my-1 h-px bg-border" />
			{links.map(({ to, label: text, icon }) => (
				<Link key={to} to={to} className={accountMenuItemClass}>
					<Icon name={icon} className="size-4" />
					{text}
				</Link>
			))}
			<div className="my-1 h-px bg-border" />
			<Form method="post" action={signOutAction}>
				<button type="submit" className={cn(accountMenuItemClass, 'text-danger')}>
					<Icon name="log-out" className="size-4" />
					{signOutLabel}
				</button>
			</Form>
		</DisclosureMenu>
	)
}
