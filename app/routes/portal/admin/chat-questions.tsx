import { z } from 'zod'
import { loadAdminPage } from '~/.server/admin/list'
import { getPublicEnv } from '~/.server/env'
import { getSupabase } from '~/.server/supabase/client'
import { AdminTable, ClearFilters, FilterSelect } from '~/components/admin/admin-table'
import { Badge, type BadgeTone } from '~/components/portal/status-badge'
import { adminCopy } from '~/content/admin'
import { adminChatQuestionRow } from '~/lib/admin-rows'
import { chatOutcomes, type ChatOutcome } from '~/lib/chat-outcomes'
import { formatLongDateTime } from '~/lib/dates'
import { routeComponent } from '~/lib/route-component'
import type { Route } from './+types/chat-questions'

const copy = adminCopy.assistant

const frequentSchema = z.array(z.object({ pregunta: z.string(), veces: z.number(), ultima: z.string() }))
const listSchema = z.object({ sin_respuesta: frequentSchema })

/** What visitors asked the site's chat (issue 54), and what it could not answer, most asked first. */
export async function loader({ url, context }: Route.LoaderArgs) {
	const resultado = z
		.enum(chatOutcomes)
		.optional()
		.catch(undefined)
		.parse(url.searchParams.get('resultado') ?? undefined)
	let frequent: z.infer<typeof frequentSchema> = []
	const [page] = await Promise.all([
		loadAdminPage(url, copy.loadError, adminChatQuestionRow, async (range) => {
			const result = await getSupabase(context).rpc('admin_asistente_web', { ...range, resultado })
			frequent = listSchema.safeParse(result.data).data?.sin_respuesta ?? []
			return result
		}),
	])
	return { ...page, frequent, resultado: resultado ?? '', siteUrl: getPublicEnv().SITE_URL }
}

const tones: Record<ChatOutcome, BadgeTone> = { respondida: 'positive', sin_respuesta: 'attention', persona: 'neutral' }

function Frequent({ questions }: { questions: z.infer<typeof frequentSchema> }) {
	return (
		<section aria-labelledby="frecuentes" className="mb-8 rounded-2xl border bg-surface p-5 shadow-sm">
			<h2 id="frecuentes" className="text-lg font-semibold">
				{copy.frequent.title}
			</h2>
			<p className="mt-1 text-sm text-muted-foreground">{copy.frequent.lead}</p>
			{questions.length ? (
				<ol className="mt-4 divide-y">
					{questions.map((question) => (
						<li
							key={question.pregunta}
							className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2.5"
						>
							<span className="font-medium">{question.pregunta}</span>
							<span className="text-sm whitespace-nowrap text-muted-foreground">
								<strong className="font-semibold text-foreground">{copy.frequent.times(question.veces)}</strong> ·{' '}
								{copy.frequent.last(formatLongDateTime(question.ultima))}
							</span>
						</li>
					))}
				</ol>
			) : (
				<p className="mt-4 text-sm text-muted-foreground">{copy.frequent.empty}</p>
			)}
		</section>
	)
}

export default routeComponent(AdminAssistantQuestions)

function AdminAssistantQuestions({ loaderData }: Route.ComponentProps) {
	return (
		<AdminTable
			title={copy.title}
			lead={
				<>
					<p className="mb-6 max-w-3xl text-muted-foreground">{copy.lead}</p>
					<Frequent questions={loaderData.frequent} />
				</>
			}
			placeholder={copy.searchPlaceholder}
			columns={copy.columns}
			list={loaderData}
			empty={copy.empty}
			filters={
				<>
					<FilterSelect
						name="resultado"
						label={copy.filter}
						value={loaderData.resultado}
						options={[
							['', copy.allOutcomes],
							...chatOutcomes.map((outcome): [string, string] => [outcome, copy.outcomes[outcome]]),
						]}
					/>
					<ClearFilters active={Boolean(loaderData.resultado)} />
				</>
			}
		>
			{loaderData.rows.map((row) => (
				<tr key={row.id} className="border-b last:border-0">
					<td data-label={copy.columns[0]} className="p-4 whitespace-nowrap text-muted-foreground">
						{formatLongDateTime(row.created_at)}
					</td>
					<td data-label={copy.columns[1]} className="max-w-md p-4 font-medium">
						{row.pregunta}
					</td>
					<td data-label={copy.columns[2]} className="p-4">
						<Badge tone={tones[row.resultado]}>{copy.outcomes[row.resultado]}</Badge>
					</td>
					<td data-label={copy.columns[3]} className="p-4">
						{row.paginas.length ? (
							<ul className="space-y-0.5 max-sm:text-right">
								{row.paginas.map((path) => (
									<li key={path}>
										<a
											href={`${loaderData.siteUrl}${path}`}
											className="text-brand-ink underline-offset-4 hover:underline"
										>
											{path}
										</a>
									</li>
								))}
							</ul>
						) : (
							copy.noPages
						)}
					</td>
				</tr>
			))}
		</AdminTable>
	)
}
