import { CircleAlert, CircleCheck, Info, LoaderCircle, TriangleAlert } from 'lucide-react'
import { lazy, Suspense, useEffect } from 'react'
import type { HostKind } from '~/lib/host'
import type { Theme } from '~/lib/theme'
import type { Toast } from '~/lib/toast'
import { cn } from '~/lib/utils'
import { useIdle } from './idle'

const SonnerToaster = lazy(() => import('./sonner-toaster'))

let markToasterReady: () => void = () => {}
/** Settles once sonner's toaster is on the page and listening; a toast sent earlier would be lost. */
const toasterReady = new Promise<void>((resolve) => {
	markToasterReady = resolve
})

const icons = {
	success: CircleCheck,
	info: Info,
	warning: TriangleAlert,
	error: CircleAlert,
	loading: LoaderCircle,
} satisfies Record<Toast['type'], unknown>

/**
 * The one toast mechanism. A toast queued by the server (flash cookie) is
 * part of the HTML for readers without JavaScript, and handed to sonner,
 * which animates it, once the page is interactive. Sonner is mounted once the
 * browser is idle after hydration rather than shipped with the first load: no page needs it
 * to render, and its live region is still in place before any toast comes.
 */
export function AppToaster({ host, theme, toast }: { host: HostKind; theme: Theme; toast: Toast | null }) {
	const idle = useIdle()
	useEffect(() => {
		if (toast) notify(toast)
	}, [toast])

	return (
		<>
			{idle ? (
				<Suspense fallback={null}>
					<SonnerToaster host={host} theme={theme} onReady={markToasterReady} />
				</Suspense>
			) : null}
			{toast ? (
				// The browser never renders what is inside <noscript> once scripts run, and React
				// does not hydrate it: the static toast is server-rendered only, kept out of the bundle.
				<noscript>
					{import.meta.env.SSR ? (
						<StaticToast toast={toast} position={host === 'site' ? 'top-right' : 'bottom-right'} />
					) : null}
				</noscript>
			) : null}
		</>
	)
}

export function notify({ id, type, title, description, duration }: Toast) {
	void Promise.all([import('sonner'), toasterReady]).then(([{ toast: show }]) =>
		show[type](title, { id, description, duration }),
	)
}

function StaticToast({ toast, position }: { toast: Toast; position: 'top-right' | 'bottom-right' }) {
	const Icon = icons[toast.type]
	return (
		<div
			role={toast.type === 'error' ? 'alert' : 'status'}
			data-toast={toast.type}
			className={cn(
				'fixed right-4 z-50 flex w-[356px] max-w-[calc(100vw-2rem)] gap-3 rounded-xl border bg-surface p-4 text-sm shadow-lg',
				position === 'top-right' ? 'top-4' : 'bottom-4',
				toast.type === 'error' && 'border-danger/50',
			)}
		>
			<Icon
				aria-hidden
				className={cn('mt-0.5 size-4 shrink-0', toast.type === 'error' ? 'text-danger' : 'text-brand-ink')}
			/>
			<div>
				<p className="font-semibold">{toast.title}</p>
				{toast.description ? <p className="mt-1 text-muted-foreground">{toast.description}</p> : null}
			</div>
		</div>
	)
}
