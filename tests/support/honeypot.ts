import { rawRequest } from './urls'

/**
 * The hidden honeypot fields exactly as the page at `url` renders them: a
 * post without them is spam, so a test that posts by hand sends these as a
 * browser filling the rendered form would.
 */
export async function honeypotFields(url: string): Promise<Record<string, string>> {
	const page = await rawRequest(url)
	const fields = Object.fromEntries(
		[...page.body.matchAll(/<input\b[^>]*\bname="((?:name|from)__confirm)"[^>]*\bvalue="([^"]*)"/g)].map((match) => [
			match[1] ?? '',
			match[2] ?? '',
		]),
	)
	if (!('name__confirm' in fields) || !('from__confirm' in fields)) throw new Error(`No honeypot fields on ${url}`)
	return fields
}
