import { createRequestHandler } from '@react-router/express'
import type { RequestHandler } from 'express'
import { RouterContextProvider } from 'react-router'
// Validated on import, so a refused configuration stops the server before it listens.
import '~/.server/env'
import { publishedBlogVersion } from '~/.server/page-cache'
import { clientAddressContext, servedHostOf } from '~/.server/request'
import { methodGuard } from './methods'
import { createPageCache } from './page-cache'

export { answerHealthCheck } from './health'
export { refuseMisdirected } from './hosts'
export { logRequest } from './request-log'

const handleRequest = createRequestHandler({
	build: () => import('virtual:react-router/server-build'),
	getLoadContext(req) {
		const context = new RouterContextProvider()
		context.set(clientAddressContext, req.ip ?? req.socket.remoteAddress ?? 'unknown')
		return context
	},
})

/** The React Router app as an Express handler; the same module serves dev (through Vite) and production. */
export const app: RequestHandler = (req, res, next) => methodGuard(req, res, () => handleRequest(req, res, next))

/** Anonymous site pages from memory; used by the production server only (see server.js). */
export const pageCache = createPageCache({ blogVersion: publishedBlogVersion, canonicalHost: servedHostOf })
