import { randomBytes, randomUUID } from 'node:crypto'
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import { parse } from 'cookie'
import { cacheableFor, pageCacheMarker } from '~/.server/page-cache'
import { hostKindOf } from '~/lib/host'
import { pageTemplate, type PageTemplate } from './page-template'
import { perResponseHeaders } from './response-headers'

/**
 * Anonymous visitors' marketing pages, rendered once and served from memory
 * (issue #9: rendering every request reaches a few % of a static file's
 * throughput). Decided in layers so nothing personal is ever shared:
 *
 * - the app marks a response cacheable (`cacheableFor`) only for a GET on the
 *   site by someone without a session, with status 200, HTML and no Set-Cookie;
 * - this layer only looks up requests that carry none of our personal cookies
 *   (session, toast, booking draft) and keys them on the canonical host, URL
 *   and the two cookies that change the HTML: theme and consent;
 * - every hit gets a fresh CSP nonce and request id, so a cached page is as
 *   strict as a rendered one; the page is kept gzipped around its nonces
 *   (server/page-template.ts), so a hit compresses nothing;
 * - entries live `ttl` seconds (then one request renders the replacement
 *   while the others still get the old copy) and all go when the blog changes.
 */

type Entry = {
	/** The body, to be put back together around a fresh nonce. */
	page: PageTemplate
	/** Each header's value split at the nonce (one piece for the many that carry none). */
	headers: [string, string[]][]
	expires: number
	/** When a request was let through to render a fresh copy; others keep getting this one meanwhile. */
	refreshing: number | null
}

const keyedCookies = ['kia-theme', 'cookie_consent']
/** Bytes of entropy in a hit's nonce; as base64, its length in the page. */
const nonceBytes = 16
const nonceLength = Math.ceil(nonceBytes / 3) * 4
const ownCookie = /^(kia-|sb-)/
const neverCached = /^\/(assets|api|resources)\/|^\/__|\.data$/
const maxEntries = 300
const blogCheckIntervalMs = 5_000
/** How long an expired page may still be served while one request renders its replacement. */
const staleGraceMs = 10_000
/** Past this, an expired page whose replacement never came (a failing render) is dropped. */
const maxStaleMs = 60_000

/**
 * Hits' nonces are cut from one read of the CSPRNG per 256 hits: a read per hit was the most expensive step
 * of a hit. Each nonce is still 16 random bytes used once.
 */
let randomPool = Buffer.alloc(0)
let randomOffset = 0
function freshNonce() {
	if (randomOffset + nonceBytes > randomPool.length) {
		randomPool = randomBytes(nonceBytes * 256)
		randomOffset = 0
	}
	randomOffset += nonceBytes
	return randomPool.toString('base64', randomOffset - nonceBytes, randomOffset)
}

export type BlogVersion = () => Promise<string | null>

export function createPageCache({
	blogVersion,
	canonicalHost,
	now = Date.now,
}: {
	blogVersion: BlogVersion
	/** The configured host a `Host` header is served as, or null (such a request is never cached). */
	canonicalHost: (hostHeader: string | undefined) => string | null
	now?: () => number
}) {
	const entries = new Map<string, Entry>()
	let knownBlogVersion: string | null = null
	let lastBlogCheck = Number.NEGATIVE_INFINITY

	/** The cache key, or null when this request must be rendered for its sender alone. */
	function keyOf(req: IncomingMessage) {
		if (req.method !== 'GET' && req.method !== 'HEAD') return null
		// Keyed on the canonical host: other names for the same site share its pages, and names we do not
		// serve get none, so made-up hosts cannot push real pages out.
		const host = canonicalHost(req.headers.host)
		const url = req.url ?? '/'
		if (host === null || hostKindOf(host) === 'portal' || url.length > 512 || neverCached.test(url.split('?')[0] ?? ''))
			return null
		const cookies = parse(req.headers.cookie ?? '')
		for (const name of Object.keys(cookies)) {
			if (ownCookie.test(name) && !keyedCookies.includes(name)) return null
		}
		const varying = keyedCookies.map((name) => cookies[name] ?? '')
		if (varying.some((value) => value.length > 200)) return null
		return `${host}${url}\n${varying.join('\n')}`
	}

	/** Drops everything once the published blog changes (checked at most every few seconds, off the request path). */
	function checkBlog() {
		if (now() - lastBlogCheck < blogCheckIntervalMs) return
		lastBlogCheck = now()
		blogVersion()
			.then((version) => {
				if (version !== null && version !== knownBlogVersion) {
					if (knownBlogVersion !== null) entries.clear()
					knownBlogVersion = version
				}
			})
			.catch((error: unknown) => console.error('[page-cache] blog check failed', error))
	}

	/** Serves the request from memory when it can, and returns the answer's request id; null means render it. */
	function serve(req: IncomingMessage, res: ServerResponse): string | null {
		const key = keyOf(req)
		if (!key) return null
		checkBlog()
		const entry = entries.get(key)
		if (!entry) return null
		if (now() - entry.expires > maxStaleMs) {
			entries.delete(key)
			return null
		}
		if (entry.expires <= now()) {
			// One request renders the replacement; under load the rest are not all sent to render at once.
			if (entry.refreshing === null || now() - entry.refreshing > staleGraceMs) {
				entry.refreshing = now()
				return null
			}
		}
		// Least recently used goes first when the map is full.
		entries.delete(key)
		entries.set(key, entry)

		const nonce = freshNonce()
		const requestId = randomUUID()
		const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))
		// All in one writeHead rather than a setHeader each: Node then checks and stores each header once.
		const headers: OutgoingHttpHeaders = {}
		for (const [name, pieces] of entry.headers) headers[name] = pieces.length === 1 ? pieces[0] : pieces.join(nonce)
		headers['x-request-id'] = requestId
		headers['x-page-cache'] = 'hit'
		if (gzip) headers['content-encoding'] = 'gzip'
		headers['content-length'] = gzip ? entry.page.gzipLength : entry.page.plainLength
		res.writeHead(200, headers)
		if (req.method === 'HEAD') {
			res.end()
			return requestId
		}
		const pieces = (gzip ? entry.page.gzip : entry.page.plain)(Buffer.from(nonce))
		// Corked: the pieces leave in one write with the head, as one buffer would.
		res.cork()
		for (const piece of pieces) res.write(piece)
		res.end()
		res.uncork()
		return requestId
	}

	/**
	 * Express middleware, after compression so it sees the page as rendered:
	 * keeps a copy of responses the app marked cacheable. The marker never
	 * leaves the server, whether or not the page is kept.
	 */
	function capture(req: IncomingMessage, res: ServerResponse, next: () => void) {
		const key = req.method === 'GET' ? keyOf(req) : null
		const chunks: Buffer[] = []
		let ttl = 0
		const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse
		res.writeHead = ((...args: unknown[]) => {
			ttl = key ? cacheableFor(res.statusCode, res.getHeaders()) : 0
			res.removeHeader(pageCacheMarker)
			if (key) res.setHeader('x-page-cache', ttl > 0 ? 'miss' : 'bypass')
			return writeHead(...args)
		}) as typeof res.writeHead
		if (!key) return next()
		const write = res.write.bind(res) as (...args: unknown[]) => boolean
		// Collected before the decision: the head goes out (and `ttl` is known) inside the first write.
		res.write = ((chunk: unknown, ...rest: unknown[]) => {
			chunks.push(toBuffer(chunk))
			return write(chunk, ...rest)
		}) as typeof res.write
		const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse
		res.end = ((chunk?: unknown, ...rest: unknown[]) => {
			if (typeof chunk !== 'function') chunks.push(toBuffer(chunk))
			const result = end(chunk, ...rest)
			if (ttl > 0) store(key, res, Buffer.concat(chunks).toString('utf8'), ttl)
			return result
		}) as typeof res.end
		next()
	}

	function store(key: string, res: ServerResponse, html: string, ttl: number) {
		const csp = String(res.getHeader('content-security-policy') ?? '')
		const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
		if (!nonce) return
		const headers: [string, string[]][] = []
		for (const [name, value] of Object.entries(res.getHeaders())) {
			if (perResponseHeaders.has(name) || name === 'x-page-cache' || value === undefined) continue
			headers.push([name, (Array.isArray(value) ? value.join(', ') : String(value)).split(nonce)])
		}
		if (entries.size >= maxEntries) entries.delete(entries.keys().next().value ?? '')
		entries.delete(key)
		entries.set(key, {
			page: pageTemplate(
				html.split(nonce).map((part) => Buffer.from(part)),
				nonceLength,
			),
			headers,
			expires: now() + ttl * 1000,
			refreshing: null,
		})
	}

	return { serve, capture, clear: () => entries.clear(), size: () => entries.size }
}

function toBuffer(chunk: unknown) {
	if (typeof chunk === 'string') return Buffer.from(chunk)
	if (chunk instanceof Uint8Array) return Buffer.from(chunk)
	return Buffer.alloc(0)
}
