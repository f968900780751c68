import { CalendarPlus, Video } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { data, Form, Link, useNavigation, useSearchParams } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import { requireUser } from '~/.server/auth'
import { cancelOwnMeeting, listOwnMeetings, rescheduleOwnMeeting } from '~/.server/bookings'
import { getPublicEnv } from '~/.server/env'
import { readForm } from '~/.server/http'
import { getSupabase } from '~/.server/supabase'
import { redirectWithToast, toastHeaders } from '~/.server/toast'
import { inputClass } from '~/components/forms'
import { StatusBadge } from '~/components/portal/status-badge'
import { BackToDashboard, PageTitle } from '~/components/portal/dashboard-shell'
import { Button } from '~/components/ui/button'
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '~/components/ui/dialog'
import { meetingsCopy as copy } from '~/content/meetings'
import {
	bookingSlots,
	formatMeeting,
	lastBookableFrom,
	splitMeetings,
	todayInMadrid,
	type Meeting,
} from '~/lib/booking'
import { cn } from '~/lib/utils'
import type { Route } from './+types/meetings'

export const meta: Route.MetaFunction = () => [{ title: `${copy.title} · KIA` }]

type Tab = 'proximas' | 'pasadas'

export async function loader({ request, context }: Route.LoaderArgs) {
	const user = await requireUser(context, request)
	const meetings = await listOwnMeetings(getSupabase(context), user)
	const url = new URL(request.url)
	const tab: Tab = url.searchParams.get('tab') === 'pasadas' ? 'pasadas' : 'proximas'
	const split = meetings ? splitMeetings(meetings) : null
	return {
		tab,
		meetings: split ? (tab === 'proximas' ? split.upcoming : split.past) : null,
		today: todayInMadrid(),
		bookingUrl: `${getPublicEnv().SITE_URL}/solicitar-demostracion-kia`,
	}
}

export async function action({ request, context }: Route.ActionArgs) {
	const user = await requireUser(context, request)
	const form = await readForm(request)
	const id = String(form.get('id') ?? '')
	const supabase = getSupabase(context)
	const back =
		new URL(request.url).searchParams.get('tab') === 'pasadas'
			? '/dashboard/reuniones?tab=pasadas'
			: '/dashboard/reuniones'
	// Failures stay on the page with the message inline (and a toast); successes redirect, so a reload posts nothing twice.
	const fail = async (title: string, description?: string) =>
		data(
			{ error: description ?? title },
			{ status: 400, headers: await toastHeaders({ type: 'error', title, description }) },
		)

	if (form.get('intent') === 'cancel') {
		const result = await cancelOwnMeeting(supabase, user, id)
		if (!result.ok) return fail(copy.cancel.error(result.message))
		return redirectWithToast(back, { type: 'success', title: copy.cancel.success })
	}

	if (form.get('intent') === 'reschedule') {
		const fecha = String(form.get('fecha') ?? '')
		const hora = String(form.get('hora') ?? '')
		if (!fecha || !hora) return fail(copy.reschedule.required.title, copy.reschedule.required.description)
		const result = await rescheduleOwnMeeting(supabase, user, id, fecha, hora)
		if (!result.ok) return fail(copy.reschedule.errorTitle, copy.reschedule.error(result.message))
		return redirectWithToast(back, { type: 'success', title: copy.reschedule.success })
	}

	return data({ error: null }, { status: 400 })
}

function RescheduleForm({ meeting, today, onSubmit }: { meeting: Meeting; today: string; onSubmit?: () => void }) {
	const navigation = useNavigation()
	return (
		<Form method="post" className="space-y-4" onSubmit={onSubmit}>
			<input type="hidden" name="intent" value="reschedule" />
			<input type="hidden" name="id" value={meeting.id} />
			<div>
				<label htmlFor={`fecha-${meeting.id}`} className="mb-1.5 block text-sm font-medium">
					{copy.reschedule.date}
				</label>
				<input
					id={`fecha-${meeting.id}`}
					name="fecha"
					type="date"
					required
					min={today}
					max={lastBookableFrom(today)}
					className={inputClass}
				/>
			</div>
			<div>
				<label htmlFor={`hora-${meeting.id}`} className="mb-1.5 block text-sm font-medium">
					{copy.reschedule.time}
				</label>
				<select id={`hora-${meeting.id}`} name="hora" required defaultValue="" className={inputClass}>
					<option value="" disabled>
						{copy.reschedule.choose}
					</option>
					{bookingSlots.map((slot) => (
						<option key={slot} value={slot}>
							{slot}
						</option>
					))}
				</select>
			</div>
			<Button type="submit" className="w-full" disabled={navigation.state !== 'idle'}>
				{copy.reschedule.submit}
			</Button>
		</Form>
	)
}

function CancelForm({
	meeting,
	children,
	onSubmit,
}: {
	meeting: Meeting
	children?: ReactNode
	onSubmit?: () => void
}) {
	return (
		<Form method="post" className="flex flex-wrap justify-end gap-2" onSubmit={onSubmit}>
			<input type="hidden" name="intent" value="cancel" />
			<input type="hidden" name="id" value={meeting.id} />
			{children}
			<Button type="submit" variant="danger">
				{copy.cancel.confirm}
			</Button>
		</Form>
	)
}

/** Dialogs with JavaScript; without it, the same forms open inline through the URL. */
function RowActions({ meeting, today }: { meeting: Meeting; today: string }) {
	const hydrated = useHydrated()
	const [searchParams] = useSearchParams()
	const [dialog, setDialog] = useState<'reschedule' | 'cancel' | null>(null)
	const close = () => setDialog(null)
	const join = meeting.meet_url ? (
		<Button asChild size="md" variant="secondary" className="h-9 px-3">
			<a href={meeting.meet_url} target="_blank" rel="noreferrer">
				<Video aria-hidden className="size-4" />
				{copy.join}
			</a>
		</Button>
	) : null
	if (!hydrated) {
		const inlineHref = (key: string) =>
			`?${new URLSearchParams({ ...Object.fromEntries(searchParams), [key]: meeting.id })}`
		return (
			<div className="flex flex-wrap gap-2">
				{join}
				<Link to={inlineHref('reprogramar')} className="inline-flex h-9 items-center rounded-full border px-3 text-sm">
					{copy.reschedule.button}
				</Link>
				<Link
					to={inlineHref('cancelar')}
					className="inline-flex h-9 items-center rounded-full border px-3 text-sm text-danger"
				>
					{copy.cancel.button}
				</Link>
			</div>
		)
	}
	return (
		<div className="flex flex-wrap gap-2">
			{join}
			<Dialog open={dialog === 'reschedule'} onOpenChange={(open) => setDialog(open ? 'reschedule' : null)}>
				<DialogTrigger asChild>
					<Button variant="secondary" className="h-9 px-3">
						{copy.reschedule.button}
					</Button>
				</DialogTrigger>
				<DialogContent title={copy.reschedule.title} description={copy.reschedule.text}>
					<RescheduleForm meeting={meeting} today={today} onSubmit={close} />
				</DialogContent>
			</Dialog>
			<Dialog open={dialog === 'cancel'} onOpenChange={(open) => setDialog(open ? 'cancel' : null)}>
				<DialogTrigger asChild>
					<Button variant="ghost" className="h-9 px-3 text-danger">
						{copy.cancel.button}
					</Button>
				</DialogTrigger>
				<DialogContent title={copy.cancel.title} description={copy.cancel.text}>
					<CancelForm meeting={meeting} onSubmit={close}>
						<DialogClose asChild>
							<Button type="button" variant="secondary">
								{copy.cancel.back}
							</Button>
						</DialogClose>
					</CancelForm>
				</DialogContent>
			</Dialog>
		</div>
	)
}

function NewBooking({ bookingUrl }: { bookingUrl: string }) {
	const hydrated = useHydrated()
	const trigger = (
		<>
			<CalendarPlus aria-hidden className="size-4" />
			{copy.newBooking.button}
		</>
	)
	if (!hydrated) {
		return (
			<Button asChild>
				<a href={bookingUrl}>{trigger}</a>
			</Button>
		)
	}
	return (
		<Dialog>
			<DialogTrigger asChild>
				<Button>{trigger}</Button>
			</DialogTrigger>
			<DialogContent title={copy.newBooking.title} description={copy.newBooking.text}>
				<div className="flex flex-wrap justify-end gap-2">
					<DialogClose asChild>
						<Button variant="secondary">{copy.newBooking.cancel}</Button>
					</DialogClose>
					<Button asChild>
						<a href={bookingUrl}>{copy.newBooking.continue}</a>
					</Button>
				</div>
			</DialogContent>
		</Dialog>
	)
}

export default function Meetings({ loaderData, actionData }: Route.ComponentProps) {
	const [searchParams] = useSearchParams()
	const { tab, meetings, today } = loaderData
	const inline = (key: string) => meetings?.find((meeting) => meeting.id === searchParams.get(key))
	const rescheduling = inline('reprogramar')
	const cancelling = inline('cancelar')
	return (
		<>
			<BackToDashboard />
			<PageTitle title={copy.title}>
				<NewBooking bookingUrl={loaderData.bookingUrl} />
			</PageTitle>
			<nav aria-label="Reuniones" className="mb-6 inline-flex rounded-full border bg-surface p-1">
				{(['proximas', 'pasadas'] as const).map((value) => (
					<Link
						key={value}
						to={value === 'proximas' ? '?' : '?tab=pasadas'}
						aria-current={tab === value ? 'page' : undefined}
						className={cn(
							'rounded-full px-5 py-2 text-sm font-medium',
							tab === value ? 'bg-brand text-brand-foreground' : 'text-muted-foreground hover:text-foreground',
						)}
					>
						{value === 'proximas' ? copy.tabs.upcoming : copy.tabs.past}
					</Link>
				))}
			</nav>
			{actionData?.error ? (
				<p role="alert" className="mb-6 rounded-xl border border-danger/40 bg-danger/5 p-4 text-sm text-danger">
					{actionData.error}
				</p>
			) : null}
			{rescheduling ? (
				<section className="mb-6 rounded-2xl border bg-surface p-6" aria-label={copy.reschedule.title}>
					<h2 className="font-semibold">{copy.reschedule.title}</h2>
					<p className="mt-1 mb-4 text-sm text-muted-foreground">
						{formatMeeting(rescheduling.fecha, rescheduling.hora)}
					</p>
					<RescheduleForm meeting={rescheduling} today={today} />
				</section>
			) : null}
			{cancelling ? (
				<section className="mb-6 rounded-2xl border border-danger/40 bg-surface p-6" aria-label={copy.cancel.title}>
					<h2 className="font-semibold">{copy.cancel.title}</h2>
					<p className="mt-1 mb-4 text-sm text-muted-foreground">{copy.cancel.text}</p>
					<CancelForm meeting={cancelling} />
				</section>
			) : null}
			{meetings === null ? (
				<div role="alert" className="rounded-2xl border border-danger/40 p-6">
					<p className="font-semibold">{copy.loadError.title}</p>
					<p className="text-sm text-muted-foreground">{copy.loadError.description}</p>
				</div>
			) : meetings.length === 0 ? (
				<div className="rounded-2xl border border-dashed bg-surface p-12 text-center">
					<p className="font-semibold">{copy.empty.title}</p>
					<p className="mt-1 text-sm text-muted-foreground">
						{tab === 'proximas' ? copy.empty.upcoming : copy.empty.past}
					</p>
				</div>
			) : (
				<div className="overflow-x-auto rounded-2xl border bg-surface">
					<table className="w-full min-w-[40rem] text-left text-sm">
						<thead className="border-b text-muted-foreground">
							<tr>
								<th scope="col" className="p-4 font-medium">
									{copy.columns.when}
								</th>
								<th scope="col" className="p-4 font-medium">
									{copy.columns.reason}
								</th>
								<th scope="col" className="p-4 font-medium">
									{copy.columns.status}
								</th>
								<th scope="col" className="p-4 font-medium">
									{copy.columns.actions}
								</th>
							</tr>
						</thead>
						<tbody>
							{meetings.map((meeting) => (
								<tr key={meeting.id} className="border-b last:border-0">
									<td className="p-4 font-medium">{formatMeeting(meeting.fecha, meeting.hora)}</td>
									<td className="p-4 text-muted-foreground">{meeting.motivo || copy.defaultReason}</td>
									<td className="p-4">
										<StatusBadge status={meeting.status} />
									</td>
									<td className="p-4">
										{tab === 'proximas' && meeting.status === 'confirmada' ? (
											<RowActions meeting={meeting} today={today} />
										) : null}
									</td>
								</tr>
							))}
						</tbody>
					</table>
				</div>
			)}
		</>
	)
}
