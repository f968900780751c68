import { cn } from '~/lib/utils'

/** A header link, in the desktop bar and the phone menu alike. */
export const navLinkClass = ({ isActive }: { isActive: boolean }) =>
	cn(
		'rounded-full px-3 py-2 text-sm font-medium transition-colors hover:text-foreground',
		isActive ? 'text-foreground' : 'text-muted-foreground',
	)
