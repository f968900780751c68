import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { LogOut, type LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Form, Link, useSubmit } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import { cn } from '~/lib/utils'
import { DisclosureMenu } from '../ui/disclosure-menu'

export type AccountMenuLink = { to: string; label: string; icon: LucideIcon }

type AccountMenuProps = {
	label: string
	avatar: ReactNode
	heading: ReactNode
	links: AccountMenuLink[]
	signOutLabel: string
}

// Keyboard focus on an item draws the app's ring: the highlight alone hardly differs from the menu's background.
const itemClass =
	'flex w-full cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm hover:bg-surface-muted data-[highlighted]:bg-surface-muted'
const signOutAction = '/auth/salir'

/**
 * The avatar's menu in the portal's headers: who is signed in, a few links and 'Cerrar sesión'.
 * A Radix dropdown once hydrated; before that, and without JavaScript, a disclosure whose
 * sign-out is a plain form.
 */
export function AccountMenu({ label, avatar, heading, links, signOutLabel }: AccountMenuProps) {
	const hydrated = useHydrated()
	if (!hydrated) {
		return (
			<DisclosureMenu label={label} summary={avatar} summaryClassName="block rounded-full" panelClassName="w-60 p-2">
				{heading}
				<div className="my-1 h-px bg-border" />
				{links.map(({ to, label: text, icon: Icon }) => (
					<Link key={to} to={to} className={itemClass}>
						<Icon aria-hidden className="size-4" />
						{text}
					</Link>
				))}
				<div className="my-1 h-px bg-border" />
				<Form method="post" action={signOutAction}>
					<button type="submit" className={cn(itemClass, 'text-danger')}>
						<LogOut aria-hidden className="size-4" />
						{signOutLabel}
					</button>
				</Form>
			</DisclosureMenu>
		)
	}
	return <AccountDropdown label={label} avatar={avatar} heading={heading} links={links} signOutLabel={signOutLabel} />
}

function AccountDropdown({ label, avatar, heading, links, signOutLabel }: AccountMenuProps) {
	const submit = useSubmit()
	// Neither modal nor portalled: a modal menu hides the page with aria-hidden while its links stay
	// focusable, and a portalled one sits outside every landmark (axe: aria-hidden-focus, region).
	return (
		<DropdownMenu.Root modal={false}>
			<DropdownMenu.Trigger className="rounded-full" aria-label={label}>
				{avatar}
			</DropdownMenu.Trigger>
			<DropdownMenu.Content
				align="end"
				sideOffset={8}
				className="z-50 w-60 rounded-2xl border bg-surface p-2 shadow-xl"
			>
				{heading}
				<DropdownMenu.Separator className="my-1 h-px bg-border" />
				{links.map(({ to, label: text, icon: Icon }) => (
					<DropdownMenu.Item key={to} asChild>
						<Link to={to} className={itemClass}>
							<Icon aria-hidden className="size-4" />
							{text}
						</Link>
					</DropdownMenu.Item>
				))}
				<DropdownMenu.Separator className="my-1 h-px bg-border" />
				{/* The menu closes (and unmounts) on select, so the post is submitted from here, not from a form inside it. */}
				<DropdownMenu.Item
					className={cn(itemClass, 'text-danger')}
					onSelect={() => void submit(null, { method: 'post', action: signOutAction })}
				>
					<LogOut aria-hidden className="size-4" />
					{signOutLabel}
				</DropdownMenu.Item>
			</DropdownMenu.Content>
		</DropdownMenu.Root>
	)
}
