import { createContext, use } from 'react'
import { isRouteErrorResponse, Link, useRouteLoaderData } from 'react-router'
import type { NotFoundData } from '~/.server/http/responses'
import { Icon } from '~/components/ui/icon'
import { serviceUnavailableCopy } from '~/content/errors'
import { motivationalQuotes } from '~/content/not-found'
import type { loader as rootLoader } from '~/root'
import { Logo } from './logo'
import { Button } from './ui/button'

/** Inside a layout the page sits in its <main>, under the menus; alone it is the whole page, logo first. */
const InLayout = createContext(false)

function ErrorShell({ children }: { children: React.ReactNode }) {
	return use(InLayout) ? (
		<div className="flex flex-col items-center px-6 py-20 text-center sm:py-28">{children}</div>
	) : (
		<main className="flex min-h-dvh flex-col items-center justify-center px-6 py-16 text-center">
			<Logo className="mb-12 h-9" />
			{children}
		</main>
	)
}

/**
 * What a route's ErrorBoundary shows: the 404 page, the 503 page or 'Algo salió mal'. The root shows it as a
 * page of its own; a layout draws its header and menus around it (`frame`), so a page's failure keeps them.
 * A layout whose own loader failed has nothing to draw them with (`frame` null): the whole page then.
 */
export function RouteErrorPage({
	error,
	frame = null,
}: {
	error: unknown
	frame?: ((page: React.ReactNode) => React.ReactNode) | null
}) {
	const rootData = useRouteLoaderData<typeof rootLoader>('root')
	let page: React.ReactNode
	if (isRouteErrorResponse(error) && error.status === 404) {
		page = <NotFoundPage quote={(error.data as NotFoundData | null)?.quote ?? motivationalQuotes[0]} />
	} else if (isRouteErrorResponse(error) && error.status === 503) {
		page = <ServiceUnavailablePage homeUrl={rootData?.env.SITE_URL ?? '/'} />
	} else {
		page = <ErrorPage details={import.meta.env.DEV && error instanceof Error ? error.stack : undefined} />
	}
	return frame ? <InLayout value>{frame(page)}</InLayout> : page
}

/**
 * The 404 page in a layout's frame, as a layout's ErrorBoundary shows it: the not-found route's, for a path no route
 * has, so that it looks as a 404 inside any page does.
 */
export function FramedNotFoundPage({
	quote,
	frame,
}: {
	quote: string
	frame: (page: React.ReactNode) => React.ReactNode
}) {
	return <InLayout value>{frame(<NotFoundPage quote={quote} />)}</InLayout>
}

function NotFoundPage({ quote }: { quote: string }) {
	return (
		<ErrorShell>
			<p className="bg-gradient-to-br from-brand to-accent bg-clip-text text-8xl font-bold tracking-tight text-transparent sm:text-9xl">
				404
			</p>
			<h1 className="mt-4 text-2xl font-semibold sm:text-3xl">Página no encontrada</h1>
			<blockquote className="mt-6 max-w-md text-balance text-muted-foreground italic">“{quote}”</blockquote>
			<Button asChild size="lg" className="mt-10">
				<Link to="/" reloadDocument>
					<Icon name="house" className="size-4" />
					Volver al inicio
				</Link>
			</Button>
		</ErrorShell>
	)
}

function ErrorPage({ details }: { details?: string }) {
	return (
		<ErrorShell>
			<h1 className="text-3xl font-semibold sm:text-4xl">Algo salió mal</h1>
			<p className="mt-4 max-w-md text-balance text-muted-foreground">
				Se ha producido un error inesperado. Nuestro equipo técnico ya ha sido notificado y está trabajando para
				solucionarlo.
			</p>
			<div className="mt-10 flex flex-wrap justify-center gap-3">
				<Button asChild size="lg">
					<a href="/">
						<Icon name="rotate-ccw" className="size-4" />
						Intentar de nuevo
					</a>
				</Button>
				<Button asChild size="lg" variant="secondary">
					<Link to="/" reloadDocument>
						<Icon name="house" className="size-4" />
						Volver al inicio
					</Link>
				</Button>
			</div>
			{details ? (
				<pre className="mt-10 max-w-3xl overflow-auto rounded-lg border bg-surface-muted p-4 text-left text-xs">
					{details}
				</pre>
			) : null}
		</ErrorShell>
	)
}

/** 503: a service we depend on is down. Trying again means this same page, a little later. */
function ServiceUnavailablePage({ homeUrl }: { homeUrl: string }) {
	return (
		<ErrorShell>
			<h1 className="text-3xl font-semibold sm:text-4xl">{serviceUnavailableCopy.title}</h1>
			<p className="mt-4 max-w-md text-balance text-muted-foreground">{serviceUnavailableCopy.message}</p>
			<div className="mt-10 flex flex-wrap justify-center gap-3">
				<Button asChild size="lg">
					<a href="">
						<Icon name="rotate-ccw" className="size-4" />
						{serviceUnavailableCopy.retry}
					</a>
				</Button>
				<Button asChild size="lg" variant="secondary">
					<a href={homeUrl}>
						<Icon name="house" className="size-4" />
						{serviceUnavailableCopy.home}
					</a>
				</Button>
			</div>
		</ErrorShell>
	)
}
