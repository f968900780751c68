import { handleStripeEvent } from '~/.server/billing/webhook'
import { env } from '~/.server/env'
import { readBody } from '~/.server/http/responses'
import { getStripe, isPermanentStripeError } from '~/.server/billing/stripe'
import type { Route } from './+types/stripe-webhook'
import { log } from '~/.server/log'

/**
 * Stripe's event deliveries. The raw body is verified against the signature
 * before anything is read from it (400 when it does not match, 413 when it
 * passes the body limit). Answers 2xx for events we ignore or cannot act on,
 * 409 while another delivery of the event is being handled (Stripe delivers
 * it again, and then hears whether that one did it), 5xx when a retry can help.
 */
export async function action({ request }: Route.ActionArgs) {
	if (request.method !== 'POST') return new Response(null, { status: 405, headers: { Allow: 'POST' } })
	const signature = request.headers.get('Stripe-Signature')
	if (!signature) return Response.json({ error: 'Falta la firma de Stripe' }, { status: 400 })
	const payload = await readBody(request)

	let event
	try {
		event = await getStripe().webhooks.constructEventAsync(payload, signature, env.STRIPE_WEBHOOK_SECRET)
	} catch {
		return Response.json({ error: 'Firma de Stripe no válida' }, { status: 400 })
	}

	try {
		const outcome = await handleStripeEvent(event)
		if (outcome === 'in-progress')
			return Response.json({ error: 'El evento se está procesando', outcome }, { status: 409 })
		return Response.json({ received: true, outcome })
	} catch (error) {
		log.error({ err: error }, `[stripe] event ${event.id} (${event.type}) failed`)
		if (isPermanentStripeError(error)) return Response.json({ received: true, outcome: 'unprocessable' })
		return Response.json({ error: 'No se pudo procesar el evento' }, { status: 500 })
	}
}
