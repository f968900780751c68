import { Link } from 'react-router'
import { loadClientAssistants } from '~/.server/assistants/assistants'
import { getPublicEnv } from '~/.server/env'
import { getSupabase } from '~/.server/supabase/client'
import { AssistantStatusBadge, ChannelList } from '~/components/assistants/assistant-parts'
import { BackToDashboard, PageTitle } from '~/components/portal/dashboard-shell'
import { Button } from '~/components/ui/button'
import { Icon } from '~/components/ui/icon'
import { clientAssistantsCopy } from '~/content/assistants'
import { documentsCopy } from '~/content/documents'
import { documentsPath } from '~/lib/documents'
import { dashboardCopy } from '~/content/dashboard'
import { formatLongDate } from '~/lib/dates'
import { routeComponent } from '~/lib/route-component'
import type { Route } from './+types/assistants'

export const meta: Route.MetaFunction = () => [{ title: `${dashboardCopy.assistants.title} · KIA` }]

export async function loader({ context }: Route.LoaderArgs) {
	return {
		assistants: await loadClientAssistants(getSupabase(context)),
		pricingUrl: `${getPublicEnv().SITE_URL}/tarifas`,
	}
}

type Assistant = Route.ComponentProps['loaderData']['assistants'][number]

/** When it went live, or is planned to; nothing while the team has not set a day. */
function liveDateLine({ estado, fecha_activacion }: Assistant) {
	if (!fecha_activacion) return null
	const date = formatLongDate(fecha_activacion)
	return estado === 'en_preparacion' ? clientAssistantsCopy.planned(date) : clientAssistantsCopy.since(date)
}

function AssistantCard({ assistant }: { assistant: Assistant }) {
	const copy = clientAssistantsCopy
	const liveDate = liveDateLine(assistant)
	return (
		<li className="flex flex-col rounded-2xl border bg-surface p-6">
			<div className="flex items-start justify-between gap-3">
				<span className="grid size-11 shrink-0 place-items-center rounded-xl bg-brand/15">
					<Icon name="bot" className="size-6 text-brand-ink" />
				</span>
				<AssistantStatusBadge status={assistant.estado} />
			</div>
			<h2 className="mt-4 text-lg font-semibold">{assistant.nombre}</h2>
			{assistant.empresa ? (
				<p className="mt-0.5 text-sm text-muted-foreground">
					{dashboardCopy.assistants.company}: {assistant.empresa}
				</p>
			) : null}
			<div className="mt-4">
				<ChannelList channels={assistant.canales} label={copy.channels} />
			</div>
			<p className="mt-4 text-sm text-muted-foreground">
				{liveDate ? (
					<>
						{liveDate}
						<span aria-hidden> · </span>
					</>
				) : null}
				{copy.created(formatLongDate(assistant.created_at))}
			</p>
			{assistant.nota ? (
				<div className="mt-4 rounded-xl bg-surface-muted p-4 text-sm">
					<p className="font-medium">{copy.note}</p>
					<p className="mt-1 whitespace-pre-line text-muted-foreground">{assistant.nota}</p>
				</div>
			) : null}
			<div className="mt-auto flex flex-wrap gap-x-6 gap-y-2 pt-5 text-sm font-medium text-brand-ink">
				<Link
					to={documentsPath(assistant.id)}
					className="inline-flex items-center gap-2 underline-offset-4 hover:underline"
				>
					<Icon name="file-text" className="size-4" />
					{documentsCopy.link}
				</Link>
				<Link
					to={`/dashboard/soporte?${new URLSearchParams({ asistente: assistant.id })}`}
					className="inline-flex items-center gap-2 underline-offset-4 hover:underline"
				>
					<Icon name="life-buoy" className="size-4" />
					{copy.help}
				</Link>
			</div>
		</li>
	)
}

export default routeComponent(Assistants)

function Assistants({ loaderData }: Route.ComponentProps) {
	const copy = dashboardCopy.assistants
	return (
		<>
			<BackToDashboard />
			<PageTitle title={copy.title} />
			{loaderData.assistants.length === 0 ? (
				<div className="rounded-2xl border border-dashed bg-surface p-12 text-center">
					<Icon name="bot" className="mx-auto size-10 text-muted-foreground" />
					<p className="mt-4 font-medium">{copy.empty}</p>
					<p className="mx-auto mt-2 max-w-md text-sm text-muted-foreground">{copy.emptyText}</p>
					<Button asChild className="mt-6">
						<a href={loaderData.pricingUrl}>{copy.request}</a>
					</Button>
				</div>
			) : (
				<ul className="grid gap-4 lg:grid-cols-2">
					{loaderData.assistants.map((assistant) => (
						<AssistantCard key={assistant.id} assistant={assistant} />
					))}
				</ul>
			)}
		</>
	)
}
