import type { ReactNode } from 'react'
import { Logo } from '~/components/logo'
import { SkipLink } from '~/components/skip-link'
import { ThemeSwitch } from '~/components/theme'

/** The portal's frame for someone not signed in: the sign-in pages', and the portal's 404 for them. */
export function AuthFrame({ siteUrl, children }: { siteUrl: string; children: ReactNode }) {
	return (
		<div className="flex min-h-dvh flex-col">
			<SkipLink />
			<header className="border-b">
				<div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6">
					<a href={siteUrl} aria-label="KIA, volver a la web" className="rounded-md">
						<Logo className="h-7" />
					</a>
					<ThemeSwitch />
				</div>
			</header>
			<main
				id="contenido"
				className="relative flex flex-1 flex-col items-center justify-center overflow-hidden px-4 py-12"
			>
				<div
					aria-hidden
					className="glow pointer-events-none absolute inset-x-0 -top-56 mx-auto h-[32rem] max-w-4xl bg-gradient-to-br from-brand/20 to-accent/10"
				/>
				<div className="relative w-full max-w-md">{children}</div>
			</main>
		</div>
	)
}
