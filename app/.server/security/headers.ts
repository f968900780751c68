/**
 * Which inline scripts may run: those carrying this response's nonce, or, on a page every visitor gets the same
 * bytes of (a shared cache keeps it), exactly those whose SHA-256 is listed ('sha256-…' sources).
 */
export type ScriptSources = { nonce: string } | { hashes: readonly string[] }

/**
 * Headers every response carries. Scripts are allowed only by nonce or hash
 * ('strict-dynamic' lets the trusted entry load the route chunks); styles may
 * be inline because Radix and sonner position elements with style attributes.
 */
export function securityHeaders({
	scripts,
	isDevelopment,
	isHttps,
	siteOrigins,
	paymentOrigins,
	oauthOrigins,
	imageOrigins,
	report,
}: {
	scripts: ScriptSources
	isDevelopment: boolean
	isHttps: boolean
	/** Our two hosts: a form on one may redirect to the other (signing out goes to the site). */
	siteOrigins: readonly string[]
	/** Stripe's hosted checkout and billing portal: forms redirect there. Nothing is framed, Stripe's pages least of all. */
	paymentOrigins: readonly string[]
	/** The auth server and the identity provider behind it: the Google sign-in form redirects there. */
	oauthOrigins: readonly string[]
	/** Hosts pictures may come from besides ours. */
	imageOrigins: readonly string[]
	/** Where browsers report what the policy blocked: `report-uri`'s path and the Reporting API's group. */
	report: { path: string; group: string }
}) {
	const csp = [
		`default-src 'self'`,
		`script-src 'self' ${'nonce' in scripts ? `'nonce-${scripts.nonce}'` : scripts.hashes.join(' ')} 'strict-dynamic'`,
		// The hero's particles are drawn by a worker of ours; under 'strict-dynamic' script-src would not allow it.
		`worker-src 'self'`,
		`style-src 'self' 'unsafe-inline'`,
		`img-src 'self' data: ${imageOrigins.join(' ')}`,
		`font-src 'self'`,
		// Vite's dev server pushes module updates over a websocket.
		`connect-src 'self'${isDevelopment ? ' ws: wss:' : ''}`,
		`form-action 'self' ${[...siteOrigins, ...paymentOrigins, ...oauthOrigins].join(' ')}`,
		`frame-src 'none'`,
		`frame-ancestors 'none'`,
		`base-uri 'self'`,
		`object-src 'none'`,
		`report-uri ${report.path}`,
		`report-to ${report.group}`,
	].join('; ')

	const headers: [string, string][] = [
		['Content-Security-Policy', csp],
		['X-Content-Type-Options', 'nosniff'],
		['X-Frame-Options', 'DENY'],
		['Referrer-Policy', 'strict-origin-when-cross-origin'],
		['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()'],
		['Cross-Origin-Opener-Policy', 'same-origin'],
		['Reporting-Endpoints', `${report.group}="${report.path}"`],
	]
	if (isHttps) headers.push(['Strict-Transport-Security', 'max-age=63072000; includeSubDomains'])
	return headers
}

/**
 * A mutating request must come from a page of ours: the request's own
 * origin (which also covers plain `localhost`) or one of the two hosts.
 * A missing Origin falls back to the Referer; with neither it is refused.
 */
export function isAllowedOrigin(request: Request, trustedOrigins: readonly string[]) {
	const claimed = request.headers.get('Origin') ?? originOf(request.headers.get('Referer'))
	if (!claimed || claimed === 'null') return false
	const allowed = new Set([new URL(request.url).origin, ...trustedOrigins.map((url) => new URL(url).origin)])
	return allowed.has(claimed)
}

function originOf(url: string | null) {
	if (!url) return undefined
	try {
		return new URL(url).origin
	} catch {
		return undefined
	}
}
