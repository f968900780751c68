import { parseWithZod } from '@conform-to/zod/v4'
import { useState } from 'react'
import { data, Link, type ShouldRevalidateFunction } from 'react-router'
import { displayName, loadProfile } from '~/.server/auth/profile'
import { bookingReturnUrl } from '~/.server/auth/return-urls'
import { clearBookingDraft, readBookingDraft, saveBookingDraft } from '~/.server/booking/draft'
import { createBooking, readBookingAvailability, readBookingRules } from '~/.server/booking/bookings'
import { getPublicEnv } from '~/.server/env'
import { readForm } from '~/.server/http/responses'
import { getOptionalUser, getUserIfReachable } from '~/.server/auth/session'
import { isRateLimited, rateLimitedMessage } from '~/.server/security/rate-limit'
import { redirectWithToast, toastHeaders } from '~/.server/http/toast'
import { BookingForm, type BookingOutcome } from '~/components/booking/booking-form'
import { Card, Container } from '~/components/site/page'
import { Icon, type IconName } from '~/components/ui/icon'
import { pageNames } from '~/content/navigation'
import { demoPage } from '~/content/pages'
import { availabilityFact, describeAvailability } from '~/content/availability'
import {
	bookableDays,
	bookingWindow,
	defaultBookingRules,
	isBookable,
	isBookableDay,
	isPastHorizon,
	isWeekend,
	slotMonths,
	slotValue,
	withSlotFields,
} from '~/lib/slots'
import { bookingSchema, defaultBookingReason, type BookingInput } from '~/lib/booking-schemas'
import { cameFrom } from '~/lib/breadcrumb'
import { pageMeta, siteUrlFrom } from '~/lib/seo'
import type { Route } from './+types/demo'
import { keepFormOnFailure, submissionLost } from '~/components/toaster'
import { routeComponent } from '~/lib/route-component'

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
	pageMeta({
		title: demoPage.title,
		description: demoPage.description(describeAvailability(loaderData?.rules ?? defaultBookingRules)),
		path: '/solicitar-demostracion-kia',
		siteUrl: siteUrlFrom(matches),
	})

/** Inicio › (the page the visitor came from, when we know its name) › Solicitar demostración. */
function Breadcrumb({ from }: { from: { to: string; label: string } | null }) {
	// Kept from the page's first load: the loads after a booking are asked for from this page itself.
	const [middle] = useState(from)
	const trail = [{ to: '/', label: pageNames['/'] ?? 'Inicio' }]
	if (middle) trail.push(middle)
	return (
		<nav aria-label="Ruta de navegación" className="text-sm text-muted-foreground">
			<ol className="flex flex-wrap items-center gap-1.5">
				{trail.map((item) => (
					<li key={item.to} className="flex items-center gap-1.5">
						<Link to={item.to} className="hover:text-foreground">
							{item.label}
						</Link>
						<Icon name="chevron-right" className="size-3.5" />
					</li>
				))}
				<li aria-current="page" className="font-medium text-foreground">
					{demoPage.breadcrumb}
				</li>
			</ol>
		</nav>
	)
}

const factIcons = { clock: 'clock', calendar: 'calendar-days', video: 'video' } satisfies Record<string, IconName>

export async function loader({ request, context }: Route.LoaderArgs) {
	// A public page: while Supabase is down it still shows, as to a visitor; booking then says it cannot.
	const user = await getUserIfReachable(context, request)
	// Independent reads, one round trip.
	const [draft, bookable] = await Promise.all([readBookingDraft(request), readBookingAvailability(context)])
	return {
		signedIn: user !== null,
		draft: draft
			? {
					nombre: draft.nombre,
					email: draft.email,
					fecha: draft.fecha,
					hora: draft.hora as BookingInput['hora'] | undefined,
					motivo: draft.motivo,
				}
			: null,
		rules: bookable?.rules ?? null,
		months: bookable ? slotMonths(bookableDays(bookable.rules, bookingWindow(bookable.rules), bookable.taken)) : null,
		availability: bookable ? describeAvailability(bookable.rules) : undefined,
		cameFrom: cameFrom(request.headers.get('Referer'), getPublicEnv().SITE_URL, '/solicitar-demostracion-kia'),
	}
}

/**
 * A refused booking (4xx) would leave the slots as they were loaded; the refusal of a slot taken meanwhile
 * must take it off the list, so every booking post that reached the server reloads them.
 */
export const shouldRevalidate: ShouldRevalidateFunction = (args) =>
	(args.formAction === '/solicitar-demostracion-kia' && !submissionLost(args)) || args.defaultShouldRevalidate

export async function action({ request, context }: Route.ActionArgs) {
	const formData = withSlotFields(await readForm(request))
	const submission = parseWithZod(formData, { schema: bookingSchema })
	const fail = async (message: string, status = 400, title: string = demoPage.failure.toast) =>
		data<BookingOutcome>(
			{ status: 'error', message, result: submission.reply() },
			{ status, headers: await toastHeaders({ type: 'error', title, description: message }) },
		)
	if (submission.status !== 'success')
		return data<BookingOutcome>(
			{ status: 'error', message: demoPage.failure.banner, result: submission.reply() },
			{ status: 400 },
		)
	const booking = submission.value
	const rules = await readBookingRules(context)
	// Nothing can be checked nor booked: the form comes back as it was sent, to be sent again in a while.
	if (!rules)
		return data<BookingOutcome>(
			{
				status: 'error',
				message: demoPage.failure.banner,
				result: submission.reply(),
				slot: slotValue(booking.fecha, booking.hora),
			},
			{
				status: 503,
				headers: await toastHeaders({
					type: 'error',
					title: demoPage.failure.toast,
					description: demoPage.unavailable.text,
				}),
			},
		)
	if (await isRateLimited(context, 'booking')) return fail(rateLimitedMessage, 429)
	if (!isBookableDay(rules, booking.fecha)) {
		const { title, description } = isWeekend(booking.fecha) ? demoPage.weekend : demoPage.closedDay
		return fail(description, 400, title)
	}
	if (isPastHorizon(rules, booking.fecha)) return fail(demoPage.failure.horizon(rules.horizonteDias))
	if (!isBookable(rules, booking.fecha, booking.hora)) return fail(demoPage.failure.invalid)

	const user = await getOptionalUser(context, request)
	if (!user) {
		// Signed out: keep what they typed and send them to sign up; they come back here with it.
		if (!booking.nombre || !booking.email) {
			return data<BookingOutcome>(
				{
					status: 'error',
					message: demoPage.failure.banner,
					result: submission.reply({
						fieldErrors: {
							nombre: booking.nombre ? [] : ['Introduce tu nombre.'],
							email: booking.email ? [] : ['Introduce tu email.'],
						},
					}),
				},
				{ status: 400 },
			)
		}
		const headers = new Headers()
		headers.append('Set-Cookie', await saveBookingDraft(booking))
		const params = new URLSearchParams({ tab: 'signup', redirectTo: bookingReturnUrl(formData.get('volver')) })
		return redirectWithToast(
			`${getPublicEnv().PORTAL_URL}/auth?${params}`,
			{ type: 'warning', ...demoPage.needAccount },
			{ headers },
		)
	}

	const profile = await loadProfile(context, user)
	const result = await createBooking(
		{
			userId: user.id,
			nombre: displayName(user, profile),
			email: user.email ?? '',
			fecha: booking.fecha,
			hora: booking.hora,
			motivo: booking.motivo || defaultBookingReason,
		},
		rules,
	)
	if (!result.ok) {
		const messages = {
			taken: demoPage.failure.taken,
			invalid: demoPage.failure.invalid,
			horizon: demoPage.failure.horizon(rules.horizonteDias),
			limit: demoPage.failure.limit(rules.maximoPendientes),
			failed: demoPage.failure.server,
		}
		const statuses = { taken: 409, invalid: 400, horizon: 400, limit: 409, failed: 500 }
		return fail(messages[result.reason], statuses[result.reason])
	}
	const { success } = demoPage
	const headers = await toastHeaders({
		type: 'success',
		title: success.toast,
		description: success.toastText,
	})
	headers.append('Set-Cookie', await clearBookingDraft())
	return data<BookingOutcome>(
		{
			status: 'success',
			message: success.banner,
			meetUrl: result.meetUrl,
			fecha: booking.fecha,
			hora: booking.hora,
			meetingsUrl: `${getPublicEnv().PORTAL_URL}/dashboard/reuniones`,
		},
		{ headers },
	)
}

/** A booking the network or the server dropped keeps the form as typed, with the spec's banner and toast. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
	return keepFormOnFailure(
		request,
		serverAction,
		({ result, message, formData }): BookingOutcome => {
			const slot = formData.get('slot')
			return { status: 'error', message, result, slot: typeof slot === 'string' && slot ? slot : undefined }
		},
		'booking',
	)
}

export default routeComponent(DemoRequest)

function DemoRequest({ loaderData, actionData }: Route.ComponentProps) {
	return (
		<Container className="max-w-4xl py-10">
			<Breadcrumb from={loaderData.cameFrom} />
			<h1 className="mt-6 text-4xl font-bold tracking-tight">{demoPage.heading}</h1>
			<p className="mt-4 max-w-2xl text-lg text-muted-foreground">{demoPage.lead}</p>
			<div className="mt-10 grid gap-4 sm:grid-cols-3">
				{demoPage.facts.map((fixed) => {
					// While the rules cannot be read, the spec's days and hours (the rules' defaults).
					const fact =
						fixed.icon === 'calendar' && loaderData.rules ? { ...fixed, ...availabilityFact(loaderData.rules) } : fixed
					return (
						<Card key={fact.title}>
							<Icon name={factIcons[fact.icon]} className="size-5 text-brand-ink" />
							<p className="mt-3 font-semibold">{fact.title}</p>
							<p className="mt-1 text-sm text-muted-foreground">{fact.text}</p>
						</Card>
					)
				})}
			</div>
			<Card className="mt-8 p-8">
				<h2 className="mb-6 text-xl font-semibold">{demoPage.form.heading}</h2>
				<BookingForm
					signedIn={loaderData.signedIn}
					draft={actionData?.status === 'success' ? null : loaderData.draft}
					months={loaderData.months}
					outcome={actionData}
				/>
			</Card>
		</Container>
	)
}
