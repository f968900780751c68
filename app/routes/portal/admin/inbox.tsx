import { Link, useSearchParams } from 'react-router'
import { loadAdminPage } from '~/.server/admin/list'
import { guardedUser } from '~/.server/auth/guards'
import { getSupabase } from '~/.server/supabase/client'
import { AdminTable, ClearFilters, FilterSelect } from '~/components/admin/admin-table'
import { InboxStatusBadge, inboxKindLabel } from '~/components/inbox/inbox-status'
import { adminCopy } from '~/content/admin'
import { formatLongDateTime } from '~/lib/dates'
import { routeComponent } from '~/lib/route-component'
import { formTypes, inboxStatuses } from '~/lib/inbox'
import { inboxFilterArgs, inboxFiltersFrom, type InboxFilters } from '~/lib/inbox-filters'
import type { Route } from './+types/inbox'
import { adminInboxRow } from '~/lib/admin-rows'

const copy = adminCopy.inbox

export async function loader({ url, context }: Route.LoaderArgs) {
	const filters = inboxFiltersFrom(url.searchParams)
	const user = guardedUser(context)
	const page = await loadAdminPage(url, copy.loadError, adminInboxRow, (range) =>
		getSupabase(context).rpc('admin_soporte', { ...range, ...inboxFilterArgs(filters, user.id) }),
	)
	return { ...page, filters }
}

function Filters({ filters }: { filters: InboxFilters }) {
	const text = copy.filters
	return (
		<>
			<FilterSelect
				name="estado"
				label={text.status}
				value={filters.estado}
				options={[['', text.allStatuses], ...inboxStatuses.map((s): [string, string] => [s, copy.statuses[s]])]}
			/>
			<FilterSelect
				name="tipo"
				label={text.kind}
				value={filters.tipo}
				options={[['', text.allKinds], ...formTypes.map((t): [string, string] => [t, copy.kinds[t]])]}
			/>
			<FilterSelect
				name="asignado"
				label={text.assignee}
				value={filters.asignado}
				options={[
					['', text.anyone],
					['yo', text.me],
					['nadie', text.nobody],
				]}
			/>
			<ClearFilters active={Boolean(filters.estado || filters.tipo || filters.asignado)} />
		</>
	)
}

export default routeComponent(AdminSupport)

function AdminSupport({ loaderData }: Route.ComponentProps) {
	const [searchParams] = useSearchParams()
	// The item's page links back to the list as it was: search, filters and page (the empty ones left out).
	const listState = new URLSearchParams([...searchParams].filter(([, value]) => value))
	const itemHref = (id: string) => `/admin/soporte/${id}${listState.size ? `?${listState}` : ''}`
	return (
		<AdminTable
			title={copy.title}
			placeholder={copy.searchPlaceholder}
			columns={copy.columns}
			list={loaderData}
			empty={copy.empty}
			filters={<Filters filters={loaderData.filters} />}
		>
			{loaderData.rows.map((row) => (
				// The sender's link covers its row (after:inset-0): anywhere on the row opens the item, and the focus ring shows the row.
				<tr key={row.id} className="relative border-b transition-colors last:border-0 hover:bg-surface-muted">
					<td data-label={copy.columns[0]} className="p-4 whitespace-nowrap text-muted-foreground">
						{formatLongDateTime(row.created_at)}
					</td>
					<td data-label={copy.columns[1]} className="p-4">
						{inboxKindLabel(row.form_type)}
					</td>
					<td data-label={copy.columns[2]} className="p-4">
						<span className="max-sm:text-right">
							<Link
								to={itemHref(row.id)}
								className="block font-medium underline-offset-4 after:absolute after:inset-0 hover:underline focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-ring"
							>
								{row.nombre ?? row.email ?? '—'}
							</Link>
							{row.email ? <span className="block text-muted-foreground">{row.email}</span> : null}
						</span>
					</td>
					<td data-label={copy.columns[3]} className="max-w-sm p-4 text-muted-foreground">
						<span className="line-clamp-2">{row.extracto}</span>
					</td>
					<td data-label={copy.columns[4]} className="p-4">
						<InboxStatusBadge status={row.status} />
					</td>
					<td data-label={copy.columns[5]} className="p-4 text-muted-foreground">
						{row.asignado_nombre ?? copy.unassigned}
					</td>
				</tr>
			))}
		</AdminTable>
	)
}
