import { cancelNow, completeCheckout, expireIfDue, idOf, type Core } from './billing'
import type { Params } from './form'
import { html, redirect, type Reply } from './http'
import { chargeInvoice, isTestCard, testCards, type TestCard } from './invoices'
import { textPdf } from './pdf'
import type { CheckoutSession, Invoice, Price, Subscription } from './store'

/*
 * The pages Stripe hosts, reduced to what a developer needs to click
 * through: the checkout (pay or go back), the billing portal (subscriptions,
 * payment method, billing name, invoices) and each invoice's page and PDF.
 * Plain HTML forms, so they work without JavaScript; like Stripe's, none of
 * them can be framed (http.ts).
 */

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

const euros = (cents: number) =>
	new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' }).format(cents / 100)

const longDate = (seconds: number) =>
	new Intl.DateTimeFormat('es-ES', { dateStyle: 'long', timeZone: 'Europe/Madrid' }).format(new Date(seconds * 1000))

const statusLabels: Record<string, string> = {
	active: 'activa',
	canceled: 'cancelada',
	incomplete: 'incompleta',
	incomplete_expired: 'caducada',
	past_due: 'con pago pendiente',
	paused: 'en pausa',
	trialing: 'en periodo de prueba',
	unpaid: 'impagada',
}

function periodLabel(price: Price) {
	const period = price.metadata.period
	if (period === 'annual' || price.recurring?.interval === 'year') return 'Anual'
	if (period === 'monthly' || price.recurring?.interval === 'month') return 'Mensual'
	return 'Pago único'
}

/** `/mes` or `/año` after a recurring amount; nothing after a one-time one. */
function amountSuffix(price: Price) {
	if (price.recurring?.interval === 'year') return '/año'
	if (price.recurring?.interval === 'month') return '/mes'
	return ''
}

const defaultNote =
	'Página de prueba del Stripe local (local/stripe): no se cobra nada. En producción, esta página la sirve Stripe.'

function page(title: string, body: string, note = defaultNote) {
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

function messagePage(status: number, title: string, text: string, link?: { href: string; label: string }) {
	const anchor = link ? `<a class="back" href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a>` : ''
	return html(
		status,
		page(
			title,
			`<p class="brand">KIA</p><h1>${escapeHtml(title)}</h1><p class="muted">${escapeHtml(text)}</p>${anchor}`,
		),
	)
}

export function handlePage(
	core: Core,
	method: string,
	path: string,
	form: Params,
	query: URLSearchParams,
): Reply | undefined {
	const checkout = /^\/checkout\/([^/]+)$/.exec(path)
	if (checkout && method === 'GET') return checkoutPage(core, decodeURIComponent(checkout[1] ?? ''))
	const pay = /^\/checkout\/([^/]+)\/pay$/.exec(path)
	if (pay && method === 'POST') return payCheckout(core, decodeURIComponent(pay[1] ?? ''), form)
	const portal = /^\/billing\/([^/]+)$/.exec(path)
	if (portal && method === 'GET') return portalPage(core, decodeURIComponent(portal[1] ?? ''), query)
	const cancel = /^\/billing\/([^/]+)\/subscriptions\/([^/]+)\/cancel$/.exec(path)
	if (cancel && method === 'POST')
		return cancelFromPortal(core, decodeURIComponent(cancel[1] ?? ''), decodeURIComponent(cancel[2] ?? ''))
	const card = /^\/billing\/([^/]+)\/payment-method$/.exec(path)
	if (card && method === 'POST') return changeCard(core, decodeURIComponent(card[1] ?? ''), form)
	const details = /^\/billing\/([^/]+)\/details$/.exec(path)
	if (details && method === 'POST') return changeBillingName(core, decodeURIComponent(details[1] ?? ''), form)
	const invoice = /^\/i\/([^/]+)$/.exec(path)
	if (invoice && method === 'GET') return invoicePage(core, decodeURIComponent(invoice[1] ?? ''))
	const payInvoice = /^\/i\/([^/]+)\/pay$/.exec(path)
	if (payInvoice && method === 'POST') return payOpenInvoice(core, decodeURIComponent(payInvoice[1] ?? ''))
	const pdf = /^\/invoice\/([^/]+)\/pdf$/.exec(path)
	if (pdf && method === 'GET') return invoicePdf(core, decodeURIComponent(pdf[1] ?? ''))
	const price = /^\/test\/prices\/([^/]+)$/.exec(path)
	if (price && method === 'GET') return pricePage(core, decodeURIComponent(price[1] ?? ''))
	return undefined
}

const intervalNames: Record<string, [one: string, many: string]> = {
	day: ['día', 'días'],
	week: ['semana', 'semanas'],
	month: ['mes', 'meses'],
	year: ['año', 'años'],
}

function chargeOf(price: Price) {
	if (!price.recurring) return 'Pago único'
	const [one, many] = intervalNames[price.recurring.interval] ?? [price.recurring.interval, price.recurring.interval]
	const count = price.recurring.interval_count
	return count === 1 ? `Recurrente, cada ${one}` : `Recurrente, cada ${count} ${many}`
}

const taxBehaviors: Record<string, string> = {
	exclusive: 'Sin impuestos incluidos',
	inclusive: 'Impuestos incluidos',
	unspecified: 'Sin especificar',
}

/**
 * Where the admin's "Ver en Stripe" link leads locally: the address a price has in Stripe's
 * Dashboard in test mode (`/test/prices/:id`), read-only, with what the Dashboard shows first.
 */
function pricePage(core: Core, id: string): Reply {
	const price = core.store.state.prices[id]
	if (!price) return messagePage(404, 'Precio no encontrado', `No existe ningún precio ${id} en el Stripe local.`)
	const product = core.store.state.products[idOf(price.product) ?? '']
	const amount =
		price.unit_amount === null
			? '—'
			: new Intl.NumberFormat('es-ES', { style: 'currency', currency: price.currency.toUpperCase() }).format(
					price.unit_amount / 100,
				)
	const rows: [string, string][] = [
		['Estado', price.active ? 'Activo' : 'Archivado'],
		['Moneda', price.currency.toUpperCase()],
		['Cobro', chargeOf(price)],
		['Impuestos', taxBehaviors[price.tax_behavior ?? 'unspecified'] ?? String(price.tax_behavior)],
		['Producto', product ? `${product.name}${product.active ? '' : ' (archivado)'}` : (idOf(price.product) ?? '—')],
		['Apodo', price.nickname ?? '—'],
		['Creado', longDate(price.created)],
	]
	const body = `<p class="brand">Precio</p>
<h1>${escapeHtml(product?.name ?? price.nickname ?? price.id)}</h1>
<p class="muted">${escapeHtml(price.id)}</p>
<p class="amount">${escapeHtml(amount)}</p>
<dl>${rows.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>`
	const note =
		'Vista de solo lectura del Stripe local (local/stripe). En producción, este enlace abre el precio en el Dashboard de Stripe.'
	return html(200, page(`${price.id} · Stripe local`, body, note))
}

const successUrl = (session: CheckoutSession) =>
	(session.success_url ?? '').replaceAll('{CHECKOUT_SESSION_ID}', session.id)

const sessionNotFound = () =>
	messagePage(404, 'Sesión de pago no encontrada', 'Este enlace de pago no existe. Vuelve a KIA y empieza de nuevo.')

/** The session's state when it can no longer be paid, as a page; undefined while it is open. */
function closedSession(core: Core, session: CheckoutSession): Reply | undefined {
	expireIfDue(core, session)
	if (session.status === 'complete') {
		return messagePage(409, 'Este pago ya está completado', 'Ya se ha pagado esta sesión; no se volverá a cobrar.', {
			href: successUrl(session),
			label: 'Continuar en KIA',
		})
	}
	if (session.status !== 'open') {
		return messagePage(
			410,
			'Esta sesión de pago ha caducado',
			'Las sesiones de pago caducan a las 24 horas. Vuelve a KIA y empieza de nuevo.',
			session.cancel_url ? { href: session.cancel_url, label: 'Volver a KIA' } : undefined,
		)
	}
	return undefined
}

function checkoutPage(core: Core, id: string, error?: string): Reply {
	const session = core.store.state.checkoutSessions[id]
	if (!session) return sessionNotFound()
	const closed = closedSession(core, session)
	if (closed) return closed
	const { state } = core.store
	const item = state.checkoutDetails[session.id]?.lineItems[0]
	const price = item?.price
	if (!item || !price) return messagePage(500, 'Sesión de pago incompleta', 'Esta sesión no tiene nada que pagar.')
	const product = state.products[idOf(price.product) ?? '']
	const customer = session.customer ? state.customers[idOf(session.customer) ?? ''] : undefined
	const email = customer?.email ?? session.customer_email
	const suffix = amountSuffix(price)
	const charge = session.mode === 'subscription' ? 'Suscripción' : 'Pago único'
	const quantity = (item.quantity ?? 1) > 1 ? `<dt>Cantidad</dt><dd>${item.quantity}</dd>` : ''
	const emailField = email
		? ''
		: `<label for="email">Correo electrónico</label><input id="email" name="email" type="email" autocomplete="email" required>`
	const body = `<p class="brand">KIA</p>
<h1>${escapeHtml(product?.name ?? price.nickname ?? price.id)}</h1>
<p class="muted">${escapeHtml(periodLabel(price))} · ${charge}</p>
<p class="amount">${escapeHtml(euros(session.amount_total ?? 0))}${suffix ? ` <span>${suffix}</span>` : ' <span>pago único</span>'}</p>
<dl>${email ? `<dt>Correo</dt><dd>${escapeHtml(email)}</dd>` : ''}${quantity}<dt>Tarjeta</dt><dd>4242 4242 4242 4242 (de prueba)</dd></dl>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/checkout/${encodeURIComponent(session.id)}/pay">${emailField}<button class="pay" type="submit">Pagar</button></form>
${session.cancel_url ? `<a class="back" href="${escapeHtml(session.cancel_url)}">Cancelar y volver</a>` : ''}`
	const note =
		'Checkout de prueba del Stripe local (local/stripe): «Pagar» completa el pago al momento y no se cobra nada. En producción, este paso lo hace Stripe.'
	return html(error ? 400 : 200, page(`Pagar ${product?.name ?? ''} · KIA`, body, note))
}

function payCheckout(core: Core, id: string, form: Params): Reply {
	const session = core.store.state.checkoutSessions[id]
	if (!session) return sessionNotFound()
	const closed = closedSession(core, session)
	if (closed) return closed
	const customer = session.customer ? core.store.state.customers[idOf(session.customer) ?? ''] : undefined
	const typed = typeof form.email === 'string' ? form.email.trim() : ''
	const email = customer?.email ?? session.customer_email ?? (typed || null)
	if (!customer && !session.customer_email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(typed)) {
		return checkoutPage(core, id, 'Escribe un correo electrónico válido.')
	}
	completeCheckout(core, session, email)
	return redirect(successUrl(session))
}

const portalNotFound = () =>
	messagePage(404, 'Portal de facturación no encontrado', 'Este enlace no existe. Vuelve a KIA y ábrelo de nuevo.')

const invoiceNotFound = () =>
	messagePage(404, 'Factura no encontrada', 'Este enlace de factura no existe o ha caducado.')

const invoiceStatusLabels: Record<string, string> = {
	draft: 'Borrador',
	open: 'Pendiente de pago',
	paid: 'Pagada',
	uncollectible: 'Incobrable',
	void: 'Anulada',
}

const cardLabel = (card: TestCard) => `${testCards[card].brand} •••• ${testCards[card].last4}`

const portalNotices: Record<string, string> = {
	cancelada: 'Suscripción cancelada.',
	tarjeta: 'Método de pago actualizado.',
	datos: 'Datos de facturación actualizados.',
}

function portalPage(core: Core, id: string, query: URLSearchParams): Reply {
	const { state } = core.store
	const portal = state.portalSessions[id]
	if (!portal) return portalNotFound()
	const customer = state.customers[portal.customer]
	const subscriptions = Object.values(state.subscriptions)
		.filter((subscription) => idOf(subscription.customer) === portal.customer)
		.sort((a, b) => b.created - a.created)
	const payments = Object.values(state.paymentIntents)
		.filter((payment) => idOf(payment.customer) === portal.customer && payment.status === 'succeeded')
		.sort((a, b) => b.created - a.created)
	const invoices = Object.values(state.invoices)
		.filter((invoice) => idOf(invoice.customer) === portal.customer && invoice.hosted_invoice_url)
		.reverse()

	const subscriptionList = subscriptions.length
		? subscriptions.map((subscription) => subscriptionCard(core, portal.id, subscription)).join('\n')
		: '<p class="muted">No tienes suscripciones.</p>'
	const paymentList = payments.length
		? payments
				.map(
					(payment) =>
						`<article><h3>${escapeHtml(payment.description ?? 'Pago')}</h3><p>${escapeHtml(euros(payment.amount))} · pago único</p><p class="muted">Pagado el ${escapeHtml(longDate(payment.created))}</p></article>`,
				)
				.join('\n')
		: '<p class="muted">No tienes pagos únicos.</p>'
	const invoiceList = invoices.length
		? `<table><tbody>${invoices
				.map(
					(invoice) =>
						`<tr><td><a href="${escapeHtml(invoice.hosted_invoice_url ?? '')}">${escapeHtml(invoice.number ?? invoice.id)}</a> · ${escapeHtml(longDate(invoice.created))}<br><span class="muted">${escapeHtml(invoiceStatusLabels[invoice.status ?? ''] ?? invoice.status ?? '')}</span></td><td>${escapeHtml(euros(invoice.total))}</td></tr>`,
				)
				.join('')}</tbody></table>`
		: '<p class="muted">No tienes facturas.</p>'
	const current = customer?.invoice_settings.default_payment_method
	const chosen: TestCard = isTestCard(current) ? current : 'pm_card_visa'
	const cardChoices = (Object.keys(testCards) as TestCard[])
		.map(
			(card) =>
				`<label><input type="radio" name="payment_method" value="${card}"${card === chosen ? ' checked' : ''}> ${escapeHtml(cardLabel(card))}${testCards[card].declines ? ' (de prueba: rechaza los cobros)' : ' (de prueba)'}</label>`,
		)
		.join('')
	const noticeKey = query.get('aviso') ?? ''
	const notice = portalNotices[noticeKey]
		? `<p class="notice" role="status">${escapeHtml(portalNotices[noticeKey] ?? '')}</p>`
		: ''
	const base = `/billing/${encodeURIComponent(portal.id)}`
	const body = `<p class="brand">KIA</p>
<h1>Facturación</h1>
<p class="muted">${escapeHtml(customer?.email ?? customer?.name ?? portal.customer)}</p>
${notice}
<h2>Suscripciones</h2>
${subscriptionList}
<h2>Método de pago</h2>
<p>${escapeHtml(cardLabel(chosen))}</p>
<form method="post" action="${base}/payment-method"><fieldset><legend class="muted">Tarjeta para los próximos cobros</legend>${cardChoices}</fieldset><button class="secondary" type="submit">Guardar método de pago</button></form>
<h2>Datos de facturación</h2>
<form method="post" action="${base}/details"><label for="name">Nombre o razón social</label><input id="name" name="name" type="text" maxlength="256" value="${escapeHtml(customer?.name ?? '')}"><button class="secondary" type="submit">Guardar datos</button></form>
<h2>Facturas</h2>
${invoiceList}
<h2>Pagos únicos</h2>
${paymentList}
${portal.return_url ? `<a class="back" href="${escapeHtml(portal.return_url)}">Volver a KIA</a>` : ''}`
	return html(200, page('Facturación · KIA', body))
}

function subscriptionCard(core: Core, portalId: string, subscription: Subscription) {
	const item = subscription.items.data[0]
	if (!item) return ''
	const product = core.store.state.products[idOf(item.price.product) ?? '']
	const amount = (item.price.unit_amount ?? 0) * (item.quantity ?? 1)
	const status = statusLabels[subscription.status] ?? subscription.status
	let when = ''
	if (subscription.status === 'canceled') {
		when = `Cancelada el ${longDate(subscription.ended_at ?? subscription.canceled_at ?? subscription.created)}`
	} else if (subscription.cancel_at_period_end || subscription.cancel_at) {
		when = `Se cancelará el ${longDate(subscription.cancel_at ?? item.current_period_end)}`
	} else {
		when = `Próxima renovación: ${longDate(item.current_period_end)}`
	}
	const cancellable = subscription.status !== 'canceled' && subscription.status !== 'incomplete_expired'
	const form = cancellable
		? `<form method="post" action="/billing/${encodeURIComponent(portalId)}/subscriptions/${encodeURIComponent(subscription.id)}/cancel"><button class="danger" type="submit">Cancelar suscripción</button></form>`
		: ''
	return `<article>
<h3>${escapeHtml(product?.name ?? item.price.nickname ?? item.price.id)}</h3>
<p>${escapeHtml(periodLabel(item.price))} · ${escapeHtml(euros(amount))}${amountSuffix(item.price)}</p>
<p>Estado: <strong>${escapeHtml(status)}</strong></p>
<p class="muted">${escapeHtml(when)}</p>
${form}
</article>`
}

function cancelFromPortal(core: Core, portalId: string, subscriptionId: string): Reply {
	const { state } = core.store
	const portal = state.portalSessions[portalId]
	if (!portal) return portalNotFound()
	const subscription = state.subscriptions[subscriptionId]
	// The portal only ever acts on its own customer's subscriptions.
	if (!subscription || idOf(subscription.customer) !== portal.customer) {
		return messagePage(404, 'Suscripción no encontrada', 'Esta suscripción no existe o no es tuya.', {
			href: `/billing/${encodeURIComponent(portal.id)}`,
			label: 'Volver a la facturación',
		})
	}
	if (subscription.status !== 'canceled') cancelNow(core, subscription)
	return redirect(`/billing/${encodeURIComponent(portal.id)}?aviso=cancelada`)
}

/**
 * The portal saves a new card as the customer's default and as the default
 * of each of their live subscriptions, so every next charge uses it.
 */
function changeCard(core: Core, portalId: string, form: Params): Reply {
	const { state } = core.store
	const portal = state.portalSessions[portalId]
	if (!portal) return portalNotFound()
	const customer = state.customers[portal.customer]
	const card = form.payment_method
	if (!customer || !isTestCard(card)) return redirect(`/billing/${encodeURIComponent(portal.id)}`)
	const previous = { invoice_settings: structuredClone(customer.invoice_settings) }
	customer.invoice_settings.default_payment_method = card
	core.emit('customer.updated', customer, { previous })
	for (const subscription of Object.values(state.subscriptions)) {
		if (idOf(subscription.customer) !== customer.id || subscription.status === 'canceled') continue
		if (idOf(subscription.default_payment_method) === card) continue
		const before = { default_payment_method: subscription.default_payment_method }
		subscription.default_payment_method = card
		core.emit('customer.subscription.updated', subscription, { previous: before })
	}
	core.store.changed()
	return redirect(`/billing/${encodeURIComponent(portal.id)}?aviso=tarjeta`)
}

function changeBillingName(core: Core, portalId: string, form: Params): Reply {
	const { state } = core.store
	const portal = state.portalSessions[portalId]
	if (!portal) return portalNotFound()
	const customer = state.customers[portal.customer]
	const name = typeof form.name === 'string' ? form.name.trim().slice(0, 256) : ''
	if (customer && name !== (customer.name ?? '')) {
		const previous = { name: customer.name }
		customer.name = name || null
		core.store.changed()
		core.emit('customer.updated', customer, { previous })
	}
	return redirect(`/billing/${encodeURIComponent(portal.id)}?aviso=datos`)
}

function invoiceBySecret(core: Core, secret: string): Invoice | undefined {
	const id = core.store.state.hostedInvoices[secret]
	return id ? core.store.state.invoices[id] : undefined
}

/** Stripe's hosted invoice page: the invoice, its PDF and, while it is unpaid, a way to pay it. */
function invoicePage(core: Core, secret: string): Reply {
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

function payOpenInvoice(core: Core, secret: string): Reply {
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

function invoicePdf(core: Core, secret: string): Reply {
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
