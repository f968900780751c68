import { env } from '../env'

/** Seconds a shared page is fresh, and then served stale while the next copy is fetched. */
const sharedSeconds = env.SHARED_CACHE_SECONDS

/**
 * How long a shared cache may go on serving its last copy of a page while the app cannot make a whole one (it then
 * answers 503: `incompletePage` in app/.server/http/responses.ts). nginx does so whatever the header says
 * (proxy_cache_use_stale), until it drops a copy nobody asked for in a day (deploy/nginx/kia-http.conf); this
 * says the same to a CDN.
 */
const staleIfError = 'stale-if-error=86400'

/**
 * How long each kind of answer may be kept, and by whom: the one place that says it. Anything that says nothing
 * is kept by nobody (the request middleware sets `personal`).
 */
export const cacheControl = {
	/** One visitor's: a session, a toast, a form's answer, the portal. Neither a browser nor a proxy keeps it. */
	personal: 'private, no-store',
	/** Nothing worth keeping anywhere (an error, a health check, a 404 of a generated file). */
	none: 'no-store',
	/** A stream answered as it is written: kept by nobody, and not recompressed on the way. */
	stream: 'no-store, no-transform',
	/**
	 * A site page the same for every anonymous visitor. The shared cache in front of the app (nginx on one machine,
	 * a CDN beyond: docs/deploy.md) serves it as stored for s-maxage, then as stale while it asks for a fresh one
	 * (both SHARED_CACHE_SECONDS): a post published now shows to every anonymous visitor within their sum, and at
	 * once to anyone signed in (their pages bypass the cache). Browsers keep nothing (max-age=0): a visitor who signs
	 * in sees the header change on the next page.
	 */
	sharedPage: `public, max-age=0, s-maxage=${sharedSeconds}, stale-while-revalidate=${sharedSeconds}, ${staleIfError}`,
	/** robots.txt and the sitemap: an hour anywhere, and the last sitemap while the blog cannot be read. */
	hourly: `public, max-age=3600, ${staleIfError}`,
	/** An Open Graph picture: an hour, then revalidated by its ETag while the old one serves a day. */
	ogImage: 'public, max-age=3600, stale-while-revalidate=86400',
	/** A blog illustration, drawn from its name alone: a day, then a week stale. */
	illustration: 'public, max-age=86400, stale-while-revalidate=604800',
	/**
	 * A person's photo, shown to them only: kept by their browser alone, for a year, since its address is new with
	 * each photo (a new one never shows as the old).
	 */
	avatar: 'private, max-age=31536000, immutable',
} as const
