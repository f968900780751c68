import { createRequestHandler } from '@react-router/express'
// Validated on import, so a refused configuration stops the server before it listens.
import '~/.server/env'

/** The React Router app as an Express handler; the same module serves dev (through Vite) and production. */
export const app = createRequestHandler({
	build: () => import('virtual:react-router/server-build'),
})
