import { cancelNow, idOf, type Core } from '../billing'
import type { Params } from '../form'
import { html, redirect, type Reply } from '../http'
import { isTestCard, testCards, type TestCard } from '../invoices'
import type { Subscription } from '../store'
import {
	amountSuffix,
	escapeHtml,
	euros,
	invoiceStatusLabels,
	longDate,
	messagePage,
	page,
	periodLabel,
	taxLabel,
} from './layout'

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

const portalNotFound = () =>
	messagePage(404, 'Portal de facturación no encontrado', 'Este enlace no existe. Vuelve a KIA y ábrelo de nuevo.')

const cardLabel = (card: TestCard) => `${testCards[card].brand} •••• ${testCards[card].last4}`

const portalNotices: Record<string, string> = {
	cancelada: 'Suscripción cancelada.',
	tarjeta: 'Método de pago actualizado.',
	datos: 'Datos de facturación actualizados.',
}

export function portalPage(core: Core, id: string, query: URLSearchParams): Reply {
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
	const rates = item.tax_rates?.length ? item.tax_rates : (subscription.default_tax_rates ?? [])
	const taxes = rates.map((rate) => ` + ${taxLabel(rate)}`).join('')
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
<p>${escapeHtml(periodLabel(item.price))} · ${escapeHtml(euros(amount))}${amountSuffix(item.price)}${escapeHtml(taxes)}</p>
<p>Estado: <strong>${escapeHtml(status)}</strong></p>
<p class="muted">${escapeHtml(when)}</p>
${form}
</article>`
}

export function cancelFromPortal(core: Core, portalId: string, subscriptionId: string): Reply {
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
export function changeCard(core: Core, portalId: string, form: Params): Reply {
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

export function changeBillingName(core: Core, portalId: string, form: Params): Reply {
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
