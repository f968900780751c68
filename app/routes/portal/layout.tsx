import { Outlet } from 'react-router'
import { hostGuard } from '~/.server/host-guard'
import { Logo } from '~/components/logo'
import { ThemeSwitch } from '~/components/theme'
import type { Route } from './+types/layout'

export const middleware: Route.MiddlewareFunction[] = [hostGuard('portal')]

export default function PortalLayout() {
	return (
		<div className="flex min-h-dvh flex-col">
			<header className="border-b">
				<div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6">
					<Logo className="h-7" />
					<ThemeSwitch />
				</div>
			</header>
			<main id="contenido" className="flex flex-1 flex-col">
				<Outlet />
			</main>
		</div>
	)
}
