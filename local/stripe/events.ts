import { apiVersion } from './http'
import { newId, nowSeconds, type EventType, type Store, type StripeEvent, type StripeObject } from './store'

/** What caused an event: an API request (with its id and idempotency key) or nothing, for hosted-page actions. */
export type EventCause = { id: string | null; idempotency_key: string | null }

export type Emit = (
	type: EventType,
	object: StripeObject,
	options?: { previous?: Record<string, unknown>; cause?: EventCause },
) => StripeEvent

export type EventSink = { hasEndpoint: () => boolean; send: (event: StripeEvent) => void }

/** Records an event with a snapshot of the object as it is now, and hands it to the webhook sender. */
export function createEmitter(store: Store, webhooks: EventSink): Emit {
	return (type, object, { previous, cause } = {}) => {
		const event: StripeEvent = {
			id: newId('evt'),
			object: 'event',
			api_version: apiVersion,
			created: nowSeconds(),
			data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
			livemode: false,
			pending_webhooks: webhooks.hasEndpoint() ? 1 : 0,
			request: cause ?? { id: null, idempotency_key: null },
			type,
		}
		store.state.events.push(event)
		store.changed()
		if (event.pending_webhooks > 0) webhooks.send(structuredClone(event))
		return event
	}
}

/** `customer.subscription.*` matches every subscription event, as in Stripe's `type` filter. */
export function typeMatches(type: string, pattern: string) {
	if (!pattern.endsWith('*')) return type === pattern
	return type.startsWith(pattern.slice(0, -1))
}
