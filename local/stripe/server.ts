import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { localStripe } from '../../app/.server/billing/local-stripe'
import { createApi } from './api'
import type { Core } from './billing'
import { loadCatalogue } from './catalogue'
import { loadDemoClient } from './demo'
import { createEmitter } from './events'
import { parseParams, type Params } from './form'
import { BodyError, readBody } from '../service'
import { apiKeyOf, apiVersion, html, json, redactKey, StripeApiError, type Reply } from './http'
import { handlePage } from './pages'
import { billDueRenewals } from './renewals'
import { resumeVerifications } from './tax-ids'
import { newId, nowSeconds, Store } from './store'
import { createWebhookSender } from './webhooks'

export type StripeOptions = {
	/** 12111 like stripe-mock, which the app's local defaults point at; 0 picks a free port. */
	port?: number
	/** Where events are POSTed; none keeps them listable but undelivered. */
	webhookUrl?: string
	webhookSecret?: string
	/** Load the state from and save it to this JSON file; in memory when absent. */
	dataFile?: string
	/** One log line per request. */
	log?: boolean
}

/** One `/v1` request as the stand-in received it (Stripe's Dashboard shows the same under Developers → Logs). */
export type LoggedRequest = { id: string; method: string; path: string; params: Params; at: number }

/** The latest requests kept for `GET /local/requests`; older ones are dropped. */
const requestLogSize = 10_000

export type LocalStripe = {
	url: string
	port: number
	setWebhookUrl: (url: string | undefined) => void
	stop: () => Promise<void>
}

/**
 * A Stripe-compatible API for development and tests, with the hosted
 * checkout, billing portal and invoice pages and signed webhooks. It covers
 * what the app uses (see api.ts); anything else answers 501 instead of
 * pretending. `GET /local/requests` lists the latest API requests, newest
 * first, so a test can tell which calls a page made.
 */
export async function startStripe(options: StripeOptions = {}): Promise<LocalStripe> {
	const store = await Store.open(options.dataFile)
	loadCatalogue(store.state, nowSeconds())
	store.changed()

	let url = ''
	const webhooks = createWebhookSender({
		url: options.webhookUrl,
		secret: options.webhookSecret ?? localStripe.STRIPE_WEBHOOK_SECRET ?? '',
		log: options.log ?? false,
		onDelivered(event) {
			const stored = store.state.events.find((candidate) => candidate.id === event.id)
			if (stored) stored.pending_webhooks = 0
			store.changed()
		},
	})
	const timers = new Set<NodeJS.Timeout>()
	function later(task: () => void, delayMs: number) {
		const timer = setTimeout(() => {
			timers.delete(timer)
			task()
		}, delayMs)
		timers.add(timer)
	}
	const core: Core = { store, emit: createEmitter(store, webhooks), url: () => url, later }
	const api = createApi(core)
	const requestLog: LoggedRequest[] = []

	const server = createServer((req: IncomingMessage, res: ServerResponse) => {
		const started = performance.now()
		const requestId = newId('req', 14)
		void respond(req, requestId).then(
			(reply) => {
				send(res, reply, requestId)
				if (options.log) {
					const ms = (performance.now() - started).toFixed(1)
					console.info(`[stripe] ${req.method} ${req.url?.split('?')[0]} ${reply.status} ${ms}ms`)
				}
			},
			(error: unknown) => {
				console.error('[stripe] request failed', error)
				const failure = new StripeApiError(500, {
					type: 'api_error',
					message: 'Unexpected failure in the local Stripe stand-in (local/stripe).',
				})
				send(res, failure.reply(), requestId)
			},
		)
	})

	async function respond(req: IncomingMessage, requestId: string): Promise<Reply> {
		const target = new URL(req.url ?? '/', 'http://127.0.0.1')
		const method = req.method ?? 'GET'
		let body: string
		try {
			body = await readBody(req)
		} catch (error) {
			if (error instanceof BodyError)
				return json(413, { error: { type: 'invalid_request_error', message: error.message } })
			throw error
		}

		if (target.pathname.startsWith('/v1/')) {
			const key = apiKeyOf(req)
			if (!key) {
				return new StripeApiError(401, {
					type: 'invalid_request_error',
					message:
						"You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
				}).reply()
			}
			// Only test-mode secret keys: the stand-in must never look like it could take a live key.
			if (!key.startsWith('sk_test_')) {
				return new StripeApiError(401, {
					type: 'invalid_request_error',
					message: `Invalid API Key provided: ${redactKey(key)}`,
				}).reply()
			}
			billDueRenewals(core)
			const params = { ...parseParams(target.search.slice(1)), ...parseParams(body) }
			const idempotencyKey = req.headers['idempotency-key']
			requestLog.push({ id: requestId, method, path: target.pathname, params, at: Date.now() })
			if (requestLog.length > requestLogSize) requestLog.splice(0, requestLog.length - requestLogSize)
			return api({
				method,
				path: target.pathname,
				params,
				body,
				requestId,
				idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : undefined,
			})
		}

		billDueRenewals(core)
		const page = handlePage(
			core,
			method,
			target.pathname,
			method === 'POST' ? parseParams(body) : {},
			target.searchParams,
		)
		if (page) return page
		if (method === 'GET' && target.pathname === '/local/requests') {
			return json(200, { object: 'list', data: [...requestLog].reverse() })
		}
		if (method === 'GET' && target.pathname === '/') {
			return html(
				200,
				'<!doctype html><html lang="es"><meta charset="utf-8"><title>Stripe local</title><p>Stripe local de KIA (local/stripe): la API está en /v1.</p></html>',
			)
		}
		return html(
			404,
			'<!doctype html><html lang="es"><meta charset="utf-8"><title>No encontrado</title><p>Página no encontrada en el Stripe local.</p></html>',
		)
	}

	function send(res: ServerResponse, reply: Reply, requestId: string) {
		res.writeHead(reply.status, { 'Request-Id': requestId, 'Stripe-Version': apiVersion, ...reply.headers })
		res.end(reply.body)
	}

	await new Promise<void>((resolve, reject) => {
		server.once('error', reject)
		server.listen(options.port ?? 12111, '127.0.0.1', () => {
			server.off('error', reject)
			resolve()
		})
	})
	const port = (server.address() as AddressInfo).port
	url = `http://127.0.0.1:${port}`
	// Like the database's seed, on first start only: later, the data is the developer's.
	if (store.fresh) loadDemoClient(core)
	resumeVerifications(core)

	return {
		url,
		port,
		setWebhookUrl: (next) => webhooks.setUrl(next),
		stop: async () => {
			for (const timer of timers) clearTimeout(timer)
			await webhooks.stop()
			await new Promise<void>((resolve) => {
				server.close(() => resolve())
				server.closeAllConnections()
			})
			await store.flush()
		},
	}
}
