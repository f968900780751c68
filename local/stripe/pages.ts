import { cancelNow, completeCheckout, expireIfDue, idOf, type Core } from './billing'
import type { Params } from './form'
import { html, redirect, type Reply } from './http'
import type { CheckoutSession, Price, Subscription } from './store'

/*
 * The pages Stripe hosts, reduced to what a developer needs to click
 * through: the checkout (pay or go back) and the billing portal (see and
 * cancel). Plain HTML forms, so they work without JavaScript and inside an iframe.
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
small{display:block;margin-top:24px;color:#697386;font-size:13px}
</style></head>
<body><main>
<p class="test">Modo de prueba</p>
${body}
<small>${escapeHtml(note)}</small>
</main></body></html>`
}

function messagePage(
	status: number,
	title: string,
	text: string,
	link?: { href: string; label: string; top?: boolean },
) {
	const anchor = link
		? `<a class="back" href="${escapeHtml(link.href)}"${link.top ? ' target="_top"' : ''}>${escapeHtml(link.label)}</a>`
		: ''
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
	if (portal && method === 'GET') return portalPage(core, decodeURIComponent(portal[1] ?? ''), query.get('cancelada'))
	const cancel = /^\/billing\/([^/]+)\/subscriptions\/([^/]+)\/cancel$/.exec(path)
	if (cancel && method === 'POST')
		return cancelFromPortal(core, decodeURIComponent(cancel[1] ?? ''), decodeURIComponent(cancel[2] ?? ''))
	return undefined
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

function portalPage(core: Core, id: string, canceledId: string | null): Reply {
	const { state } = core.store
	const portal = state.portalSessions[id]
	if (!portal)
		return messagePage(
			404,
			'Portal de facturación no encontrado',
			'Este enlace no existe. Vuelve a KIA y ábrelo de nuevo.',
		)
	const customer = state.customers[portal.customer]
	const subscriptions = Object.values(state.subscriptions)
		.filter((subscription) => idOf(subscription.customer) === portal.customer)
		.sort((a, b) => b.created - a.created)
	const payments = Object.values(state.paymentIntents)
		.filter((payment) => idOf(payment.customer) === portal.customer && payment.status === 'succeeded')
		.sort((a, b) => b.created - a.created)

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
	const notice =
		canceledId && state.subscriptions[canceledId]?.status === 'canceled'
			? '<p class="notice" role="status">Suscripción cancelada.</p>'
			: ''
	const body = `<p class="brand">KIA</p>
<h1>Facturación</h1>
<p class="muted">${escapeHtml(customer?.email ?? customer?.name ?? portal.customer)}</p>
${notice}
<h2>Suscripciones</h2>
${subscriptionList}
<h2>Pagos únicos</h2>
${paymentList}
${portal.return_url ? `<a class="back" href="${escapeHtml(portal.return_url)}" target="_top">Volver a KIA</a>` : ''}`
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
	if (!portal)
		return messagePage(
			404,
			'Portal de facturación no encontrado',
			'Este enlace no existe. Vuelve a KIA y ábrelo de nuevo.',
		)
	const subscription = state.subscriptions[subscriptionId]
	// The portal only ever acts on its own customer's subscriptions.
	if (!subscription || idOf(subscription.customer) !== portal.customer) {
		return messagePage(404, 'Suscripción no encontrada', 'Esta suscripción no existe o no es tuya.', {
			href: `/billing/${encodeURIComponent(portal.id)}`,
			label: 'Volver a la facturación',
		})
	}
	if (subscription.status !== 'canceled') cancelNow(core, subscription)
	return redirect(`/billing/${encodeURIComponent(portal.id)}?cancelada=${encodeURIComponent(subscription.id)}`)
}
