import { startApp } from '../support/app-server'

/** Starts the production build on a free port; tests read the URLs from the environment. */
export default async function globalSetup() {
	const app = await startApp({ ENABLE_TEST_ROUTES: '1' })
	process.env.E2E_PORT = String(app.port)
	return () => app.stop()
}
