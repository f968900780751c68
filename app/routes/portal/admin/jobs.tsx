import { data, Form } from 'react-router'
import { loadJobsPage, retryJob } from '~/.server/admin/jobs'
import type { QueueStatus } from '~/.server/jobs/queue'
import { readForm } from '~/.server/http/responses'
import { redirectWithToast, toastHeaders } from '~/.server/http/toast'
import { getSupabase } from '~/.server/supabase/client'
import { AdminTable, ClearFilters, FilterSelect } from '~/components/admin/admin-table'
import { SubmitButton, usePendingForm } from '~/components/forms'
import { rowActions } from '~/components/portal/stacked-table'
import { Badge, type BadgeTone } from '~/components/portal/status-badge'
import { Icon } from '~/components/ui/icon'
import { adminJobsCopy as copy, jobStates, type JobState } from '~/content/admin-jobs'
import type { AdminJobRow } from '~/lib/admin-rows'
import { formatLongDateTime } from '~/lib/dates'
import { formatCount } from '~/lib/money'
import { routeComponent } from '~/lib/route-component'
import { cn } from '~/lib/utils'
import type { Route } from './+types/jobs'

export const meta: Route.MetaFunction = () => [{ title: `${copy.title} · KIA` }]

export async function loader({ url, context }: Route.LoaderArgs) {
	const page = await loadJobsPage(getSupabase(context), url)
	return { ...page, rows: page.rows.map(jobView), summary: page.summary && summaryView(page.summary) }
}

/** 'Reintentar' is this page's one action; the admin layout's guard has let only admins this far. */
export async function action({ request, url, context }: Route.ActionArgs) {
	const result = await retryJob(getSupabase(context), await readForm(request))
	if (result.ok) return redirectWithToast(`${url.pathname}${url.search}`, { type: 'success', title: copy.retry.done })
	return data(
		{ error: result.message },
		{ status: 400, headers: await toastHeaders({ type: 'error', title: result.message }) },
	)
}

const tones: Record<JobState, BadgeTone> = {
	pendiente: 'neutral',
	en_curso: 'attention',
	fallido: 'negative',
	hecho: 'positive',
}

/** Each row worded and dated by the server, in Madrid's time. */
function jobView(row: AdminJobRow) {
	const stuck = row.estado === 'en_curso' && row.reclamado_hasta !== null && new Date(row.reclamado_hasta) < new Date()
	return {
		id: row.id,
		created: formatLongDateTime(row.created_at),
		name: copy.name(row.tipo, row.plantilla),
		state: row.estado,
		attempts: copy.attempts(row.intentos, row.max_intentos),
		detail: detailOf(row, stuck),
		error: row.ultimo_error,
		retryable: row.estado === 'fallido',
	}
}

function detailOf(row: AdminJobRow, stuck: boolean) {
	if (stuck) return copy.stuck
	if (row.estado === 'pendiente') return copy.nextAttempt(formatLongDateTime(row.disponible_desde))
	if (row.estado === 'en_curso' && row.reclamado_hasta) return copy.inHandUntil(formatLongDateTime(row.reclamado_hasta))
	return row.terminado_at ? copy.finishedAt(formatLongDateTime(row.terminado_at)) : null
}

function summaryView(summary: QueueStatus) {
	const labels = copy.summary
	return [
		{ label: labels.waiting, value: formatCount(summary.pendientes), alert: false },
		{ label: labels.inHand, value: formatCount(summary.en_curso), alert: summary.atascados > 0 },
		{ label: labels.failed, value: formatCount(summary.fallidos), alert: summary.fallidos > 0 },
		{
			label: labels.oldest,
			value: summary.vencidos + summary.atascados > 0 ? labels.wait(summary.espera_segundos) : labels.none,
			alert: summary.espera_segundos >= 60,
		},
	]
}

type LoaderData = Route.ComponentProps['loaderData']

function Summary({ figures }: { figures: LoaderData['summary'] }) {
	if (!figures) return null
	return (
		<section aria-labelledby="cola-ahora" className="mb-6">
			<h2 id="cola-ahora" className="sr-only">
				{copy.summary.label}
			</h2>
			<dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
				{figures.map((figure) => (
					<div
						key={figure.label}
						className={cn(
							'flex flex-col rounded-2xl border bg-surface p-4 shadow-sm sm:p-5',
							figure.alert && 'border-amber-500/60',
						)}
					>
						<dt className="order-2 mt-1 text-sm text-muted-foreground">{figure.label}</dt>
						<dd className="order-1 text-2xl font-bold tracking-tight tabular-nums">{figure.value}</dd>
					</div>
				))}
			</dl>
		</section>
	)
}

function RetryForm({ id }: { id: number }) {
	const pending = usePendingForm({ intent: 'retry', fields: { id: String(id) } })
	return (
		<Form method="post">
			<input type="hidden" name="intent" value="retry" />
			<input type="hidden" name="id" value={id} />
			<SubmitButton
				pending={pending}
				variant="secondary"
				className="h-9 px-3"
				icon={<Icon name="rotate-ccw" className="size-4" />}
			>
				{copy.retry.button}
			</SubmitButton>
		</Form>
	)
}

export default routeComponent(AdminJobs)

function AdminJobs({ loaderData, actionData }: Route.ComponentProps) {
	const [created, name, state, attempts, detail, actions] = copy.columns
	return (
		<AdminTable
			title={copy.title}
			lead={
				<>
					<p className="mb-6 max-w-3xl text-muted-foreground">{copy.lead}</p>
					<Summary figures={loaderData.summary} />
				</>
			}
			placeholder={copy.searchPlaceholder}
			columns={copy.columns}
			list={loaderData}
			empty={copy.empty}
			above={
				actionData?.error ? (
					<p role="alert" className="mb-6 rounded-xl border border-danger/40 bg-danger/5 p-4 text-sm text-danger">
						{actionData.error}
					</p>
				) : null
			}
			filters={
				<>
					<FilterSelect
						name="estado"
						label={copy.filter}
						value={loaderData.estado}
						options={[
							['', copy.allStates],
							...jobStates.map((value): [string, string] => [value, copy.stateFilters[value]]),
						]}
					/>
					<ClearFilters active={Boolean(loaderData.estado)} />
				</>
			}
		>
			{loaderData.rows.map((row) => (
				<tr key={row.id} className="border-b align-top last:border-0">
					<td data-label={created} className="p-4 whitespace-nowrap text-muted-foreground">
						{row.created}
					</td>
					<td data-label={name} className="max-w-xs p-4 font-medium">
						{row.name}
					</td>
					<td data-label={state} className="p-4 whitespace-nowrap">
						<Badge tone={tones[row.state]}>{copy.states[row.state]}</Badge>
					</td>
					<td data-label={attempts} className="p-4 whitespace-nowrap tabular-nums">
						{row.attempts}
					</td>
					<td data-label={detail} className="max-w-md p-4 text-sm">
						{row.detail && <p className="text-muted-foreground">{row.detail}</p>}
						{row.error && (
							<p className="mt-1 break-words">
								<span className="font-medium">{copy.lastError}:</span> {row.error}
							</p>
						)}
					</td>
					<td data-label={actions} className="p-4">
						{row.retryable && (
							<span className={rowActions}>
								<RetryForm id={row.id} />
							</span>
						)}
					</td>
				</tr>
			))}
		</AdminTable>
	)
}
