import type { ComponentProps } from 'react'
import type { IconName } from './icon-names'
import spriteHref from './icons.svg?no-inline'

export type { IconName }

/**
 * A Lucide icon, drawn from the sprite every page shares (npm run icons): the page carries a reference of two
 * elements instead of each icon's paths, so there is less HTML to send, render on the server and hydrate, and
 * the drawings are fetched once and cached with the other assets. 24 px unless a class sizes it; its strokes
 * take the colour of the text around it. Decorative unless given an accessible name.
 */
export function Icon({ name, ...props }: ComponentProps<'svg'> & { name: IconName }) {
	const named = Boolean(props['aria-label'] ?? props['aria-labelledby'])
	return (
		<svg width="24" height="24" aria-hidden={named ? undefined : true} role={named ? 'img' : undefined} {...props}>
			<use href={`${spriteHref}#${name}`} />
		</svg>
	)
}
