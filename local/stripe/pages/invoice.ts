import { idOf, type Core } from '../billing'
import { html, redirect, type Reply } from '../http'
import { chargeInvoice } from '../invoices'
import { textPdf } from '../pdf'
import type { Invoice } from '../store'
import { exemptionOf, type TaxTreatment } from '../tax'
import {
	escapeHtml,
	euros,
	invoiceStatusLabels,
	longDate,
	messagePage,
	page,
	reverseChargeLegend,
	taxLabel,
} from './layout'

const invoiceNotFound = () =>
	messagePage(404, 'Factura no encontrada', 'Este enlace de factura no existe o ha caducado.')

const taxIdLabels: Record<string, string> = { es_cif: 'NIF', eu_vat: 'NIF-IVA' }

/** Who the invoice bills, as it was when it was issued: name, address and tax IDs, one per line. */
function billedTo(invoice: Invoice) {
	const address = invoice.customer_address
	const place = [address?.postal_code, address?.city, address?.state].filter(Boolean).join(' ')
	const country = address?.country ? (new Intl.DisplayNames(['es'], { type: 'region' }).of(address.country) ?? '') : ''
	const taxIds = (invoice.customer_tax_ids ?? []).map(
		(taxId) => `${taxIdLabels[taxId.type] ?? taxId.type.toUpperCase()}: ${taxId.value ?? ''}`,
	)
	const lines = [invoice.customer_name ?? invoice.customer_email ?? '', address?.line1, address?.line2, place, country]
	return [...lines.filter((line): line is string => Boolean(line)), ...taxIds]
}

/** Why the invoice's tax is what it is: the customer's tax status, or under Stripe Tax the lines' reasons. */
function treatmentOf(invoice: Invoice): TaxTreatment {
	const exempt = exemptionOf({ tax_exempt: invoice.customer_tax_exempt })
	if (exempt !== 'none') return exempt
	const reasons = (invoice.total_taxes ?? []).map((tax) => tax.taxability_reason)
	if (reasons.includes('reverse_charge')) return 'reverse'
	return reasons.includes('not_collecting') ? 'not_collecting' : 'none'
}

/**
 * The invoice's totals as it prints them: with tax, the base, each rate's
 * tax and the total; for a reverse-charge customer, the legend the law asks
 * for. Without tax rates, just the total.
 */
function totals(core: Core, invoice: Invoice): { rows: [string, string][]; legend: string | null } {
	const taxes = invoice.total_taxes ?? []
	const exempt = treatmentOf(invoice)
	const legend = exempt === 'reverse' ? reverseChargeLegend : null
	if (taxes.length === 0) return { rows: [['Total', euros(invoice.total)]], legend }
	const rateRows = taxes.map((tax): [string, string] => {
		const id = tax.tax_rate_details?.tax_rate
		const rate = core.store.state.taxRates[id ?? '']
		return [rate ? taxLabel(rate, exempt) : 'Impuesto', euros(tax.amount)]
	})
	const base: [string, string] = ['Base imponible', euros(invoice.total_excluding_tax ?? invoice.subtotal)]
	return { rows: [base, ...rateRows, ['Total', euros(invoice.total)]], legend }
}

function invoiceBySecret(core: Core, secret: string): Invoice | undefined {
	const id = core.store.state.hostedInvoices[secret]
	return id ? core.store.state.invoices[id] : undefined
}

/** Stripe's hosted invoice page: the invoice, its PDF and, while it is unpaid, a way to pay it. */
export function invoicePage(core: Core, secret: string): Reply {
	const invoice = invoiceBySecret(core, secret)
	if (!invoice) return invoiceNotFound()
	const status = invoice.status ?? 'draft'
	const lines = invoice.lines.data
		.map((line) => `<tr><td>${escapeHtml(line.description ?? '')}</td><td>${escapeHtml(euros(line.amount))}</td></tr>`)
		.join('')
	const credit =
		invoice.starting_balance < 0
			? `<tr><td>Saldo a tu favor aplicado</td><td>${escapeHtml(euros(Math.max(invoice.starting_balance, -invoice.total)))}</td></tr>`
			: ''
	const summary = totals(core, invoice)
	const rows = summary.rows
		.map(([label, amount]) => `<tr><td>${escapeHtml(label)}</td><td>${escapeHtml(amount)}</td></tr>`)
		.join('')
	const { legend } = summary
	const payForm =
		status === 'open'
			? `<p class="error" role="alert">${'El último intento de cobro fue rechazado.'}</p><form method="post" action="/i/${encodeURIComponent(secret)}/pay"><button class="pay" type="submit">Pagar ${escapeHtml(euros(invoice.amount_remaining))}</button></form>`
			: ''
	const body = `<p class="brand">KIA</p>
<h1>Factura ${escapeHtml(invoice.number ?? '')}</h1>
<p class="muted">${escapeHtml(invoiceStatusLabels[status] ?? status)} · ${escapeHtml(longDate(invoice.created))}</p>
<p class="amount">${escapeHtml(euros(invoice.amount_due))}</p>
<dl><dt>Número</dt><dd>${escapeHtml(invoice.number ?? '')}</dd><dt>Cliente</dt><dd>${billedTo(invoice).map(escapeHtml).join('<br>')}</dd><dt>Estado</dt><dd>${escapeHtml(invoiceStatusLabels[status] ?? status)}</dd></dl>
<table><tbody>${lines}${credit}</tbody><tfoot>${rows}<tr><td>Importe pagado</td><td>${escapeHtml(euros(invoice.amount_paid))}</td></tr></tfoot></table>
${legend ? `<p><strong>${escapeHtml(legend)}</strong></p>` : ''}
${payForm}
${invoice.invoice_pdf ? `<a class="back" href="${escapeHtml(invoice.invoice_pdf)}">Descargar factura en PDF</a>` : ''}`
	const note =
		'Factura de prueba del Stripe local (local/stripe): «Pagar» cobra con la tarjeta de prueba 4242 y no se cobra nada.'
	return html(200, page(`Factura ${invoice.number ?? ''} · KIA`, body, note))
}

export function payOpenInvoice(core: Core, secret: string): Reply {
	const invoice = invoiceBySecret(core, secret)
	if (!invoice) return invoiceNotFound()
	const subscription =
		core.store.state.subscriptions[idOf(invoice.parent?.subscription_details?.subscription ?? null) ?? '']
	if (invoice.status === 'open' && subscription) {
		// The page takes the test card that pays; the subscription keeps its own payment method for what comes next.
		chargeInvoice(core, invoice, subscription, 'pm_card_visa')
	}
	return redirect(`/i/${encodeURIComponent(secret)}`)
}

export function invoicePdf(core: Core, secret: string): Reply {
	const invoice = invoiceBySecret(core, secret)
	if (!invoice) return invoiceNotFound()
	const status = invoice.status ?? 'draft'
	const [customer, ...customerDetails] = billedTo(invoice)
	const { rows, legend } = totals(core, invoice)
	const pdf = textPdf([
		{ text: 'KIA', size: 20, bold: true },
		{ text: `Factura ${invoice.number ?? ''}`, size: 16, bold: true, gap: 32 },
		{ text: `Fecha: ${longDate(invoice.created)}` },
		{ text: `Cliente: ${customer ?? ''}` },
		...customerDetails.map((line) => ({ text: line })),
		{ text: `Estado: ${invoiceStatusLabels[status] ?? status}` },
		...invoice.lines.data.map((line) => ({ text: `${line.description ?? ''}: ${euros(line.amount)}`, gap: 22 })),
		...rows.map(([label, amount], index) => ({
			text: `${label}: ${amount}`,
			bold: index === rows.length - 1,
			gap: index === 0 ? 30 : undefined,
		})),
		{ text: `Importe pagado: ${euros(invoice.amount_paid)}` },
		...(legend ? [{ text: legend, bold: true, gap: 26 }] : []),
		{ text: 'Documento de prueba del Stripe local (local/stripe): no es una factura real.', size: 9, gap: 40 },
	])
	return {
		status: 200,
		headers: {
			'Content-Type': 'application/pdf',
			'Content-Disposition': `inline; filename="Factura-${invoice.number ?? invoice.id}.pdf"`,
			'Cache-Control': 'no-store',
		},
		body: pdf,
	}
}
