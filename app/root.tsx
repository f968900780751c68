import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, type ShouldRevalidateFunction } from 'react-router'
import { HoneypotProvider } from 'remix-utils/honeypot/react'
import { routeComponent } from '~/lib/route-component'
import type { Route } from './+types/root'
import { budgetMiddleware } from './.server/budget'
import { readConsent } from './.server/http/consent'
import { companyIdentity, getPublicEnv } from './.server/env'
import { honeypotInputProps } from './.server/inbox/forms'
import { originMiddleware, requestInfoContext, requestMiddleware } from './.server/http/request'
import { readTheme } from './.server/http/theme'
import { readToast } from './.server/http/toast'
import { newPageKey } from './.server/http/submission-key'
import { RouteErrorPage } from './components/error-pages'
import { HostNotFound } from './components/host-not-found'
import { useVisitorView, wrongHostPage } from './lib/wrong-host'
import { HydratedProvider } from './components/hydrated'
import { useNonce } from './components/nonce'
import { themeScript, useTheme, useThemeInStep } from './components/theme'
import { AppToaster, submissionLost } from './components/toaster'
import { hostKindOf } from './lib/host'
import appStylesHref from './app.css?url'
import interLatinHref from './fonts/inter-latin-wght-400-700.woff2?url'

export const middleware: Route.MiddlewareFunction[] = [requestMiddleware, budgetMiddleware, originMiddleware]

export async function loader({ request, context }: Route.LoaderArgs) {
	const { host } = context.get(requestInfoContext)
	const { toast, headers } = await readToast(request)
	const consent = host === 'site' ? readConsent(request) : null
	return data(
		{
			host,
			theme: readTheme(request, host),
			toast,
			consent,
			honeypotInputProps: await honeypotInputProps(),
			submissionKey: newPageKey(),
			env: getPublicEnv(),
			company: companyIdentity,
		},
		{ headers },
	)
}

/**
 * Any action may have queued a toast, failing ones included; the root loader is what reads it. A submission
 * that never reached the server queued none, and reloading over the network that lost it would fail too.
 */
export const shouldRevalidate: ShouldRevalidateFunction = (args) =>
	args.formMethod !== undefined && args.formMethod !== 'GET' && !submissionLost(args)
		? true
		: args.defaultShouldRevalidate

export const links: Route.LinksFunction = () => [
	// With a precedence React puts the stylesheet before the scripts it hoists into <head>, so the
	// one render-blocking request is not queued behind dozens of module preloads.
	{ rel: 'stylesheet', href: appStylesHref, precedence: 'default' },
	// Every page's text is in Inter's Latin subset: fetched alongside the stylesheet rather than
	// after it has been parsed and laid out, so text paints in its own face sooner.
	{ rel: 'preload', href: interLatinHref, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
	{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

export const meta: Route.MetaFunction = () => [
	{ title: 'KIA · Tu asistente inteligente propio' },
	{
		name: 'description',
		content:
			'Asistentes de inteligencia artificial personalizados para negocios, entrenados con tu propio conocimiento.',
	},
]

export function Layout({ children }: { children: React.ReactNode }) {
	const nonce = useNonce()
	const visitor = useVisitorView()
	const theme = useTheme()
	// When the root loader itself failed there is no data; the URL still tells the host.
	const host = visitor?.host ?? (typeof window === 'undefined' ? 'site' : hostKindOf(window.location.hostname))
	return (
		<html lang="es" data-theme={theme} suppressHydrationWarning>
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				<script nonce={nonce} dangerouslySetInnerHTML={{ __html: themeScript(host) }} />
				<Meta />
				<Links nonce={nonce} />
			</head>
			<body className="min-h-dvh bg-background font-sans text-foreground antialiased">
				<HydratedProvider>{children}</HydratedProvider>
				<ScrollRestoration nonce={nonce} />
				<Scripts nonce={nonce} />
			</body>
		</html>
	)
}

export default routeComponent(App)

function App({ loaderData }: Route.ComponentProps) {
	const theme = useTheme()
	useThemeInStep(theme)
	return (
		<HoneypotProvider {...loaderData.honeypotInputProps}>
			<Outlet />
			<AppToaster host={loaderData.host} theme={theme} toast={loaderData.toast} />
		</HoneypotProvider>
	)
}

/**
 * A document request whose layout's host guard refused it (a path of the other host's) lands here, as any failure of
 * a middleware does: it is drawn as that host's 404 page, in its frame, from the error's data.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	const wrongHost = wrongHostPage(error)
	return wrongHost ? <HostNotFound page={wrongHost} /> : <RouteErrorPage error={error} />
}
