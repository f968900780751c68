import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import type Stripe from 'stripe'

/**
 * A Stripe object as it travels as JSON. The SDK turns decimal strings into
 * `Decimal` objects on arrival, so on the wire (and in the store) they are strings.
 */
export type Wire<T> = T extends string | number | boolean | null | undefined
	? T
	: T extends Stripe.Decimal
		? string
		: T extends (infer U)[]
			? Wire<U>[]
			: T extends object
				? { [K in keyof T]: Wire<T[K]> }
				: T

export type Customer = Wire<Stripe.Customer>
export type CheckoutSession = Wire<Stripe.Checkout.Session>
export type LineItem = Wire<Stripe.LineItem>
export type PortalSession = Wire<Stripe.BillingPortal.Session>
export type Subscription = Wire<Stripe.Subscription>
export type SubscriptionItem = Wire<Stripe.SubscriptionItem>
export type Invoice = Wire<Stripe.Invoice>
export type InvoiceLineItem = Wire<Stripe.InvoiceLineItem>
export type InvoiceItem = Wire<Stripe.InvoiceItem>
export type PaymentIntent = Wire<Stripe.PaymentIntent>
export type Price = Wire<Stripe.Price>
export type Product = Wire<Stripe.Product>
export type Plan = Wire<Stripe.Plan>
export type TaxRate = Wire<Stripe.TaxRate>
export type TaxId = Wire<Stripe.TaxId>
export type Address = Wire<Stripe.Address>

export type StripeObject =
	| Customer
	| CheckoutSession
	| PortalSession
	| Subscription
	| Invoice
	| InvoiceItem
	| PaymentIntent
	| Price
	| Product
	| TaxRate
	| TaxId

export type EventType =
	| 'checkout.session.completed'
	| 'checkout.session.expired'
	| 'customer.created'
	| 'customer.updated'
	| 'customer.subscription.created'
	| 'customer.subscription.deleted'
	| 'customer.subscription.updated'
	| 'customer.tax_id.created'
	| 'customer.tax_id.deleted'
	| 'customer.tax_id.updated'
	| 'invoice.created'
	| 'invoice.finalized'
	| 'invoice.paid'
	| 'invoice.payment_failed'
	| 'invoiceitem.created'
	| 'payment_intent.succeeded'
	| 'price.created'
	| 'price.updated'
	| 'product.created'
	| 'product.updated'
	| 'tax_rate.created'
	| 'tax_rate.updated'

// The SDK's Event is a union of ~300 types; the stand-in keeps the shared shape and its own few types.
export type StripeEvent = Omit<Wire<Stripe.EventBase>, 'type' | 'data'> & {
	type: EventType
	data: { object: StripeObject; previous_attributes?: Record<string, unknown> }
}

export type CheckoutDetails = {
	lineItems: LineItem[]
	/** Each line item's own `tax_rates`, by line item id. */
	lineTaxRates?: Record<string, TaxRate[]>
	subscriptionMetadata: Record<string, string>
	/** `subscription_data[default_tax_rates]`, for the subscription the session starts. */
	subscriptionTaxRates?: TaxRate[]
	paymentIntentMetadata: Record<string, string>
	/** `customer_update[…]`: what paying saves onto the session's customer. */
	customerUpdate?: { address: boolean; name: boolean }
}

export type StripeState = {
	customers: Record<string, Customer>
	checkoutSessions: Record<string, CheckoutSession>
	/** What a session was created with that its JSON does not show: Stripe returns line items only on request. */
	checkoutDetails: Record<string, CheckoutDetails>
	portalSessions: Record<string, PortalSession>
	subscriptions: Record<string, Subscription>
	invoices: Record<string, Invoice>
	/** Prorations waiting for the subscription's next invoice, and those already billed. */
	invoiceItems: Record<string, InvoiceItem>
	/**
	 * The secret of each finalized invoice's hosted page and PDF: like Stripe's,
	 * those addresses are the key to them, so they are not made of the invoice id.
	 */
	hostedInvoices: Record<string, string>
	paymentIntents: Record<string, PaymentIntent>
	products: Record<string, Product>
	prices: Record<string, Price>
	taxRates: Record<string, TaxRate>
	/** Customers' tax IDs: a customer shows them only when asked to (`expand[]=tax_ids`). */
	taxIds: Record<string, TaxId>
	/** Oldest first. */
	events: StripeEvent[]
}

function emptyState(): StripeState {
	return {
		customers: {},
		checkoutSessions: {},
		checkoutDetails: {},
		portalSessions: {},
		subscriptions: {},
		invoices: {},
		invoiceItems: {},
		hostedInvoices: {},
		paymentIntents: {},
		products: {},
		prices: {},
		taxRates: {},
		taxIds: {},
		events: [],
	}
}

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/** Stripe-looking ids: a prefix and random base62 characters (`cus_` + 14, `sub_` + 24…). */
export function newId(prefix: string, length = 24) {
	const bytes = randomBytes(length)
	let id = ''
	for (const byte of bytes) id += alphabet[byte % alphabet.length]
	return `${prefix}_${id}`
}

/** Unix seconds, the unit of every Stripe timestamp. */
export const nowSeconds = () => Math.floor(Date.now() / 1000)

/**
 * Everything the stand-in knows, in memory, written to a JSON file after
 * each change when one is given so development data survives restarts.
 */
export class Store {
	private writing: Promise<void> = Promise.resolve()
	private writeQueued = false

	private constructor(
		readonly state: StripeState,
		private readonly file: string | undefined,
		/** Nothing was saved before: the stand-in's first start on this data. */
		readonly fresh: boolean,
	) {}

	static async open(file?: string): Promise<Store> {
		if (!file || !existsSync(file)) return new Store(emptyState(), file, true)
		let saved: Partial<StripeState>
		try {
			saved = JSON.parse(await readFile(file, 'utf8')) as Partial<StripeState>
		} catch (error) {
			// Starting empty would overwrite the file on the first change: better to stop and say so.
			throw new Error(`local/stripe: ${file} is not valid JSON; fix or delete it. (${String(error)})`)
		}
		return new Store({ ...emptyState(), ...saved }, file, false)
	}

	/** Call after every change; writes that pile up while one is running collapse into one. */
	changed() {
		const file = this.file
		if (!file || this.writeQueued) return
		this.writeQueued = true
		this.writing = this.writing
			.then(async () => {
				this.writeQueued = false
				await mkdir(dirname(file), { recursive: true })
				// Write then rename, so a crash mid-write never leaves half a file.
				const temporary = `${file}.${process.pid}.tmp`
				await writeFile(temporary, JSON.stringify(this.state, null, '\t'))
				await rename(temporary, file)
			})
			.catch((error: unknown) => console.warn('[stripe] could not save the state file', error))
	}

	flush() {
		return this.writing
	}

	/** Any stored object by id, whatever its kind; what expansion needs. */
	find(id: string): StripeObject | undefined {
		const {
			customers,
			checkoutSessions,
			portalSessions,
			subscriptions,
			invoices,
			invoiceItems,
			paymentIntents,
			prices,
			products,
			taxRates,
			taxIds,
		} = this.state
		return (
			customers[id] ??
			checkoutSessions[id] ??
			portalSessions[id] ??
			subscriptions[id] ??
			invoices[id] ??
			invoiceItems[id] ??
			paymentIntents[id] ??
			prices[id] ??
			products[id] ??
			taxRates[id] ??
			taxIds[id]
		)
	}
}
