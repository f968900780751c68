import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import type { ReactNode } from 'react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link } from 'react-router'
import type { z } from 'zod'
import { addBookingBlock, loadBookingSettings, removeBookingBlock, updateBookingRules } from '~/.server/booking/rules'
import { readForm } from '~/.server/http/responses'
import { getSupabase } from '~/.server/supabase/client'
import { redirectWithToast, toastHeaders } from '~/.server/http/toast'
import { ErrorList, Field, SubmitButton, usePendingForm } from '~/components/forms'
import { Icon } from '~/components/ui/icon'
import { adminCopy } from '~/content/admin'
import { todayInMadrid, formatLongDateTime } from '~/lib/dates'
import { slotChoices } from '~/lib/slots'
import { bookingBlockSchema, bookingRulesSchema } from '~/lib/booking-settings'
import type { Route } from './+types/settings'
import { keepFormOnFailure } from '~/components/toaster'
import { routeComponent } from '~/lib/route-component'
import { Chip, NumberField, asList } from '~/components/admin/settings-fields'

const copy = adminCopy.settings

export const meta: Route.MetaFunction = () => [{ title: `${copy.title} · KIA` }]

export async function loader({ context }: Route.LoaderArgs) {
	const settings = await loadBookingSettings(getSupabase(context))
	return {
		...settings,
		updatedAt: formatLongDateTime(settings.updatedAt),
		today: todayInMadrid(),
		// The forms validate on the server, as the other admin forms: constraints travel as data.
		constraints: { rules: getZodConstraint(bookingRulesSchema), block: getZodConstraint(bookingBlockSchema) },
	}
}

type Results = Partial<Record<'rules' | 'block', SubmissionResult<string[]>>>

export async function action({ request, context }: Route.ActionArgs) {
	const form = await readForm(request)
	const supabase = getSupabase(context)
	const refused = async (message: string, results: Results, status = 400) =>
		data(results, { status, headers: await toastHeaders({ type: 'error', title: message }) })
	const intent = form.get('intent')

	if (intent === 'rules') {
		const submission = parseWithZod(form, { schema: bookingRulesSchema })
		if (submission.status !== 'success') return data<Results>({ rules: submission.reply() }, { status: 400 })
		const change = await updateBookingRules(supabase, submission.value)
		if (!change.ok) return refused(change.message, { rules: submission.reply({ formErrors: [change.message] }) })
		return redirectWithToast('/admin/ajustes', { type: 'success', title: copy.rules.saved })
	}
	if (intent === 'add-block') {
		const submission = parseWithZod(form, { schema: bookingBlockSchema })
		if (submission.status !== 'success') return data<Results>({ block: submission.reply() }, { status: 400 })
		if (submission.value.hasta < todayInMadrid())
			return data<Results>(
				{ block: submission.reply({ fieldErrors: { hasta: [copy.blocks.ended] } }) },
				{ status: 400 },
			)
		const change = await addBookingBlock(supabase, submission.value)
		if (!change.ok) return refused(change.message, { block: submission.reply({ formErrors: [change.message] }) })
		return redirectWithToast('/admin/ajustes', { type: 'success', title: copy.blocks.added })
	}
	if (intent === 'remove-block') {
		const change = await removeBookingBlock(supabase, String(form.get('id') ?? ''))
		if (!change.ok) return refused(change.message, {})
		return redirectWithToast('/admin/ajustes', { type: 'success', title: copy.blocks.removed })
	}
	return data<Results>({}, { status: 400 })
}

type LoaderData = Route.ComponentProps['loaderData']

function RulesForm({
	rules,
	updatedAt,
	constraint,
	lastResult,
}: {
	rules: LoaderData['rules']
	updatedAt: string
	constraint: LoaderData['constraints']['rules']
	lastResult: SubmissionResult<string[]> | undefined
}) {
	const text = copy.rules
	const [form, fields] = useForm<z.input<typeof bookingRulesSchema>>({
		id: 'horario',
		constraint,
		lastResult,
		defaultValue: {
			dias: rules.dias.map(String),
			horas: rules.horas,
			horizonteDias: String(rules.horizonteDias),
			antelacionHoras: String(rules.antelacionHoras),
			maximoPendientes: String(rules.maximoPendientes),
		},
	})
	const days = asList(fields.dias.initialValue)
	const hours = asList(fields.horas.initialValue)
	return (
		<Form method="post" className="space-y-6" {...getFormProps(form)}>
			<input type="hidden" name="intent" value="rules" />
			<fieldset aria-describedby={fields.dias.errors?.length ? fields.dias.errorId : undefined}>
				<legend className="mb-2 text-sm font-medium">{text.days}</legend>
				<div className="flex flex-wrap gap-2">
					{text.weekdays.map((day, index) => (
						<Chip
							key={day}
							name={fields.dias.name}
							value={String(index + 1)}
							label={day}
							checked={days.includes(String(index + 1))}
						/>
					))}
				</div>
				<ErrorList id={fields.dias.errorId} errors={fields.dias.errors} />
			</fieldset>
			<fieldset
				aria-describedby={['horas-hint', fields.horas.errors?.length ? fields.horas.errorId : null]
					.filter(Boolean)
					.join(' ')}
			>
				<legend className="mb-1 text-sm font-medium">{text.hours}</legend>
				<p id="horas-hint" className="mb-2 text-xs text-muted-foreground">
					{text.hoursHint}
				</p>
				<div className="grid grid-cols-4 gap-2 sm:grid-cols-6 lg:grid-cols-8">
					{slotChoices.map((hora) => (
						<Chip key={hora} name={fields.horas.name} value={hora} label={hora} checked={hours.includes(hora)} />
					))}
				</div>
				<ErrorList id={fields.horas.errorId} errors={fields.horas.errors} />
			</fieldset>
			<div className="grid gap-5 sm:grid-cols-3">
				<NumberField label={text.horizon} unit={text.horizonUnit} meta={fields.horizonteDias} />
				<NumberField label={text.notice} unit={text.noticeUnit} hint={text.noticeHint} meta={fields.antelacionHoras} />
				<NumberField label={text.maximum} unit={text.maximumUnit} meta={fields.maximoPendientes} />
			</div>
			<ErrorList id={form.errorId} errors={form.errors} />
			<div className="flex flex-wrap items-center justify-between gap-3 border-t pt-5">
				<p className="text-xs text-muted-foreground">{text.lastChange(updatedAt)}</p>
				<SubmitButton pending={usePendingForm({ intent: 'rules' })}>
					<Icon name="save" className="size-4" />
					{text.submit}
				</SubmitButton>
			</div>
		</Form>
	)
}

function BlockForm({
	today,
	constraint,
	lastResult,
}: {
	today: string
	constraint: LoaderData['constraints']['block']
	lastResult: SubmissionResult<string[]> | undefined
}) {
	const text = copy.blocks
	const [form, fields] = useForm<z.input<typeof bookingBlockSchema>>({ id: 'bloqueo', constraint, lastResult })
	return (
		<Form method="post" className="grid gap-4 sm:grid-cols-2" {...getFormProps(form)}>
			<input type="hidden" name="intent" value="add-block" />
			<Field
				label={text.from}
				inputProps={{ ...getInputProps(fields.desde, { type: 'date' }), min: today }}
				errors={fields.desde.errors}
			/>
			<Field
				label={text.to}
				inputProps={{ ...getInputProps(fields.hasta, { type: 'date' }), min: today }}
				errors={fields.hasta.errors}
			/>
			<div className="sm:col-span-2">
				<Field
					label={text.reason}
					inputProps={{
						...getInputProps(fields.motivo, { type: 'text', ariaDescribedBy: 'motivo-hint' }),
						autoComplete: 'off',
					}}
					errors={fields.motivo.errors}
				/>
				<p id="motivo-hint" className="mt-1.5 text-xs text-muted-foreground">
					{text.reasonHint}
				</p>
			</div>
			<ErrorList id={form.errorId} errors={form.errors} />
			<div className="flex justify-end sm:col-span-2">
				<SubmitButton pending={usePendingForm({ intent: 'add-block' })} variant="secondary">
					<Icon name="calendar-off" className="size-4" />
					{text.submit}
				</SubmitButton>
			</div>
		</Form>
	)
}

function Blocks({ blocks }: { blocks: LoaderData['blocks'] }) {
	const text = copy.blocks
	if (!blocks.length) return <p className="text-sm text-muted-foreground">{text.empty}</p>
	return (
		<ul className="divide-y rounded-2xl border">
			{blocks.map((block) => {
				const bookings = new URLSearchParams({ estado: 'confirmada', desde: block.desde, hasta: block.hasta })
				return (
					<li key={block.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
						<div className="min-w-0">
							<p className="text-sm font-medium first-letter:uppercase">{block.range}</p>
							<p className="text-sm text-muted-foreground">{block.motivo}</p>
							<Link
								to={`/admin/reuniones?${bookings}`}
								className="text-xs font-medium text-brand-ink underline-offset-4 hover:underline"
							>
								{text.bookings}
							</Link>
						</div>
						<RemoveBlockForm id={block.id} label={text.removeLabel(block.range)}>
							{text.remove}
						</RemoveBlockForm>
					</li>
				)
			})}
		</ul>
	)
}

function ChangeLog({ changes }: { changes: LoaderData['changes'] }) {
	const text = copy.history
	if (!changes.length) return <p className="text-sm text-muted-foreground">{text.empty}</p>
	return (
		<ol className="space-y-4">
			{changes.map((change) => (
				<li key={change.id} className="border-l-2 pl-4">
					<p className="text-sm font-medium">{change.summary}</p>
					{change.details.length ? (
						<ul className="mt-1 space-y-0.5 text-sm text-muted-foreground">
							{change.details.map((detail) => (
								<li key={detail}>{detail}</li>
							))}
						</ul>
					) : null}
					<p className="mt-1 text-xs text-muted-foreground">
						{change.who} · {change.when}
					</p>
				</li>
			))}
		</ol>
	)
}

/** A submission the network or the server dropped keeps the form as typed (keepFormOnFailure). */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
	// Removing a block has no fields to show again: the toast alone tells of its failure.
	return keepFormOnFailure(request, serverAction, ({ result, formData }) => {
		const intent = formData.get('intent')
		if (intent === 'rules') return { rules: result, block: undefined }
		if (intent === 'add-block') return { rules: undefined, block: result }
		// An object still, so the router knows the post was lost and does not reload over the dead network.
		return { rules: undefined, block: undefined }
	})
}

export default routeComponent(AdminSettings)

function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
	const { rules, updatedAt, blocks, changes, today, constraints } = loaderData
	return (
		<>
			<h1 className="text-3xl font-bold tracking-tight">{copy.title}</h1>
			<p className="mt-2 max-w-3xl text-muted-foreground">{copy.lead}</p>
			<div className="mt-8 grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
				<div className="space-y-6">
					<section aria-labelledby="horario-titulo" className="rounded-2xl border bg-surface p-6">
						<h2 id="horario-titulo" className="mb-5 text-lg font-semibold">
							{copy.rules.title}
						</h2>
						{/* Keyed on the last change: a saved form shows what the database now holds. */}
						<RulesForm
							key={updatedAt}
							rules={rules}
							updatedAt={updatedAt}
							constraint={constraints.rules}
							lastResult={actionData?.rules}
						/>
					</section>
					<section aria-labelledby="bloqueos-titulo" className="space-y-5 rounded-2xl border bg-surface p-6">
						<div>
							<h2 id="bloqueos-titulo" className="text-lg font-semibold">
								{copy.blocks.title}
							</h2>
							<p className="mt-1 text-sm text-muted-foreground">{copy.blocks.text}</p>
						</div>
						<Blocks blocks={blocks} />
						<BlockForm
							key={blocks.length}
							today={today}
							constraint={constraints.block}
							lastResult={actionData?.block}
						/>
					</section>
				</div>
				<section aria-labelledby="historial-titulo" className="h-fit rounded-2xl border bg-surface p-6">
					<h2 id="historial-titulo" className="mb-4 flex items-center gap-2 text-lg font-semibold">
						<Icon name="rotate-ccw-clock" className="size-5 text-muted-foreground" />
						{copy.history.title}
					</h2>
					<ChangeLog changes={changes} />
				</section>
			</div>
		</>
	)
}

function RemoveBlockForm({ id, label, children }: { id: string; label: string; children: ReactNode }) {
	const pending = usePendingForm({ intent: 'remove-block', fields: { id } })
	return (
		<Form method="post">
			<input type="hidden" name="intent" value="remove-block" />
			<input type="hidden" name="id" value={id} />
			<SubmitButton pending={pending} variant="ghost" className="h-9 px-3" aria-label={label}>
				{children}
			</SubmitButton>
		</Form>
	)
}
