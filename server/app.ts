import { createRequestHandler } from '@react-router/express'
import { RouterContextProvider } from 'react-router'
// Validated on import, so a refused configuration stops the server before it listens.
import '~/.server/env'
import { clientAddressContext } from '~/.server/request'

/** The React Router app as an Express handler; the same module serves dev (through Vite) and production. */
export const app = createRequestHandler({
	build: () => import('virtual:react-router/server-build'),
	getLoadContext(req) {
		const context = new RouterContextProvider()
		context.set(clientAddressContext, req.ip ?? req.socket.remoteAddress ?? 'unknown')
		return context
	},
})
