import { createRequestHandler } from '@react-router/express'

/** The React Router app as an Express handler; the same module serves dev (through Vite) and production. */
export const app = createRequestHandler({
	build: () => import('virtual:react-router/server-build'),
})
