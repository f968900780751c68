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
