import { PassThrough } from 'node:stream'
import { text } from 'node:stream/consumers'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server'
import {
	isRouteErrorResponse,
	ServerRouter,
	type EntryContext,
	type HandleErrorFunction,
	type RouterContextProvider,
} from 'react-router'
import { NonceContext } from '~/components/nonce'
import { documentStream } from '~/.server/http/html-stream'
import { log } from '~/.server/log'
import { requestInfoContext } from '~/.server/http/request'
import { withScriptHashes } from '~/.server/http/script-hashes'

export const streamTimeout = 5_000

export default function handleRequest(
	request: Request,
	responseStatusCode: number,
	responseHeaders: Headers,
	routerContext: EntryContext,
	loadContext: RouterContextProvider,
) {
	if (request.method.toUpperCase() === 'HEAD') {
		return new Response(null, { status: responseStatusCode, headers: responseHeaders })
	}
	const info = loadContext.get(requestInfoContext)
	const { nonce } = info

	return new Promise<Response>((resolve, reject) => {
		let shellRendered = false
		const userAgent = request.headers.get('user-agent')
		// Crawlers get the whole document at once, and so does the shared cache: a page's CSP names the hashes of
		// all its scripts, so it is known only once the last one is written.
		const readyOption: keyof RenderToPipeableStreamOptions =
			info.shared || (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'

		let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000)

		const { pipe, abort } = renderToPipeableStream(
			<NonceContext.Provider value={nonce}>
				<ServerRouter context={routerContext} url={request.url} nonce={nonce} />
			</NonceContext.Provider>,
			{
				nonce,
				[readyOption]() {
					shellRendered = true
					const body = new PassThrough({
						final(callback) {
							clearTimeout(timeoutId)
							timeoutId = undefined
							callback()
						},
					})
					responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
					pipe(documentStream()).pipe(body)
					if (info.shared) {
						void text(body).then((document) => {
							const hashed = withScriptHashes(document, nonce)
							info.scriptHashes = hashed.hashes
							resolve(new Response(hashed.html, { headers: responseHeaders, status: responseStatusCode }))
						}, reject)
						return
					}
					resolve(
						new Response(createReadableStreamFromReadable(body), {
							headers: responseHeaders,
							status: responseStatusCode,
						}),
					)
				},
				onShellError(error: unknown) {
					reject(error)
				},
				onError(error: unknown) {
					responseStatusCode = 500
					// Errors before the shell is ready reject and are logged by handleError.
					if (shellRendered) log.error({ err: error }, 'render failed while streaming')
				},
			},
		)
	})
}

/** "The technical team has been notified": every unexpected error is logged, with its request id (app/.server/log.ts). */
export const handleError: HandleErrorFunction = (error, { request }) => {
	if (request.signal.aborted) return
	// The router's own refusals (a post to a page that takes none): the visitor's mistake, already in the request log.
	if (isRouteErrorResponse(error) && error.status < 500) return
	log.error({ err: error, method: request.method, path: new URL(request.url).pathname }, 'unexpected error')
}
