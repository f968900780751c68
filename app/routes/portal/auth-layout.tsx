import type { ReactNode } from 'react'
import { Outlet, useRouteLoaderData } from 'react-router'
import { RouteErrorPage } from '~/components/error-pages'
import { Logo } from '~/components/logo'
import { SkipLink } from '~/components/skip-link'
import { ThemeSwitch } from '~/components/theme'
import { getPublicEnv } from '~/.server/env'
import { routeComponent } from '~/lib/route-component'
import type { Route } from './+types/auth-layout'

export function loader() {
	return { siteUrl: getPublicEnv().SITE_URL }
}

export default routeComponent(AuthLayout)

function AuthLayout({ loaderData }: Route.ComponentProps) {
	return (
		<AuthFrame siteUrl={loaderData.siteUrl}>
			<Outlet />
		</AuthFrame>
	)
}

/** A page that failed keeps the header. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	const data = useRouteLoaderData<typeof loader>('routes/portal/auth-layout')
	return (
		<RouteErrorPage error={error} frame={data && ((page) => <AuthFrame siteUrl={data.siteUrl}>{page}</AuthFrame>)} />
	)
}

function AuthFrame({ siteUrl, children }: { siteUrl: string; children: ReactNode }) {
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
