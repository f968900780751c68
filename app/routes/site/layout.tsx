import { Link, Outlet } from 'react-router'
import { hostGuard } from '~/.server/host-guard'
import { Logo } from '~/components/logo'
import { ThemeSwitch } from '~/components/theme'
import type { Route } from './+types/layout'

export const middleware: Route.MiddlewareFunction[] = [hostGuard('site')]

export default function SiteLayout() {
	return (
		<div className="flex min-h-dvh flex-col">
			<header className="sticky top-0 z-40 border-b bg-background/80 backdrop-blur-md">
				<div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
					<Link to="/" aria-label="KIA, inicio" className="rounded-md">
						<Logo className="h-7" />
					</Link>
					<ThemeSwitch />
				</div>
			</header>
			<main id="contenido" className="flex-1">
				<Outlet />
			</main>
			<footer className="border-t">
				<div className="mx-auto max-w-7xl px-4 py-8 text-sm text-muted-foreground sm:px-6 lg:px-8">
					© 2025 KIA. Todos los derechos reservados.
				</div>
			</footer>
		</div>
	)
}
