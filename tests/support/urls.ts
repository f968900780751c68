import { request as httpRequest, type IncomingMessage } from 'node:http'
import { buffer } from 'node:stream/consumers'

/**
 * Where the app under test and its services answer: set by a Playwright worker's stack
 * (tests/support/e2e-stack.ts), a Vitest file's test app (tests/support/test-app.ts) and Vitest's global
 * setup (the mail catcher, the PostgreSQL server, the seed's Storage files).
 */
function stackVariable(name: string) {
	const value = process.env[name]
	if (!value) throw new Error(`${name} is not set: run the tests through \`npm test\`, vitest or playwright.`)
	return value
}

export const appPort = () => Number(stackVariable('TEST_APP_PORT'))
export const supabaseURL = () => stackVariable('TEST_SUPABASE_URL')
export const mailURL = () => stackVariable('TEST_MAIL_URL')
export const stripeURL = () => stackVariable('TEST_STRIPE_URL')
export const smtpPort = () => Number(stackVariable('TEST_SMTP_PORT'))
export const postgresPort = () => Number(stackVariable('TEST_POSTGRES_PORT'))
/** The Storage files of the run's seeded database (its seed's objects), which a stand-in over a copy starts from. */
export const seededStorageDir = () => stackVariable('TEST_SEEDED_STORAGE_DIR')

export const siteURL = (path = '/') => `http://kia.localhost:${appPort()}${path}`
export const portalURL = (path = '/') => `http://portal.kia.localhost:${appPort()}${path}`

export type RawResponse = {
	status: number
	headers: Record<string, string | string[] | undefined>
	body: string
	/** The body as it came, still encoded when the response says it is (Content-Encoding). */
	bytes: Buffer
}

/**
 * An HTTP request from Node to one of our hosts. Node may not resolve
 * `*.localhost`, so it connects to 127.0.0.1 and names the host in the header.
 */
export function rawRequest(
	url: string,
	{
		method = 'GET',
		headers = {},
		body,
		requestTarget,
	}: {
		method?: string
		headers?: Record<string, string>
		/** Bytes as given: a Buffer sends what a string cannot (bytes that are not UTF-8). */
		body?: string | Buffer
		/** What the request line names instead of the URL's path: an absolute URL, as only a proxy is sent. */
		requestTarget?: string
	} = {},
): Promise<RawResponse> {
	const target = new URL(url)
	return new Promise((resolve, reject) => {
		const req = httpRequest(
			{
				host: '127.0.0.1',
				port: target.port,
				path: requestTarget ?? target.pathname + target.search,
				method,
				headers: { Host: target.host, ...headers },
			},
			(res) => void responseOf(res).then(resolve, reject),
		)
		req.on('error', reject)
		if (body) req.write(body)
		req.end()
	})
}

/** A response read to its end: status, headers, and the body as text and as the bytes that came. */
export async function responseOf(res: IncomingMessage): Promise<RawResponse> {
	const bytes = await buffer(res)
	return { status: res.statusCode ?? 0, headers: res.headers, body: bytes.toString('utf8'), bytes }
}
