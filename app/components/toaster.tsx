import type { SubmissionResult } from '@conform-to/react'
import { lazy, Suspense, useEffect } from 'react'
import { data, isRouteErrorResponse, type ShouldRevalidateFunctionArgs } from 'react-router'
import { Icon, type IconName } from '~/components/ui/icon'
import { submissionFailureCopy, type SubmissionFailureKind } from '~/content/errors'
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
	success: 'circle-check',
	info: 'info',
	warning: 'triangle-exclamation-point',
	error: 'circle-exclamation-point',
	loading: 'loader-circle',
} satisfies Record<Toast['type'], IconName>

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
	return (
		<div
			role={toast.type === 'error' ? 'alert' : 'status'}
			data-toast={toast.type}
			className={cn(
				'fixed right-4 z-50 flex w-[356px] max-w-[calc(100vw-2rem)] gap-3 rounded-xl border bg-surface p-4 text-sm shadow-lg',
				position === 'top-right' ? 'top-20' : 'bottom-4',
				toast.type === 'error' && 'border-danger/50',
			)}
		>
			<Icon
				name={icons[toast.type]}
				className={cn('mt-0.5 size-4 shrink-0', toast.type === 'error' ? 'text-danger' : 'text-brand-ink')}
			/>
			<div>
				<p className="font-semibold">{toast.title}</p>
				{toast.description ? <p className="mt-1 text-muted-foreground">{toast.description}</p> : null}
			</div>
		</div>
	)
}

/** What a route's form shows when its submission failed: every field as sent, and the failure as the form's error. */
export type FailedSubmission = { result: SubmissionResult<string[]>; formData: FormData; message: string }

/**
 * For a route's clientAction: runs the server action, and when it gets no usable answer (the network
 * cut, a 5xx, a body that is not the action's) says so in the form and a toast instead of throwing to an
 * error boundary, which would unmount the form and lose what was typed. Redirects and 4xx answers keep
 * their meaning. `shape` turns the failure into the action's own data (`{ result }`, `{ intent, result }`…).
 * The failure carries a 503 status: the router then leaves the page's data as it is rather than
 * reloading it over a network that just failed (a failed reload is the error boundary again).
 * It lives beside `notify` because the root ships this module with every page: a form's page needs no
 * extra request for it, and it must already be loaded when the network goes.
 */
export async function keepFormOnFailure<ServerData, Failure>(
	request: Request,
	serverAction: () => Promise<ServerData>,
	shape: (failure: FailedSubmission) => Failure,
	kind: SubmissionFailureKind = 'generic',
) {
	// The server action reads the request's body; the failure path needs it too.
	const sent = request.clone()
	try {
		return await serverAction()
	} catch (error) {
		if (!failedInTransit(error)) throw error
		const copy = submissionFailureCopy[kind]
		const formData = await sent.formData()
		notify({ id: crypto.randomUUID(), type: 'error', title: copy.title, description: copy.description })
		const failure = shape({ result: failedSubmission(formData, copy.form), formData, message: copy.form })
		if (typeof failure === 'object' && failure !== null) lostSubmissions.add(failure)
		return data(failure, { status: lostSubmissionStatus })
	}
}

/** The status of a submission that got no usable answer (keepFormOnFailure); loaders skip reloading after it. */
const lostSubmissionStatus = 503

/**
 * What keepFormOnFailure answered, told apart from a server's own 503 (Supabase down), after which the root must
 * still reload to read the toast the server queued.
 */
const lostSubmissions = new WeakSet<object>()

/** For a route whose shouldRevalidate reloads after its own posts: not after one that was lost. */
export function submissionLost({ actionResult }: Pick<ShouldRevalidateFunctionArgs, 'actionResult'>) {
	return typeof actionResult === 'object' && actionResult !== null && lostSubmissions.has(actionResult)
}

function failedInTransit(error: unknown) {
	if (error instanceof Response) return error.status >= 500
	if (isRouteErrorResponse(error)) return error.status >= 500
	return true
}

/** Conform's reply shape: the values as sent (a repeated name as a list) and one error for the whole form. */
function failedSubmission(formData: FormData, message: string): SubmissionResult<string[]> {
	const initialValue: Record<string, string | string[]> = {}
	for (const name of new Set(formData.keys())) {
		const values = formData.getAll(name).filter((value) => typeof value === 'string')
		initialValue[name] = values.length === 1 ? (values[0] ?? '') : values
	}
	return { status: 'error', initialValue, error: { '': [message] } }
}
