import { Bot } from 'lucide-react'
import { requireUser } from '~/.server/auth'
import { getPublicEnv } from '~/.server/env'
import { getSupabase } from '~/.server/supabase'
import { BackToDashboard, PageTitle } from '~/components/portal/dashboard-shell'
import { Button } from '~/components/ui/button'
import { dashboardCopy } from '~/content/dashboard'
import type { Route } from './+types/assistants'

export const meta: Route.MetaFunction = () => [{ title: `${dashboardCopy.assistants.title} · KIA` }]

export async function loader({ request, context }: Route.LoaderArgs) {
	await requireUser(context, request)
	const { data, error } = await getSupabase(context)
		.from('asistentes')
		.select('id, nombre, empresa')
		.order('created_at')
	if (error) console.error('[dashboard] assistants failed', error)
	return { assistants: data ?? [], pricingUrl: `${getPublicEnv().SITE_URL}/tarifas` }
}

export default function Assistants({ loaderData }: Route.ComponentProps) {
	const copy = dashboardCopy.assistants
	return (
		<>
			<BackToDashboard />
			<PageTitle title={copy.title} />
			{loaderData.assistants.length === 0 ? (
				<div className="rounded-2xl border border-dashed bg-surface p-12 text-center">
					<Bot aria-hidden className="mx-auto size-10 text-muted-foreground" />
					<p className="mt-4 font-medium">{copy.empty}</p>
					<Button asChild className="mt-6">
						<a href={loaderData.pricingUrl}>{copy.request}</a>
					</Button>
				</div>
			) : (
				<ul className="grid gap-4 sm:grid-cols-2">
					{loaderData.assistants.map((assistant) => (
						<li key={assistant.id} className="rounded-2xl border bg-surface p-6">
							<Bot aria-hidden className="size-6 text-brand-ink" />
							<h2 className="mt-3 font-semibold">{assistant.nombre}</h2>
							{assistant.empresa ? (
								<p className="mt-1 text-sm text-muted-foreground">
									{copy.company}: {assistant.empresa}
								</p>
							) : null}
						</li>
					))}
				</ul>
			)}
		</>
	)
}
