import { data, Form, Link } from 'react-router'
import { loadDocumentsPage, reprocessDocument } from '~/.server/admin/documents'
import { readForm } from '~/.server/http/responses'
import { redirectWithToast, toastHeaders } from '~/.server/http/toast'
import { getSupabase } from '~/.server/supabase/client'
import { SubmitButton, usePendingForm } from '~/components/forms'
import { DocumentState } from '~/components/knowledge/document-list'
import { rowActions, StackedTable } from '~/components/portal/stacked-table'
import { Icon } from '~/components/ui/icon'
import { adminDocumentsCopy as copy, documentsCopy } from '~/content/documents'
import { planById } from '~/content/plans'
import { formatLongDateTime } from '~/lib/dates'
import { formatCount } from '~/lib/money'
import { routeComponent } from '~/lib/route-component'
import type { Route } from './+types/documents'

export const meta: Route.MetaFunction = () => [{ title: `${copy.title} · KIA` }]

export async function loader({ url, context }: Route.LoaderArgs) {
	return loadDocumentsPage(getSupabase(context), url)
}

/** 'Reprocesar' is this page's one action; the admin layout's guard has let only admins this far. */
export async function action({ request, url, context }: Route.ActionArgs) {
	const result = await reprocessDocument(getSupabase(context), await readForm(request))
	if (result.ok) return redirectWithToast(`${url.pathname}${url.search}`, { type: 'success', title: copy.reprocessed })
	return data(
		{ error: result.message },
		{ status: 400, headers: await toastHeaders({ type: 'error', title: result.message }) },
	)
}

export default routeComponent(AdminDocuments)

function AdminDocuments({ loaderData }: Route.ComponentProps) {
	const { rows, asistentes, cola, assistant } = loaderData
	const pending = usePendingForm({ formAction: '/admin/documentos' })
	return (
		<>
			<h1 className="text-3xl font-bold tracking-tight">{copy.title}</h1>
			<p className="mt-2 text-muted-foreground">{copy.lead}</p>
			<section className="mt-6 rounded-2xl border bg-surface p-5 text-sm" data-testid="documents-queue">
				<p>{copy.queue(cola.pendientes, cola.en_curso, cola.fallidos)}</p>
				{cola.mas_antiguo ? <p className="mt-1">{copy.oldest(formatLongDateTime(cola.mas_antiguo))}</p> : null}
				<Link
					to={`/admin/trabajos?${new URLSearchParams({ q: 'documento.procesar' })}`}
					className="mt-2 inline-flex items-center gap-1.5 font-medium text-brand-ink underline-offset-4 hover:underline"
				>
					<Icon name="refresh-cw" className="size-4" />
					{copy.queueLink}
				</Link>
			</section>
			<h2 className="mt-8 mb-3 text-xl font-semibold">{copy.assistants}</h2>
			<StackedTable columns={copy.assistantColumns}>
				{asistentes.map((row) => (
					<tr key={row.id} className="border-b last:border-0">
						<td data-label={copy.assistantColumns[0]} className="p-4 font-medium">
							<Link
								to={`?${new URLSearchParams({ asistente: row.id })}`}
								className="underline-offset-4 hover:underline"
							>
								{row.nombre}
							</Link>
						</td>
						<td data-label={copy.assistantColumns[1]} className="p-4">
							{row.cliente}
						</td>
						<td data-label={copy.assistantColumns[2]} className="p-4">
							{row.plan ? (planById(row.plan)?.name ?? row.plan) : copy.noPlan}
						</td>
						<td data-label={copy.assistantColumns[3]} className="p-4">
							{documentsCopy.quota(row.usados, row.plan ? row.limite : null)}
						</td>
						<td data-label={copy.assistantColumns[4]} className="p-4">
							{formatCount(row.en_marcha)}
						</td>
						<td data-label={copy.assistantColumns[5]} className="p-4">
							{formatCount(row.fallidos)}
						</td>
					</tr>
				))}
			</StackedTable>
			<div className="mt-8 mb-3 flex flex-wrap items-center gap-4">
				<h2 className="text-xl font-semibold">{copy.list}</h2>
				<Link to="?estado=fallido" className="text-sm font-medium text-brand-ink underline-offset-4 hover:underline">
					{copy.filterFailed}
				</Link>
				{assistant || loaderData.state ? (
					<Link
						to="/admin/documentos"
						className="text-sm font-medium text-brand-ink underline-offset-4 hover:underline"
					>
						{copy.allAssistants}
					</Link>
				) : null}
			</div>
			{rows.length === 0 ? (
				<p className="rounded-2xl border border-dashed bg-surface p-8 text-center text-muted-foreground">
					{copy.empty}
				</p>
			) : (
				<StackedTable columns={copy.columns}>
					{rows.map((row) => (
						<tr key={row.id} className="border-b last:border-0" data-testid="admin-document-row">
							<td data-label={copy.columns[0]} className="p-4 font-medium [overflow-wrap:anywhere]">
								{row.nombre}
							</td>
							<td data-label={copy.columns[1]} className="p-4">
								{row.asistente}
							</td>
							<td data-label={copy.columns[2]} className="p-4">
								{row.cliente}
							</td>
							<td data-label={copy.columns[3]} className="p-4 text-muted-foreground">
								{formatLongDateTime(row.subido_at)}
							</td>
							<td data-label={copy.columns[4]} className="p-4">
								<DocumentState document={row} />
								{row.estado === 'fallido' && row.error ? (
									<p className="mt-1 max-w-xs text-xs break-words text-muted-foreground">{row.error}</p>
								) : null}
							</td>
							<td data-label={copy.columns[5]} className="p-4">
								{row.estado === 'fallido' ? (
									<Form method="post" className={rowActions}>
										<input type="hidden" name="documento" value={row.id} />
										<SubmitButton
											variant="secondary"
											className="h-9 px-3"
											pending={pending}
											icon={<Icon name="rotate-ccw" className="size-4" />}
										>
											{copy.reprocess}
										</SubmitButton>
									</Form>
								) : null}
							</td>
						</tr>
					))}
				</StackedTable>
			)}
		</>
	)
}
