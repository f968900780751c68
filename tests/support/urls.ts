import { request as httpRequest, type IncomingMessage } from 'node:http'
import { buffer } from 'node:stream/consumers'

export function appPort() {
	const port = process.env.E2E_PORT
	if (!port) throw new Error('E2E_PORT is not set: run the suite through `playwright test`.')
	return Number(port)
}

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
	{ method = 'GET', headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
	const target = new URL(url)
	return new Promise((resolve, reject) => {
		const req = httpRequest(
			{
				host: '127.0.0.1',
				port: target.port,
				path: target.pathname + target.search,
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
