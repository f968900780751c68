import type { ComponentProps } from 'react'
import type { IconName } from './icon-names'

export type { IconName }

/**
 * A Lucide icon, drawn from the sprite (npm run icons) that every document carries at the start of its body
 * (app/.server/http/html-stream.ts): an icon is a reference of two elements instead of its paths, so there is less
 * HTML to render on the server and hydrate and no drawing in the scripts, and the icons are drawn in the first
 * paint, with the page. 24 px unless a class sizes it; its strokes take the colour of the text around it.
 * Decorative unless given an accessible name.
 */
export function Icon({ name, ...props }: ComponentProps<'svg'> & { name: IconName }) {
	const named = Boolean(props['aria-label'] ?? props['aria-labelledby'])
	return (
		<svg width="24" height="24" aria-hidden={named ? undefined : true} role={named ? 'img' : undefined} {...props}>
			<use href={`#${name}`} />
		</svg>
	)
}
