import { index, layout, route, type RouteConfig } from '@react-router/dev/routes'

export default [
	route('resources/theme', 'routes/resources/theme.ts'),
	route('resources/consent', 'routes/resources/consent.ts'),
	route('resources/newsletter', 'routes/resources/newsletter.ts'),
	route('resources/asistente', 'routes/resources/chat-answer.ts'),
	route('resources/csp', 'routes/resources/csp-report.ts'),
	route('robots.txt', 'routes/resources/robots.ts'),
	route('sitemap.xml', 'routes/resources/sitemap.ts'),
	route('blog/imagenes/:name', 'routes/resources/blog-image.ts'),
	// Mi Cuenta's photo, on both hosts: the site's header shows it too.
	route('fotos/:user/:file', 'routes/resources/avatar.ts'),
	route('og/*', 'routes/resources/og-image.ts'),
	route('api/stripe/webhook', 'routes/api/stripe-webhook.ts'),
	// Only answer when ENABLE_TEST_ROUTES=1 (end-to-end suite); 404 otherwise.
	route('__test/error', 'routes/test/error.tsx'),
	route('__test/toast', 'routes/test/toast.ts'),
	route('__test/slow', 'routes/test/slow.ts'),

	// Public site (kia.es). Its layouts answer 404 on the portal host.
	layout('routes/site/layout.tsx', [
		index('routes/site/home.tsx'),
		route('contacto', 'routes/site/contact.tsx'),
		route('blog', 'routes/site/blog.tsx'),
		route('blog/:slug', 'routes/site/blog-post.tsx'),
		route('tarifas', 'routes/site/pricing.tsx'),
		route('tarifas/:plan', 'routes/site/plan.tsx'),
		route('panel-de-clientes', 'routes/site/checkout-return.tsx'),
		route('como-funciona', 'routes/site/how-it-works.tsx'),
		route('funcionalidades', 'routes/site/capabilities.tsx'),
		route('funcionalidades/:id', 'routes/site/capability.tsx'),
		route('proyectos', 'routes/site/projects.tsx'),
		route('sobre-kia', 'routes/site/about.tsx'),
		route('politica-privacidad', 'routes/site/legal.tsx', { id: 'legal-privacy' }),
		route('politica-cookies', 'routes/site/legal.tsx', { id: 'legal-cookies' }),
		route('terminos-contratacion', 'routes/site/legal.tsx', { id: 'legal-terms' }),
		route('webapp-incluida', 'routes/site/webapp.tsx'),
		route('logotipo', 'routes/site/logo.tsx'),
		route('invertir', 'routes/site/invest.tsx'),
		route('sostenibilidad', 'routes/site/sustainability.tsx'),
		route('asistente', 'routes/site/chat.tsx'),
		route('boletin/confirmar', 'routes/site/newsletter-confirm.tsx'),
		route('boletin/baja', 'routes/site/newsletter-unsubscribe.tsx'),
		// The test error route again, as a page of the layout: its boundary keeps the header and footer.
		route('__test/error-en-pagina', 'routes/test/error.tsx', { id: 'test-error-in-site-layout' }),
	]),
	layout('routes/site/bare-layout.tsx', [route('solicitar-demostracion-kia', 'routes/site/demo.tsx')]),

	// Client portal (portal.kia.es). Its layout answers 404 on the site host.
	layout('routes/portal/layout.tsx', [
		route('auth/salir', 'routes/portal/sign-out.ts'),
		layout('routes/portal/auth-layout.tsx', [
			route('auth', 'routes/portal/auth.tsx'),
			route('auth/callback', 'routes/portal/auth-callback.tsx'),
			route('auth/nueva-contrasena', 'routes/portal/new-password.tsx'),
		]),
		layout('routes/portal/dashboard/layout.tsx', [
			route('dashboard', 'routes/portal/dashboard/index.tsx'),
			route('dashboard/reuniones', 'routes/portal/dashboard/bookings.tsx'),
			route('dashboard/suscripcion', 'routes/portal/dashboard/subscription.tsx'),
			route('dashboard/asistentes', 'routes/portal/dashboard/assistants.tsx'),
			route('dashboard/asistentes/:id/documentos', 'routes/portal/dashboard/assistant-documents.tsx'),
			route('dashboard/asistentes/:id/documentos/subir', 'routes/portal/dashboard/assistant-documents-upload.ts'),
			route('dashboard/asistentes/:id/documentos/lista', 'routes/portal/dashboard/assistant-documents-list.ts'),
			route(
				'dashboard/asistentes/:id/documentos/:documento/descargar',
				'routes/portal/dashboard/assistant-document-download.ts',
			),
			route('dashboard/soporte', 'routes/portal/dashboard/support.tsx'),
			route('dashboard/soporte/:id', 'routes/portal/dashboard/support-request.tsx'),
			route('dashboard/cuenta', 'routes/portal/dashboard/account.tsx'),
		]),
		layout('routes/portal/admin/layout.tsx', [
			route('admin', 'routes/portal/admin/index.tsx'),
			route('admin/reuniones', 'routes/portal/admin/bookings.tsx'),
			route('admin/reuniones.csv', 'routes/portal/admin/bookings-csv.ts'),
			route('admin/boletin.csv', 'routes/portal/admin/newsletter-csv.ts'),
			route('admin/usuarios', 'routes/portal/admin/users.tsx'),
			route('admin/soporte', 'routes/portal/admin/inbox.tsx'),
			route('admin/soporte/:id', 'routes/portal/admin/inbox-item.tsx'),
			route('admin/asistente-web', 'routes/portal/admin/chat-questions.tsx'),
			route('admin/ajustes', 'routes/portal/admin/settings.tsx'),
			route('admin/servicios', 'routes/portal/admin/services.tsx'),
			route('admin/asistentes', 'routes/portal/admin/assistants.tsx'),
			route('admin/facturacion', 'routes/portal/admin/billing.tsx'),
			route('admin/trabajos', 'routes/portal/admin/jobs.tsx'),
			route('admin/documentos', 'routes/portal/admin/documents.tsx'),
		]),
	]),

	route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
