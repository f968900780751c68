import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { Link, useSubmit } from 'react-router'
import { Icon } from '~/components/ui/icon'
import { cn } from '~/lib/utils'
import { accountMenuItemClass as itemClass, signOutAction, type AccountMenuProps } from './account-menu'

export default function AccountDropdown({ label, avatar, heading, links, signOutLabel }: AccountMenuProps) {
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
				{links.map(({ to, label: text, icon }) => (
					<DropdownMenu.Item key={to} asChild>
						<Link to={to} className={itemClass}>
							<Icon name={icon} className="size-4" />
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
					<Icon name="log-out" className="size-4" />
					{signOutLabel}
				</DropdownMenu.Item>
			</DropdownMenu.Content>
		</DropdownMenu.Root>
	)
}
