import { idOf, type Core } from '../billing'
import { html, type Reply } from '../http'
import type { Price } from '../store'
import { escapeHtml, longDate, messagePage, page } from './layout'

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
export function pricePage(core: Core, id: string): Reply {
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
