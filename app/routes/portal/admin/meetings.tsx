import { loadAdminPage } from '~/.server/admin-list'
import { requireAdmin } from '~/.server/auth'
import { NotImplementedForm } from '~/components/not-implemented'
import { AdminTable } from '~/components/portal/admin-table'
import { StatusBadge } from '~/components/portal/status-badge'
import { Button } from '~/components/ui/button'
import { adminCopy } from '~/content/admin'
import { meetingsCopy } from '~/content/meetings'
import { formatMeeting } from '~/lib/booking'
import type { Route } from './+types/meetings'

type Row = {
	id: string
	fecha: string
	hora: string
	nombre: string
	email: string
	motivo: string | null
	status: string
}

export async function loader({ request, context }: Route.LoaderArgs) {
	// In parallel with the role check: the database function refuses anyone but an admin anyway.
	const [, page] = await Promise.all([
		requireAdmin(context, request),
		loadAdminPage<Row>(context, 'admin_reservas', request, adminCopy.meetings.loadError),
	])
	return page
}

export default function AdminMeetings({ loaderData }: Route.ComponentProps) {
	const copy = adminCopy.meetings
	return (
		<AdminTable
			title={copy.title}
			placeholder={adminCopy.searchPlaceholder}
			columns={[...copy.columns, copy.actions]}
			list={loaderData}
			empty={copy.empty}
		>
			{loaderData.rows.map((row) => (
				<tr key={row.id} className="border-b last:border-0">
					<td className="p-4 font-medium whitespace-nowrap">{formatMeeting(row.fecha, row.hora)}</td>
					<td className="p-4">{row.nombre}</td>
					<td className="p-4 text-muted-foreground">{row.email}</td>
					<td className="p-4 text-muted-foreground">{row.motivo || meetingsCopy.defaultReason}</td>
					<td className="p-4">
						<StatusBadge status={row.status} />
					</td>
					<td className="p-4">
						{/* SPEC §4: editing and cancelling bookings from the admin panel are not implemented; the buttons say so. */}
						<NotImplementedForm className="flex gap-2">
							<Button type="submit" variant="secondary" className="h-9 px-3">
								{copy.edit}
							</Button>
							<Button type="submit" variant="ghost" className="h-9 px-3 text-danger">
								{copy.cancel}
							</Button>
						</NotImplementedForm>
					</td>
				</tr>
			))}
		</AdminTable>
	)
}
