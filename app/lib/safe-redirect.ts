/** Any origin works: it only lets the URL parser resolve and encode a path without trusting its host. */
const probeOrigin = 'http://safe-redirect.invalid'

/** A path a browser resolves on the origin it came from: `//evil` and `/\evil` name another host. */
function isOwnPath(path: string) {
	return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\')
}

/**
 * Only same-site relative paths are followed. Anything that a browser could
 * read as another host (`//evil`, `/\evil`, `https:…`, control characters)
 * falls back to `fallback`. What is returned is percent-encoded as a URL
 * parser would, so it can go into a `Location` header, which takes no text
 * beyond Latin-1 (`/blog?q=日本` would otherwise fail the whole response).
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/') {
	if (typeof to !== 'string' || to.length === 0 || !isOwnPath(to)) return fallback
	// Browsers strip tabs and newlines from URLs, so `/\t/evil` would become `//evil`.
	if (/[\u0000-\u001f\u007f\\]/.test(to)) return fallback
	const url = new URL(to, probeOrigin)
	if (url.origin !== probeOrigin) return fallback
	const target = `${url.pathname}${url.search}${url.hash}`
	// The parser removes dot segments, so `/.//evil`, `/%2e//evil` and `/a/..//evil` come out as `//evil`:
	// what is sent is checked, not only what came in.
	return isOwnPath(target) ? target : fallback
}
