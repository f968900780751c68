import { data } from 'react-router'
import type { z } from 'zod'
import { motivationalQuotes } from '~/content/not-found'

export type NotFoundData = { quote: string }

/** The not-found page's quote, picked on the server so that server and browser render the same one. */
export function notFoundQuote(): string {
	return motivationalQuotes[Math.floor(Math.random() * motivationalQuotes.length)] ?? motivationalQuotes[0]
}

/** 404, with the not-found page's quote. */
export function notFound() {
	return data<NotFoundData>({ quote: notFoundQuote() }, { status: 404 })
}

/**
 * 503 when a service the page cannot do without does not answer: thrown, the
 * root ErrorBoundary shows the Spanish "try again in a few minutes" page.
 */
export function serviceUnavailable() {
	return data(null, { status: 503 })
}

/**
 * The status of a page (or the sitemap) made without part of what it shows, its error text in that place: the blog
 * while Supabase is down. Such a page is no fresh copy of itself. A 5xx is stored by nobody (only a whole 200 is
 * marked for the shared cache: shared-cache.ts), and the shared cache in front serves its last whole copy instead
 * (proxy_cache_use_stale, stale-if-error); a visitor it has none for gets this one.
 */
export const incompleteStatus = 503

/** A page's data, answered with `incompleteStatus`. */
export function incompletePage<T>(value: T) {
	return data(value, { status: incompleteStatus })
}

/** Our forms are a few kilobytes and Stripe's events smaller still. */
export const maxBodyBytes = 1024 * 1024

/**
 * The request's whole body, refused with 413 as soon as it passes
 * `maxBytes` (`maxBodyBytes` unless a route allows more). server.js refuses a declared Content-Length over the limit
 * before anything runs, but a chunked body declares none: only counting
 * while reading keeps it out of memory.
 */
export async function readBody(request: Request, maxBytes = maxBodyBytes): Promise<Uint8Array<ArrayBuffer>> {
	if (!request.body) return new Uint8Array()
	const reader = request.body.getReader()
	const chunks: Uint8Array[] = []
	let size = 0
	try {
		for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
			size += chunk.value.byteLength
			if (size > maxBytes) throw data('La petición es demasiado grande.', { status: 413 })
			chunks.push(chunk.value)
		}
	} finally {
		// Released, not cancelled: cancelling destroys Node's request and its
		// socket with it, and the sender would get a reset instead of the 413.
		reader.releaseLock()
	}
	return concatenate(chunks, size)
}

function concatenate(chunks: Uint8Array[], size: number) {
	const bytes = new Uint8Array(size)
	let offset = 0
	for (const chunk of chunks) {
		bytes.set(chunk, offset)
		offset += chunk.byteLength
	}
	return bytes
}

const formContentType = /^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i

/**
 * The posted form. Our pages only ever post forms; a body of another type
 * (415), one that does not parse (400) or one too big (413) is the sender's
 * mistake and must not reach the error page as a 500.
 */
export async function readForm(request: Request, maxBytes = maxBodyBytes) {
	const contentType = request.headers.get('Content-Type') ?? ''
	if (!formContentType.test(contentType)) {
		throw data('La petición debe enviar un formulario.', { status: 415 })
	}
	const body = await readBody(request, maxBytes)
	try {
		return await new Response(body, { headers: { 'Content-Type': contentType } }).formData()
	} catch {
		throw data('El formulario enviado no se puede leer.', { status: 400 })
	}
}

/**
 * Whether the post carries, filled or empty, every field of `schema` that could be missing and still parse (an
 * optional one, or one with a default). The form we render always sends each; a post without one (a page of an
 * older release, a post made by hand) is refused, not read as that field emptied: an update would wipe what is
 * stored.
 */
export function sendsEveryField(formData: FormData, schema: z.ZodObject) {
	return Object.entries(schema.shape).every(
		([name, field]) => formData.has(name) || !field.safeParse(undefined).success,
	)
}
