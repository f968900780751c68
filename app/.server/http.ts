import { data } from 'react-router'
import { motivationalQuotes } from '~/content/not-found'

export type NotFoundData = { quote: string }

/** 404 with the not-found page's quote picked here, so server and browser render the same one. */
export function notFound() {
	const quote = motivationalQuotes[Math.floor(Math.random() * motivationalQuotes.length)] ?? motivationalQuotes[0]
	return data<NotFoundData>({ quote }, { status: 404 })
}

/**
 * 503 when a service the page cannot do without does not answer: thrown, the
 * root ErrorBoundary shows the Spanish "try again in a few minutes" page.
 */
export function serviceUnavailable() {
	return data(null, { status: 503 })
}

const formContentType = /^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i

/**
 * The posted form. Our pages only ever post forms; a body of another type
 * (415) or one that does not parse (400) is the sender's mistake and must
 * not reach the error page as a 500.
 */
export async function readForm(request: Request) {
	if (!formContentType.test(request.headers.get('Content-Type') ?? '')) {
		throw data('La petición debe enviar un formulario.', { status: 415 })
	}
	try {
		return await request.formData()
	} catch {
		throw data('El formulario enviado no se puede leer.', { status: 400 })
	}
}
