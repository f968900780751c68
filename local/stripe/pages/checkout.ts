import { completeCheckout, expireIfDue, idOf, type Core } from '../billing'
import type { Params } from '../form'
import { html, redirect, type Reply } from '../http'
import type { CheckoutSession } from '../store'
import { amountSuffix, escapeHtml, euros, messagePage, page, periodLabel } from './layout'

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

export function checkoutPage(core: Core, id: string, error?: string): Reply {
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

export function payCheckout(core: Core, id: string, form: Params): Reply {
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
