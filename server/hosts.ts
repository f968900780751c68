import type { IncomingMessage, ServerResponse } from 'node:http'
import { newNonce, responseSecurityHeaders, servedHostOf } from '~/.server/http/request'
import { cacheControl } from '~/.server/http/cache-control'

const body = 'Este servidor no atiende ese nombre de host.'

/**
 * Only our configured hosts are served (issue 18, decision 010): a request
 * naming any other `Host` gets 421 Misdirected Request with the usual
 * security headers, before the static files or the app see it, so a
 * made-up host can neither be served as the site nor fill the shared cache
 * in front. 421 rather than a redirect to the site: no browser of ours arrives
 * under another name, so the senders are scanners and misconfigured proxies
 * or DNS, and 421 tells the latter what is wrong instead of papering over it.
 * The health checks, which any host must reach (a load balancer probes by
 * IP), are answered before this (server/health.ts).
 *
 * `X-Forwarded-Host` is dropped first: behind a trusted proxy React Router
 * would build the request's URL from it, and the host checked here must be
 * the host the app serves. Proxies must pass `Host` through (README,
 * TRUST_PROXY).
 *
 * True when the request has been answered.
 */
export function refuseMisdirected(req: IncomingMessage, res: ServerResponse) {
	delete req.headers['x-forwarded-host']
	if (servedHostOf(req.headers.host)) return false
	res.statusCode = 421
	for (const [name, value] of responseSecurityHeaders({ nonce: newNonce() })) res.setHeader(name, value)
	res.setHeader('Cache-Control', cacheControl.none)
	res.setHeader('Content-Type', 'text/plain; charset=utf-8')
	res.setHeader('Content-Length', Buffer.byteLength(body))
	res.end(req.method === 'HEAD' ? undefined : body)
	return true
}
