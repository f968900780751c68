/**
 * Only same-site relative paths are followed. Anything that a browser could
 * read as another host (`//evil`, `/\evil`, `https:…`, control characters)
 * falls back to `fallback`.
 */
export function safeRedirect(
	to: FormDataEntryValue | string | null | undefined,
	fallback = '/',
) {
	if (typeof to !== 'string' || to.length === 0) return fallback
	if (!to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return fallback
	// Browsers strip tabs and newlines from URLs, so `/\t/evil` would become `//evil`.
	if (/[\u0000-\u001f\u007f\\]/.test(to)) return fallback
	return to
}
