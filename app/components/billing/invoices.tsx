import type { InvoiceRow, PaymentRow, SubscriptionRow } from '~/lib/billing-rows'
import { CompanyIdentityLine, useCompanyIdentity } from '~/components/forms'
import { Badge } from '~/components/portal/status-badge'
import { stackedTable } from '~/components/portal/stacked-table'
import { Icon } from '~/components/ui/icon'
import { billingStatusLabels, invoiceStatusLabels, subscriptionCopy as copy } from '~/content/billing'
import { companyIdentityCopy } from '~/content/company'
import { periodLabels } from '~/content/plans'
import { formatLongDate } from '~/lib/dates'
import { formatAmount } from '~/lib/money'
import { cn } from '~/lib/utils'
import { planName, toneOf } from './subscription-plan'

const invoiceReason = (invoice: InvoiceRow) =>
	copy.invoices.reasons[invoice.billing_reason ?? ''] ?? copy.invoices.defaultReason

/** A table from the small-tablet width up; on a phone a card of labelled lines per invoice. */
export function Invoices({ invoices }: { invoices: InvoiceRow[] }) {
	const columns = copy.invoices.columns
	const identity = useCompanyIdentity()
	return (
		<section aria-labelledby="invoices" className="rounded-2xl border bg-surface">
			<h2 id="invoices" className="flex items-center gap-2 px-6 pt-6 pb-4 text-lg font-semibold sm:px-8">
				<Icon name="receipt" className="size-5 text-muted-foreground" />
				{copy.invoices.title}
			</h2>
			{invoices.length === 0 ? (
				<p className="px-6 pb-6 text-sm text-muted-foreground sm:px-8">{copy.invoices.empty}</p>
			) : (
				// On a phone each invoice is a card of labelled lines, its status and links in sight (stackedTable).
				<div className="relative border-t sm:overflow-x-auto">
					<table className={stackedTable}>
						<thead className="border-b bg-surface-muted/50 text-muted-foreground max-sm:sr-only">
							<tr>
								<th scope="col" className="py-3 pr-4 pl-8 font-medium">
									{columns.date}
								</th>
								<th scope="col" className="px-4 py-3 font-medium">
									{columns.number}
								</th>
								<th scope="col" className="px-4 py-3 font-medium">
									{columns.concept}
								</th>
								<th scope="col" className="px-4 py-3 text-right font-medium whitespace-nowrap">
									{columns.base}
								</th>
								<th scope="col" className="px-4 py-3 text-right font-medium">
									{columns.tax}
								</th>
								<th scope="col" className="px-4 py-3 text-right font-medium">
									{columns.total}
								</th>
								<th scope="col" className="px-4 py-3 font-medium">
									{columns.status}
								</th>
								<th scope="col" className="py-3 pr-8 pl-4 font-medium">
									<span className="sr-only">{copy.invoices.actions}</span>
								</th>
							</tr>
						</thead>
						<tbody>
							{invoices.map((invoice) => (
								<tr key={invoice.id} className="border-b last:border-0">
									<td data-label={columns.date} className="py-4 pr-4 pl-8 font-medium whitespace-nowrap">
										{formatLongDate(invoice.created_at)}
									</td>
									<td data-label={columns.number} className="px-4 py-4 font-mono text-xs whitespace-nowrap">
										{invoice.number}
									</td>
									<td data-label={columns.concept} className="px-4 py-4 text-muted-foreground">
										{invoiceReason(invoice)}
									</td>
									<td data-label={columns.base} className={cn(amountCell, 'text-muted-foreground')}>
										{formatAmount(invoice.total_excluding_tax ?? invoice.total, invoice.currency)}
									</td>
									<td data-label={columns.tax} className={cn(amountCell, 'text-muted-foreground')}>
										<InvoiceTax invoice={invoice} />
									</td>
									<td data-label={columns.total} className={cn(amountCell, 'font-medium')}>
										{formatAmount(invoice.total, invoice.currency)}
									</td>
									<td data-label={columns.status} className="px-4 py-4">
										<InvoiceStatus invoice={invoice} />
									</td>
									<td data-label={copy.invoices.actions} className="py-4 pr-8 pl-4">
										<span className="flex flex-col items-end gap-1 whitespace-nowrap max-sm:flex-row max-sm:gap-4 2xl:flex-row 2xl:gap-4">
											<InvoiceLinks invoice={invoice} />
										</span>
									</td>
								</tr>
							))}
						</tbody>
					</table>
				</div>
			)}
			{/* Stripe issues and hosts the invoices, in the company's name: who that is, said where they are listed. */}
			{identity ? (
				<CompanyIdentityLine
					identity={identity}
					lead={companyIdentityCopy.invoices}
					className="border-t px-6 py-4 text-muted-foreground sm:px-8"
				/>
			) : null}
		</section>
	)
}

const amountCell = 'px-4 py-4 text-right whitespace-nowrap tabular-nums'

/** The IVA charged, or why there is none (the reverse charge's legend, which the invoice itself carries too). */
function InvoiceTax({ invoice }: { invoice: InvoiceRow }) {
	const reason = invoice.tax_reason ? copy.invoices.taxReasons[invoice.tax_reason] : undefined
	// One box, so a phone's stacked row keeps the amount and its reason together on the right.
	return (
		<span className="inline-block text-right">
			{formatAmount(invoice.tax ?? 0, invoice.currency)}
			{reason ? <span className="block text-xs">{reason}</span> : null}
		</span>
	)
}

function InvoiceStatus({ invoice }: { invoice: InvoiceRow }) {
	return <Badge tone={toneOf(invoice.status)}>{invoiceStatusLabels[invoice.status] ?? invoice.status}</Badge>
}

/** Stripe's hosted page (where an unpaid invoice is paid) and its PDF. */
function InvoiceLinks({ invoice }: { invoice: InvoiceRow }) {
	const number = invoice.number ?? ''
	const link = 'inline-flex items-center gap-1 font-medium text-brand-ink underline-offset-4 hover:underline'
	const view = invoice.status === 'open' ? copy.invoices.pay : copy.invoices.view
	return (
		<>
			{invoice.hosted_invoice_url ? (
				<a href={invoice.hosted_invoice_url} className={link} aria-label={`${view} ${number}`}>
					{view}
					<Icon name="arrow-up-right" className="size-4" />
				</a>
			) : null}
			{invoice.invoice_pdf ? (
				<a href={invoice.invoice_pdf} className={link} aria-label={copy.invoices.pdfLabel(number)}>
					<Icon name="file-text" className="size-4" />
					{copy.invoices.pdf}
				</a>
			) : null}
		</>
	)
}

export function Payments({ payments }: { payments: PaymentRow[] }) {
	return (
		<section aria-labelledby="one-time-payments" className="rounded-2xl border bg-surface p-6 sm:p-8">
			<h2 id="one-time-payments" className="text-lg font-semibold">
				{copy.payments.title}
			</h2>
			<ul className="mt-4 divide-y">
				{payments.map((payment) => (
					<li key={payment.id} className="flex flex-wrap items-center justify-between gap-3 py-4 first:pt-0 last:pb-0">
						<div>
							<p className="font-medium">{planName(payment.plan)}</p>
							<p className="text-sm text-muted-foreground">
								{periodLabels[payment.periodo]} · {copy.payments.oneTime} ·{' '}
								{copy.payments.paidOn(formatLongDate(payment.created_at))}
							</p>
						</div>
						<div className="flex items-center gap-3">
							<span className="text-right tabular-nums">
								<span className="block font-semibold">{formatAmount(payment.amount_total, payment.currency)}</span>
								{payment.amount_tax ? (
									<span className="block text-xs text-muted-foreground">
										{copy.payments.breakdown(
											formatAmount(payment.amount_subtotal ?? payment.amount_total, payment.currency),
											formatAmount(payment.amount_tax, payment.currency),
										)}
									</span>
								) : null}
							</span>
							<Badge tone={toneOf(payment.status)}>{billingStatusLabels[payment.status] ?? payment.status}</Badge>
						</div>
					</li>
				))}
			</ul>
		</section>
	)
}

export function PastSubscriptions({ subscriptions }: { subscriptions: SubscriptionRow[] }) {
	return (
		<section aria-labelledby="past-subscriptions" className="rounded-2xl border bg-surface p-6">
			<h2 id="past-subscriptions" className="font-semibold">
				{copy.past.title}
			</h2>
			<ul className="mt-3 divide-y text-sm">
				{subscriptions.map((subscription) => (
					<li key={subscription.id} className="flex items-center justify-between gap-3 py-3 last:pb-0">
						<span>
							<span className="block font-medium">{planName(subscription.plan)}</span>
							<span className="block text-muted-foreground">{periodLabels[subscription.periodo]}</span>
						</span>
						<Badge tone={toneOf(subscription.status)}>
							{billingStatusLabels[subscription.status] ?? subscription.status}
						</Badge>
					</li>
				))}
			</ul>
		</section>
	)
}
