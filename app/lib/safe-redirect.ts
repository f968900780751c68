/** Any origin works: it only lets the URL parser resolve and encode a path without trusting its host. */
const probeOrigin = 'http://safe-redirect.invalid'

/**
 * Only same-site relative paths are followed. Anything that a browser could
 * read as another host (`//evil`, `/\evil`, `https:…`, control characters)
 * falls back to `fallback`. What is returned is percent-encoded as a URL
 * parser would, so it can go into a `Location` header, which takes no text
 * beyond Latin-1 (`/blog?q=日本` would otherwise fail the whole response).
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/') {
	if (typeof to !== 'string' || to.length === 0) return fallback
	if (!to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return fallback
	// Browsers strip tabs and newlines from URLs, so `/\t/evil` would become `//evil`.
	if (/[\u0000-\u001f\u007f\\]/.test(to)) return fallback
	const url = new URL(to, probeOrigin)
	if (url.origin !== probeOrigin) return fallback
	return `${url.pathname}${url.search}${url.hash}`
}
