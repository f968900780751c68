/**
 * Every package our code imports, as the browser or the server needs it (issue #16). In development Vite
 * pre-bundles the browser's packages once, at start-up; one it meets later (a lazily loaded dialog's, a
 * page not yet visited) makes it bundle again and reload every open page, whose modules then come from
 * two bundles at once ('Outdated Optimize Dep', 'Invalid hook call'). React Router lets Vite find none
 * by itself: its dependency scan has no entries, as route modules also hold server code.
 *
 * The server's packages are kept out explicitly because React Router's development CSS collector looks
 * up each server module's imports in the browser's module graph, which counts them as newly found
 * browser packages. `tests/unit/vite-deps.test.ts` fails when an import is in neither list.
 */
export const browserDependencies = [
	'react',
	'react-dom/client',
	'react-router',
	'react-router/dom',
	'@conform-to/react',
	'@conform-to/zod/v4',
	'@radix-ui/react-dialog',
	'@radix-ui/react-dropdown-menu',
	'@radix-ui/react-navigation-menu',
	'@radix-ui/react-slot',
	'@radix-ui/react-switch',
	'clsx',
	'remix-utils/honeypot/react',
	'sonner',
	'tailwind-merge',
	'zod',
]

export const serverDependencies = [
	'@orama/stemmers/spanish',
	'@orama/stopwords/spanish',
	'@react-router/dev/routes',
	'@react-router/express',
	'@react-router/node',
	'@resvg/resvg-wasm',
	'@supabase/ssr',
	'@supabase/supabase-js',
	'busboy',
	'csv-stringify/sync',
	'eventsource-parser/stream',
	'fflate',
	'file-type',
	'ipaddr.js',
	'isbot',
	'jose',
	'mammoth',
	'minisearch',
	'nodemailer',
	'nodemailer/lib/addressparser',
	'react-dom/server',
	'remix-utils/honeypot/server',
	'pino',
	'pino-http',
	'sanitize-html',
	'satori',
	'stripe',
	'unpdf',
	'zod/mini',
]
