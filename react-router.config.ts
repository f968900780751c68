import type { Config } from '@react-router/dev/config'

export default {
	ssr: true,
	future: {
		v8_middleware: true,
		// Off: a route's clientAction (keepFormOnFailure) must be loaded with the page, so a form still answers
		// once the network is gone; split, it would be fetched at the moment of submitting.
		v8_splitRouteModules: false,
		v8_viteEnvironmentApi: true,
		// Handlers get the request as it came; `url` is the page's address without `.data` and `_routes`.
		v8_passThroughRequests: true,
		v8_trailingSlashAwareDataRequests: true,
	},
	// React Router's own check (Origin host = request host) would answer a foreign post to a page with
	// a bare 400, before any middleware: no security headers, and it knows neither of our two hosts.
	// The root's originMiddleware decides instead, for every route: both hosts, Referer fallback, 403.
	allowedActionOrigins: ['**'],
} satisfies Config
