import { cn } from '~/lib/utils'

/** The KIA mark and wordmark; follows the text colour, so it works in both themes. */
export function Logo({ className }: { className?: string }) {
	return (
		<svg viewBox="0 0 200 64" role="img" aria-label="KIA" className={cn('h-8 w-auto', className)}>
			<rect width="64" height="64" rx="16" className="fill-brand" />
			<path
				className="fill-white"
				d="M32 11c1.9 12.6 6.4 17.1 21 21-14.6 3.9-19.1 8.4-21 21-1.9-12.6-6.4-17.1-21-21 14.6-3.9 19.1-8.4 21-21z"
			/>
			<g fill="currentColor">
				<rect x="80" y="8" width="11" height="48" rx="1.5" />
				<polygon points="91,29 109,8 123,8 100,34" />
				<polygon points="97,31 124,56 110,56 91,38" />
				<rect x="131" y="8" width="11" height="48" rx="1.5" />
				<polygon points="151,56 167,8 181,8 197,56 185,56 174,22 163,56" />
				<rect x="163" y="40" width="22" height="8" />
			</g>
		</svg>
	)
}
