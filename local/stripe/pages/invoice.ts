import { idOf, type Core } from '../billing'
import { html, redirect, type Reply } from '../http'
import { chargeInvoice } from '../invoices'
import { textPdf } from '../pdf'
import type { Invoice } from '../store'
import { escapeHtml, euros, invoiceStatusLabels, longDate, messagePage, page } from './layout'

const invoiceNotFound = () =>
	messagePage(404, 'Factura no encontrada', 'Este enlace de factura no existe o ha caducado.')

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
	const payForm =
		status === 'open'
			? `<p class="error" role="alert">${'El último intento de cobro fue rechazado.'}</p><form method="post" action="/i/${encodeURIComponent(secret)}/pay"><button class="pay" type="submit">Pagar ${escapeHtml(euros(invoice.amount_remaining))}</button></form>`
			: ''
	const body = `<p class="brand">KIA</p>
<h1>Factura ${escapeHtml(invoice.number ?? '')}</h1>
<p class="muted">${escapeHtml(invoiceStatusLabels[status] ?? status)} · ${escapeHtml(longDate(invoice.created))}</p>
<p class="amount">${escapeHtml(euros(invoice.amount_due))}</p>
<dl><dt>Número</dt><dd>${escapeHtml(invoice.number ?? '')}</dd><dt>Cliente</dt><dd>${escapeHtml(invoice.customer_name ?? invoice.customer_email ?? '')}</dd><dt>Estado</dt><dd>${escapeHtml(invoiceStatusLabels[status] ?? status)}</dd></dl>
<table><tbody>${lines}${credit}</tbody><tfoot><tr><td>Total</td><td>${escapeHtml(euros(invoice.total))}</td></tr><tr><td>Importe pagado</td><td>${escapeHtml(euros(invoice.amount_paid))}</td></tr></tfoot></table>
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
	const pdf = textPdf([
		{ text: 'KIA', size: 20, bold: true },
		{ text: `Factura ${invoice.number ?? ''}`, size: 16, bold: true, gap: 32 },
		{ text: `Fecha: ${longDate(invoice.created)}` },
		{ text: `Cliente: ${invoice.customer_name ?? invoice.customer_email ?? ''}` },
		{ text: `Estado: ${invoiceStatusLabels[status] ?? status}` },
		...invoice.lines.data.map((line) => ({ text: `${line.description ?? ''}: ${euros(line.amount)}`, gap: 22 })),
		{ text: `Total: ${euros(invoice.total)}`, bold: true, gap: 30 },
		{ text: `Importe pagado: ${euros(invoice.amount_paid)}` },
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
