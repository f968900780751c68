import { createRequestHandler } from '@react-router/express'
import type { RequestHandler } from 'express'
import { RouterContextProvider } from 'react-router'
import * as serverBuild from 'virtual:react-router/server-build'
import { clientAddressContext } from '~/.server/http/request'
import { methodGuard } from './methods'

export { startServerWorker, stopServerWorker } from '~/.server/jobs/server-worker'
// Validated on import, so a refused configuration stops the server before it listens.
export { env } from '~/.server/env'
export { log, logConsole } from '~/.server/log'
export { answerHealthCheck } from './health'
export { bodyLimitFor } from './body-limit'
export { refuseMisdirected } from './hosts'
export { logRequests } from './request-log'

const handleRequest = createRequestHandler({
	// The build itself, not a function that loads it: React Router derives its route table and data handler
	// again on every request from a function (there for hot reload). In development Vite reloads this module
	// with the build whenever a route changes, so that still works.
	build: serverBuild,
	getLoadContext(req) {
		const context = new RouterContextProvider()
		context.set(clientAddressContext, req.ip ?? req.socket.remoteAddress ?? 'unknown')
		return context
	},
})

/** The React Router app as an Express handler; the same module serves dev (through Vite) and production. */
export const app: RequestHandler = (req, res, next) => methodGuard(req, res, () => handleRequest(req, res, next))
