// `npm run error-pages`: nginx's own error pages (deploy/nginx/*.html), which it serves when it refuses a request
// or the app does not answer. Each is one static, self-contained file (it must show with the app down), so the
// look and the logo are written here once, the words come from app/content/errors.ts, and the files are
// committed; tests/unit/error-pages.test.ts fails when one no longer matches what this script makes.
import { writeFile } from 'node:fs/promises'
import { pathToFileURL } from 'node:url'
import { format, resolveConfig } from 'prettier'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { Logo } from '../app/components/logo'
import { badRequestCopy, serviceUnavailableCopy, unconfirmedSubmissionCopy } from '../app/content/errors'

type ErrorPage = {
	file: string
	/** Why nginx serves it, for whoever opens the file. */
	when: string
	title: string
	paragraphs: { text: string; kept?: boolean }[]
	/** A link that asks the same address again, where trying again can help. */
	retry?: string
	home: string
}

const pages: ErrorPage[] = [
	{
		file: 'deploy/nginx/bad-request.html',
		when: 'The page for a request refused before the app (400, 413, 414, and 494: a header too long).',
		title: badRequestCopy.title,
		paragraphs: [{ text: badRequestCopy.message }],
		home: badRequestCopy.home,
	},
	{
		file: 'deploy/nginx/unavailable.html',
		when: "The page while the app does not answer (502, 503, 504): the words of the app's own 503 page.",
		title: serviceUnavailableCopy.title,
		paragraphs: [{ text: serviceUnavailableCopy.message }],
		retry: serviceUnavailableCopy.retry,
		home: serviceUnavailableCopy.home,
	},
	{
		file: 'deploy/nginx/unavailable-post.html',
		when: 'The page for a form sent while the app did not answer (502, 503, 504).',
		title: unconfirmedSubmissionCopy.title,
		paragraphs: [{ text: unconfirmedSubmissionCopy.message }, { text: unconfirmedSubmissionCopy.kept, kept: true }],
		home: unconfirmedSubmissionCopy.home,
	},
]

const style = `
/* The app's tokens (app/app.css) and its themes: the server writes the visitor's in data-theme, dark by default. */
:root {
	color-scheme: dark;
	--background: light-dark(oklch(0.99 0.003 270), oklch(0.16 0.02 275));
	--foreground: light-dark(oklch(0.2 0.02 270), oklch(0.96 0.005 270));
	--muted-foreground: light-dark(oklch(0.46 0.02 270), oklch(0.74 0.02 270));
	--surface: light-dark(oklch(1 0 0), oklch(0.2 0.022 275));
	--border: light-dark(oklch(0.9 0.008 270), oklch(0.3 0.025 275));
	--brand: light-dark(oklch(0.52 0.23 285), oklch(0.54 0.22 285));
	--ring: light-dark(oklch(0.55 0.22 285), oklch(0.7 0.18 285));
}
[data-theme='light'] {
	color-scheme: light;
}
[data-theme='system'] {
	color-scheme: light dark;
}
html {
	background: var(--background);
	color: var(--foreground);
	font-family: ui-sans-serif, system-ui, sans-serif;
	-webkit-font-smoothing: antialiased;
}
body {
	margin: 0;
}
main {
	display: flex;
	flex-direction: column;
	align-items: center;
	justify-content: center;
	min-height: 100dvh;
	padding: 4rem 1.5rem;
	box-sizing: border-box;
	text-align: center;
}
svg {
	height: 2.25rem;
	margin-bottom: 3rem;
}
/* The Logo component's own classes (app/components/logo.tsx), which the app's stylesheet gives it. */
.fill-brand {
	fill: var(--brand);
}
.fill-white {
	fill: #fff;
}
/* The app's error page: text-3xl, text-4xl from 640 px. */
h1 {
	margin: 0;
	font-size: 1.875rem;
	font-weight: 600;
	text-wrap: balance;
}
@media (min-width: 640px) {
	h1 {
		font-size: 2.25rem;
	}
}
p {
	margin: 1rem 0 0;
	max-width: 28rem;
	color: var(--muted-foreground);
	text-wrap: balance;
}
p.kept {
	color: var(--foreground);
}
nav {
	display: flex;
	flex-wrap: wrap;
	justify-content: center;
	gap: 0.75rem;
	margin-top: 2.5rem;
}
a {
	display: inline-flex;
	align-items: center;
	height: 3rem;
	padding: 0 1.5rem;
	border-radius: 9999px;
	font-weight: 500;
	text-decoration: none;
	background: var(--brand);
	color: oklch(0.99 0 0);
}
a + a {
	border: 1px solid var(--border);
	background: var(--surface);
	color: var(--foreground);
}
a:focus-visible {
	outline: 2px solid var(--ring);
	outline-offset: 2px;
}
`

/** The page as React writes markup (it escapes the words); nginx's sub_filter needs `<html lang="es">` as it is. */
function html({ when, title, paragraphs, retry, home }: ErrorPage) {
	const h = createElement
	const links = [retry ? h('a', { href: '', key: 'retry' }, retry) : null, h('a', { href: '/', key: 'home' }, home)]
	const page = h(
		'html',
		{ lang: 'es' },
		h(
			'head',
			null,
			h('meta', { charSet: 'utf-8' }),
			h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
			h('meta', { name: 'robots', content: 'noindex' }),
			h('title', null, `${title} · KIA`),
			h('style', { dangerouslySetInnerHTML: { __html: style } }),
		),
		h(
			'body',
			null,
			h(
				'main',
				null,
				h(Logo),
				h('h1', null, title),
				paragraphs.map(({ text, kept }) => h('p', { key: text, className: kept ? 'kept' : undefined }, text)),
				h('nav', null, links),
			),
		),
	)
	return `<!doctype html>\n<!-- ${when} Made by scripts/error-pages.ts: edit it, not this file. -->\n${renderToStaticMarkup(page)}\n`
}

/** Each page's file and its contents, formatted as the repository's formatter writes them. */
export async function buildErrorPages() {
	return Promise.all(
		pages.map(async (page) => ({
			file: page.file,
			contents: await format(html(page), { ...(await resolveConfig(page.file)), filepath: page.file }),
		})),
	)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
	for (const { file, contents } of await buildErrorPages()) {
		await writeFile(file, contents)
		console.info(file)
	}
}
