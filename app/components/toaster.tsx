import { CircleAlert, CircleCheck, Info, LoaderCircle, TriangleAlert } from 'lucide-react'
import { useEffect } from 'react'
import { Toaster, toast as showToast, type ToasterProps } from 'sonner'
import type { HostKind } from '~/lib/host'
import type { Theme } from '~/lib/theme'
import type { Toast } from '~/lib/toast'
import { cn } from '~/lib/utils'

/** SPEC §9: the site shows one toast at a time for 5 s, top right; the portal up to three for 4 s. */
const toasterByHost: Record<HostKind, ToasterProps> = {
	site: { position: 'top-right', visibleToasts: 1, duration: 5000 },
	portal: { position: 'bottom-right', visibleToasts: 3, duration: 4000 },
}

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
 * which animates it, once the page is interactive.
 */
export function AppToaster({ host, theme, toast }: { host: HostKind; theme: Theme; toast: Toast | null }) {
	useEffect(() => {
		if (toast) notify(toast)
	}, [toast])

	return (
		<>
			<Toaster
				{...toasterByHost[host]}
				theme={theme}
				richColors
				closeButton
				containerAriaLabel="Notificaciones"
				toastOptions={{ closeButtonAriaLabel: 'Cerrar aviso' }}
			/>
			{toast ? (
				<noscript>
					<StaticToast toast={toast} position={host === 'site' ? 'top-right' : 'bottom-right'} />
				</noscript>
			) : null}
		</>
	)
}

export function notify({ id, type, title, description, duration }: Toast) {
	showToast[type](title, { id, description, duration })
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
			<Icon aria-hidden className={cn('mt-0.5 size-4 shrink-0', toast.type === 'error' ? 'text-danger' : 'text-brand-ink')} />
			<div>
				<p className="font-semibold">{toast.title}</p>
				{toast.description ? <p className="mt-1 text-muted-foreground">{toast.description}</p> : null}
			</div>
		</div>
	)
}
