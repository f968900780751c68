import { Form } from 'react-router'
import { SubmitButton, usePendingForm } from '~/components/forms'
import { rowActions, StackedTable } from '~/components/portal/stacked-table'
import { Badge, type BadgeTone } from '~/components/portal/status-badge'
import { Icon } from '~/components/ui/icon'
import { documentsCopy as copy } from '~/content/documents'
import { formatLongDateTime } from '~/lib/dates'
import {
	documentFailures,
	documentsPath,
	documentStates,
	documentTypes,
	formatFileSize,
	type DocumentFailure,
	type DocumentState,
} from '~/lib/documents'

export type DocumentRow = {
	id: string
	nombre: string
	tipo: string
	tamano: number
	paginas: number | null
	estado: string
	motivo: string | null
	pasajes: number
	subido_at: string
	subido_por: string
}

const tones: Record<DocumentState, BadgeTone> = {
	en_cola: 'neutral',
	procesando: 'attention',
	listo: 'positive',
	fallido: 'negative',
}

const isState = (value: string): value is DocumentState => documentStates.some((state) => state === value)
const isFailure = (value: string | null): value is DocumentFailure =>
	documentFailures.some((failure) => failure === value)
const typeLabel = (tipo: string) => documentTypes.find((type) => type === tipo) ?? null

export function DocumentState({ document }: { document: Pick<DocumentRow, 'estado' | 'motivo' | 'pasajes'> }) {
	const state = isState(document.estado) ? document.estado : 'en_cola'
	return (
		<div className="flex flex-col items-start gap-1">
			<Badge tone={tones[state]}>
				{/* A short state: broken over two lines in a narrow column, its pill no longer reads as one. */}
				<span className="whitespace-nowrap">
					{state === 'listo' ? `${copy.states.listo} · ${copy.passages(document.pasajes)}` : copy.states[state]}
				</span>
			</Badge>
			{state === 'fallido' && isFailure(document.motivo) ? (
				<p className="max-w-xs text-xs text-danger">{copy.failures[document.motivo]}</p>
			) : null}
		</div>
	)
}

/** The documents, newest first; `processing` says the list is following their states (use-document-listing.ts). */
export function DocumentList({
	assistantId,
	documents,
	processing,
}: {
	assistantId: string
	documents: DocumentRow[]
	processing: boolean
}) {
	const path = documentsPath(assistantId)
	const pendingDelete = usePendingForm({ formAction: path, intent: 'eliminar' })
	return (
		<section className="mb-10" aria-labelledby="documents-heading">
			<div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
				<h2 id="documents-heading" className="text-xl font-semibold">
					{copy.list.heading}
				</h2>
				{processing ? (
					<p className="flex items-center gap-1.5 text-sm text-muted-foreground" role="status">
						<Icon name="loader-circle" className="size-4 animate-spin" />
						{copy.list.refreshing}
					</p>
				) : null}
			</div>
			{documents.length === 0 ? (
				<div className="rounded-2xl border border-dashed bg-surface p-10 text-center">
					<Icon name="file-text" className="mx-auto size-9 text-muted-foreground" />
					<p className="mt-3 font-medium">{copy.list.empty}</p>
					<p className="mx-auto mt-1 max-w-md text-sm text-muted-foreground">{copy.list.emptyText}</p>
				</div>
			) : (
				<StackedTable columns={copy.list.columns}>
					{documents.map((document) => {
						const type = typeLabel(document.tipo)
						return (
							<tr key={document.id} className="border-b last:border-0" data-testid="document-row">
								<td data-label={copy.list.columns[0]} className="p-4 font-medium [overflow-wrap:anywhere]">
									{document.nombre}
								</td>
								<td data-label={copy.list.columns[1]} className="p-4">
									{type ? copy.types[type] : document.tipo}
								</td>
								<td data-label={copy.list.columns[2]} className="p-4 whitespace-nowrap">
									{formatFileSize(document.tamano)}
								</td>
								<td data-label={copy.list.columns[3]} className="p-4">
									{document.paginas ?? copy.list.noPages}
								</td>
								<td data-label={copy.list.columns[4]} className="p-4 text-muted-foreground">
									{copy.list.uploadedBy(formatLongDateTime(document.subido_at), document.subido_por)}
								</td>
								<td data-label={copy.list.columns[5]} className="p-4">
									<DocumentState document={document} />
								</td>
								<td data-label={copy.list.columns[6]} className="p-4">
									<div className={rowActions}>
										<a
											href={`${path}/${document.id}/descargar`}
											className="inline-flex h-9 items-center gap-1.5 rounded-full border px-3 text-sm hover:bg-surface-muted"
											aria-label={copy.list.downloadLabel(document.nombre)}
										>
											<Icon name="download" className="size-4" />
											{copy.list.download}
										</a>
										<Form
											method="post"
											action={path}
											onSubmit={(event) => {
												if (!window.confirm(copy.list.removeConfirm(document.nombre))) event.preventDefault()
											}}
										>
											<input type="hidden" name="intent" value="eliminar" />
											<input type="hidden" name="documento" value={document.id} />
											<SubmitButton
												variant="secondary"
												className="h-9 px-3"
												pending={pendingDelete}
												aria-label={copy.list.removeLabel(document.nombre)}
												icon={<Icon name="x" className="size-4" />}
											>
												{copy.list.remove}
											</SubmitButton>
										</Form>
									</div>
								</td>
							</tr>
						)
					})}
				</StackedTable>
			)}
		</section>
	)
}
