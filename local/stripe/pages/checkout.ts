import { completeCheckout, expireIfDue, idOf, type Buyer, type Core } from '../billing'
import type { Params } from '../form'
import { html, redirect, StripeApiError, type Reply } from '../http'
import type { Address, CheckoutSession, Customer, LineItem } from '../store'
import { sessionTax } from '../automatic-tax'
import { lineTaxes } from '../tax'
import { checkTaxId } from '../tax-ids'
import { amountSuffix, escapeHtml, euros, messagePage, page, periodLabel, taxLabel } from './layout'

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

/** Where a billing address may be: the EU, where IVA's rules differ by country, and a few neighbours. */
const countries = [
	'ES',
	'AT',
	'BE',
	'BG',
	'CY',
	'CZ',
	'DE',
	'DK',
	'EE',
	'FI',
	'FR',
	'GR',
	'HR',
	'HU',
	'IE',
	'IT',
	'LT',
	'LU',
	'LV',
	'MT',
	'NL',
	'PL',
	'PT',
	'RO',
	'SE',
	'SI',
	'SK',
	'AD',
	'CH',
	'GB',
	'MX',
	'US',
]

const countryName = new Intl.DisplayNames(['es'], { type: 'region' })

const text = (form: Params, name: string) => (typeof form[name] === 'string' ? form[name].trim() : '')

function field(name: string, label: string, value: string, required: boolean, autocomplete: string) {
	return `<label for="${name}">${escapeHtml(label)}${required ? '' : ' (opcional)'}</label><input id="${name}" name="${name}" type="text" autocomplete="${autocomplete}" value="${escapeHtml(value)}"${required ? ' required' : ''}>`
}

/** `billing_address_collection=required`: the name and full address a card's billing details hold. */
function addressFields(customer: Customer | undefined, typed: Params) {
	const saved = customer?.address
	const value = (name: keyof Address) => text(typed, name) || (saved?.[name] ?? '')
	const country = value('country') || 'ES'
	const options = countries
		.map(
			(code) =>
				`<option value="${code}"${code === country ? ' selected' : ''}>${escapeHtml(countryName.of(code) ?? code)}</option>`,
		)
		.join('')
	return `<fieldset><legend class="muted">Dirección de facturación</legend>
${field('name', 'Nombre completo', text(typed, 'name') || (customer?.name ?? ''), true, 'name')}
${field('line1', 'Dirección', value('line1'), true, 'address-line1')}
${field('line2', 'Piso, puerta…', value('line2'), false, 'address-line2')}
${field('postal_code', 'Código postal', value('postal_code'), true, 'postal-code')}
${field('city', 'Ciudad', value('city'), true, 'address-level2')}
${field('state', 'Provincia', value('state'), false, 'address-level1')}
<label for="country">País</label><select id="country" name="country" autocomplete="country">${options}</select></fieldset>`
}

/** `tax_id_collection`: Stripe's "I'm purchasing as a business" box, the legal name and one tax ID. */
function businessFields(session: CheckoutSession, typed: Params) {
	const required = session.tax_id_collection?.required === 'if_supported'
	const box = required
		? ''
		: `<label><input type="checkbox" name="business" value="1"${typed.business ? ' checked' : ''}> Compro como empresa</label>`
	return `<fieldset><legend class="muted">Datos fiscales de la empresa</legend>${box}
${field('business_name', 'Razón social', text(typed, 'business_name'), required, 'organization')}
${field('tax_id', 'NIF o número de IVA intracomunitario', text(typed, 'tax_id'), required, 'off')}</fieldset>`
}

/**
 * Base, each tax rate's share and total, before paying: what Stripe's summary shows when a session has tax rates
 * or Stripe Tax. Stripe's page works the tax out again as the buyer types an address and a tax ID; this page
 * shows it for the customer as it is and says it is settled on paying.
 */
function taxSummary(core: Core, session: CheckoutSession, item: LineItem, customer: Customer | undefined) {
	const details = core.store.state.checkoutDetails[session.id]
	const automatic = session.automatic_tax.enabled
	const tax = sessionTax(
		core,
		customer,
		automatic,
		details?.lineTaxRates?.[item.id] ?? [],
		details?.subscriptionTaxRates ?? [],
	)
	if (tax.rates.length === 0 && !automatic) return ''
	const { taxes, inclusive, backedOut } = lineTaxes(item.amount_subtotal, tax.rates, tax.exempt, automatic)
	const base = item.amount_subtotal - inclusive - backedOut
	const total = base + taxes.reduce((sum, line) => sum + line.amount, 0)
	const pending = automatic && tax.rates.length === 0 ? ['<tr><td>IVA</td><td>Según tu dirección</td></tr>'] : []
	const rows = taxes.map(
		(line) =>
			`<tr><td>${escapeHtml(taxLabel(line.rate, tax.exempt))}</td><td>${escapeHtml(euros(line.amount))}</td></tr>`,
	)
	const note = automatic
		? '<p class="muted">El IVA se calcula con la dirección de facturación y el NIF o número de IVA que indiques: una empresa de otro país de la UE con número de IVA no paga IVA (inversión del sujeto pasivo).</p>'
		: ''
	return `<table><tbody><tr><td>Base imponible</td><td>${escapeHtml(euros(base))}</td></tr>${[...pending, ...rows].join('')}</tbody><tfoot><tr><td>Total</td><td>${escapeHtml(euros(total))}</td></tr></tfoot></table>${note}`
}

export function checkoutPage(core: Core, id: string, error?: string, typed: Params = {}): Reply {
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
		: `<label for="email">Correo electrónico</label><input id="email" name="email" type="email" autocomplete="email" value="${escapeHtml(text(typed, 'email'))}" required>`
	const address = session.billing_address_collection === 'required' ? addressFields(customer, typed) : ''
	const business = session.tax_id_collection?.enabled ? businessFields(session, typed) : ''
	const body = `<p class="brand">KIA</p>
<h1>${escapeHtml(product?.name ?? price.nickname ?? price.id)}</h1>
<p class="muted">${escapeHtml(periodLabel(price))} · ${charge}</p>
<p class="amount">${escapeHtml(euros(session.amount_total ?? 0))}${suffix ? ` <span>${suffix}</span>` : ' <span>pago único</span>'}</p>
${taxSummary(core, session, item, customer)}
<dl>${email ? `<dt>Correo</dt><dd>${escapeHtml(email)}</dd>` : ''}${quantity}<dt>Tarjeta</dt><dd>4242 4242 4242 4242 (de prueba)</dd></dl>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/checkout/${encodeURIComponent(session.id)}/pay">${emailField}${address}${business}<button class="pay" type="submit">Pagar</button></form>
${session.cancel_url ? `<a class="back" href="${escapeHtml(session.cancel_url)}">Cancelar y volver</a>` : ''}`
	const note =
		'Checkout de prueba del Stripe local (local/stripe): «Pagar» completa el pago al momento y no se cobra nada. En producción, este paso lo hace Stripe.'
	return html(error ? 400 : 200, page(`Pagar ${product?.name ?? ''} · KIA`, body, note))
}

/** The billing details typed on the page, or what is missing from them, in Spanish. */
function billingOf(session: CheckoutSession, form: Params): Buyer['billing'] | string {
	if (session.billing_address_collection !== 'required') return undefined
	const part = (name: string) => text(form, name) || null
	const country = part('country')
	const address = {
		city: part('city'),
		country: country && countries.includes(country) ? country : null,
		line1: part('line1'),
		line2: part('line2'),
		postal_code: part('postal_code'),
		state: part('state'),
	}
	if (!part('name') || !address.line1 || !address.postal_code || !address.city || !address.country)
		return 'Completa el nombre y la dirección de facturación.'
	return { name: part('name'), address }
}

/**
 * The business typed on the page: its name and tax ID, whose type follows
 * from its shape (an EU VAT number starts with its country's prefix; a
 * Spanish NIF does not), checked as Stripe checks it.
 */
function businessOf(session: CheckoutSession, form: Params): Buyer['business'] | string {
	const collection = session.tax_id_collection
	if (!collection?.enabled || (collection.required !== 'if_supported' && !form.business)) return undefined
	const name = text(form, 'business_name')
	const value = text(form, 'tax_id')
		.replace(/[\s.-]/g, '')
		.toUpperCase()
	if (!name || !value) return 'Escribe la razón social y el NIF o número de IVA de la empresa.'
	const type = /^[A-Z]{2}/.test(value) ? 'eu_vat' : 'es_cif'
	try {
		checkTaxId(type, value)
	} catch (error) {
		if (error instanceof StripeApiError) return 'El NIF o el número de IVA intracomunitario no es válido.'
		throw error
	}
	return { name, taxId: { type, value } }
}

export function payCheckout(core: Core, id: string, form: Params): Reply {
	const session = core.store.state.checkoutSessions[id]
	if (!session) return sessionNotFound()
	const closed = closedSession(core, session)
	if (closed) return closed
	const customer = session.customer ? core.store.state.customers[idOf(session.customer) ?? ''] : undefined
	const typed = text(form, 'email')
	const email = customer?.email ?? session.customer_email ?? (typed || null)
	if (!customer && !session.customer_email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(typed)) {
		return checkoutPage(core, id, 'Escribe un correo electrónico válido.', form)
	}
	const billing = billingOf(session, form)
	if (typeof billing === 'string') return checkoutPage(core, id, billing, form)
	const business = businessOf(session, form)
	if (typeof business === 'string') return checkoutPage(core, id, business, form)
	completeCheckout(core, session, { email, billing, business })
	return redirect(successUrl(session))
}
