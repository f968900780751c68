import { requireAdmin } from '~/.server/auth'
import { getSupabase } from '~/.server/supabase'
import { AdminTable } from '~/components/portal/admin-table'
import { adminCopy } from '~/content/admin'
import { ilikeAny, pageFrom, pageSize } from '~/lib/postgrest'
import type { Route } from './+types/users'

type Row = { id: string; full_name: string | null; email: string | null; phone: string | null; role: string }

export async function loader({ request, context }: Route.LoaderArgs) {
	await requireAdmin(context, request)
	const url = new URL(request.url)
	const q = url.searchParams.get('q')?.trim().slice(0, 100) ?? ''
	const page = pageFrom(url)
	let query = getSupabase(context)
		.from('usuarios')
		.select('id, full_name, email, phone, role', { count: 'exact' })
		.order('full_name', { ascending: true, nullsFirst: false })
		.order('id')
		.range((page - 1) * pageSize, page * pageSize - 1)
	if (q) query = query.or(ilikeAny(['full_name', 'email'], q))
	const { data, count, error } = await query
	if (error && error.code !== 'PGRST103') console.error('[admin] users failed', error)
	const total = count ?? 0
	return {
		rows: (data ?? []) as Row[],
		total,
		page,
		pages: Math.max(1, Math.ceil(total / pageSize)),
		error: error && error.code !== 'PGRST103' ? adminCopy.users.loadError : null,
	}
}

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
	const copy = adminCopy.users
	return (
		<AdminTable
			title={copy.title}
			placeholder={adminCopy.usersSearchPlaceholder}
			columns={copy.columns}
			total={loaderData.total}
			page={loaderData.page}
			pages={loaderData.pages}
			empty={copy.empty}
			error={loaderData.error}
		>
			{loaderData.rows.map((row) => (
				<tr key={row.id} className="border-b last:border-0">
					<td className="p-4 font-medium">{row.full_name ?? '—'}</td>
					<td className="p-4 text-muted-foreground">{row.email}</td>
					<td className="p-4 text-muted-foreground">{row.phone ?? '—'}</td>
					<td className="p-4">{copy.roles[row.role] ?? row.role}</td>
				</tr>
			))}
		</AdminTable>
	)
}
