import { html } from '../http'
import type { Price, TaxRate } from '../store'
import type { TaxTreatment } from '../tax'

/* What every hosted page shares: the frame, Spanish money and dates, and the labels of more than one page. */

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

export const euros = (cents: number) =>
	new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' }).format(cents / 100)

export const longDate = (seconds: number) =>
	new Intl.DateTimeFormat('es-ES', { dateStyle: 'long', timeZone: 'Europe/Madrid' }).format(new Date(seconds * 1000))

export function periodLabel(price: Price) {
	const period = price.metadata.period
	if (period === 'annual' || price.recurring?.interval === 'year') return 'Anual'
	if (period === 'monthly' || price.recurring?.interval === 'month') return 'Mensual'
	return 'Pago único'
}

/** `/mes` or `/año` after a recurring amount; nothing after a one-time one. */
export function amountSuffix(price: Price) {
	if (price.recurring?.interval === 'year') return '/año'
	if (price.recurring?.interval === 'month') return '/mes'
	return ''
}

const defaultNote =
	'Página de prueba del Stripe local (local/stripe): no se cobra nada. En producción, esta página la sirve Stripe.'

export function page(title: string, body: string, note = defaultNote) {
	return `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
*{box-sizing:border-box}
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;background:#f6f8fa;color:#1a1f36;margin:0;padding:40px 16px;display:flex;justify-content:center;line-height:1.5}
main{background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(26,31,54,.12),0 8px 24px rgba(26,31,54,.06);padding:32px;width:100%;max-width:480px}
.test{display:inline-block;background:#fff4e5;color:#a04b00;border-radius:4px;font-size:12px;font-weight:600;letter-spacing:.04em;text-transform:uppercase;padding:2px 8px;margin:0 0 16px}
.brand{font-weight:700;letter-spacing:.08em;color:#635bff;margin:0}
h1{font-size:22px;margin:4px 0 4px}h2{font-size:16px;margin:28px 0 8px}h3{font-size:16px;margin:0}
.muted{color:#697386;margin:0}
.amount{font-size:32px;font-weight:700;margin:16px 0 4px}.amount span{font-size:16px;font-weight:400;color:#697386}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 16px;margin:20px 0;padding:16px 0;border-top:1px solid #e3e8ee;border-bottom:1px solid #e3e8ee}
dt{color:#697386}dd{margin:0;word-break:break-all}
label{display:block;font-size:14px;margin:0 0 4px}
input[type=email]{width:100%;padding:10px 12px;border:1px solid #cfd7df;border-radius:6px;font:inherit;margin-bottom:16px}
button{font:inherit;font-weight:600;border:0;border-radius:6px;padding:12px 20px;cursor:pointer}
.pay{background:#635bff;color:#fff;width:100%}.pay:hover{background:#5146e5}
.danger{background:#fff;color:#c0123c;border:1px solid #f0b9c6;padding:8px 14px}.danger:hover{background:#fff1f3}
a{color:#635bff}
.back{display:inline-block;margin-top:16px}
article{border:1px solid #e3e8ee;border-radius:8px;padding:16px;margin:8px 0}
article p{margin:4px 0}article form{margin-top:12px}
.notice{background:#ecfdf3;color:#05603a;border-radius:6px;padding:10px 12px;margin:16px 0 0}
.error{background:#fff1f3;color:#c0123c;border-radius:6px;padding:10px 12px;margin:0 0 16px}
fieldset{border:0;padding:0;margin:0 0 12px}fieldset label{display:flex;gap:8px;align-items:center;margin:6px 0}
input[type=text]{width:100%;padding:10px 12px;border:1px solid #cfd7df;border-radius:6px;font:inherit;margin-bottom:12px}
.secondary{background:#fff;color:#1a1f36;border:1px solid #cfd7df;padding:8px 14px}.secondary:hover{background:#f6f8fa}
table{width:100%;border-collapse:collapse;margin:16px 0;font-size:14px}td{padding:6px 0;border-bottom:1px solid #e3e8ee;vertical-align:top}td:last-child{text-align:right;white-space:nowrap;padding-left:12px}
tfoot td{border:0;font-weight:600}
small{display:block;margin-top:24px;color:#697386;font-size:13px}
</style></head>
<body><main>
<p class="test">Modo de prueba</p>
${body}
<small>${escapeHtml(note)}</small>
</main></body></html>`
}

export function messagePage(status: number, title: string, text: string, link?: { href: string; label: string }) {
	const anchor = link ? `<a class="back" href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a>` : ''
	return html(
		status,
		page(
			title,
			`<p class="brand">KIA</p><h1>${escapeHtml(title)}</h1><p class="muted">${escapeHtml(text)}</p>${anchor}`,
		),
	)
}

export const invoiceStatusLabels: Record<string, string> = {
	draft: 'Borrador',
	open: 'Pendiente de pago',
	paid: 'Pagada',
	uncollectible: 'Incobrable',
	void: 'Anulada',
}

const percent = new Intl.NumberFormat('es-ES', { style: 'percent', maximumFractionDigits: 4 })

/** A tax rate as invoices print it: `IVA (21 %)`, and why it is zero for a customer who pays none. */
export function taxLabel(rate: TaxRate, exempt: TaxTreatment = 'none') {
	const label = `${rate.display_name} (${percent.format(rate.percentage / 100)}${rate.inclusive ? ', incluido' : ''})`
	if (exempt === 'reverse') return `${label}: inversión del sujeto pasivo`
	if (exempt === 'exempt') return `${label}: exento`
	if (exempt === 'not_collecting') return `${rate.display_name}: no sujeto (fuera de la UE)`
	return label
}

/**
 * What a reverse-charge invoice says: Stripe prints "Reverse charge" when the
 * customer's `tax_exempt` is `reverse`; a Spanish invoice must say «Inversión
 * del sujeto pasivo» (invoicing regulation, RD 1619/2012, art. 6.1.m).
 */
export const reverseChargeLegend = 'Inversión del sujeto pasivo (Reverse charge)'
