import { index, layout, route, type RouteConfig } from '@react-router/dev/routes'

export default [
	route('resources/theme', 'routes/resources/theme.ts'),
	// Only answer when ENABLE_TEST_ROUTES=1 (end-to-end suite); 404 otherwise.
	route('__test/error', 'routes/test/error.tsx'),
	route('__test/toast', 'routes/test/toast.ts'),

	// Public site (kia.es). Its layout answers 404 on the portal host.
	layout('routes/site/layout.tsx', [index('routes/site/home.tsx')]),

	// Client portal (portal.kia.es). Its layout answers 404 on the site host.
	layout('routes/portal/layout.tsx', [route('auth', 'routes/portal/auth.tsx')]),

	route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
