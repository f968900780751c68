import { createHash } from 'node:crypto'

/**
 * A page for the shared cache is rendered like any other, its scripts marked with a nonce nobody else sees; this
 * takes the marks out and names what they marked by hash instead, as web.dev's strict CSP guide does for cached
 * pages. Only marked scripts are hashed: one that reached the page by other means (an injection) stays refused.
 */
export function withScriptHashes(html: string, nonce: string) {
	const mark = ` nonce="${nonce}"`
	const hashes = new Set<string>()
	for (let at = html.indexOf(mark); at !== -1; at = html.indexOf(mark, at + mark.length)) {
		if (!html.startsWith('<script', html.lastIndexOf('<', at))) continue
		const start = html.indexOf('>', at) + 1
		const body = html.slice(start, html.indexOf('</script>', start))
		hashes.add(`'sha256-${createHash('sha256').update(body).digest('base64')}'`)
	}
	return { html: html.replaceAll(mark, ''), hashes: [...hashes] }
}
