import { notFound } from '~/.server/http'

export function loader() {
	throw notFound()
}

export function action() {
	throw notFound()
}

// The root ErrorBoundary renders the not-found page.
export default function NotFound() {
	return null
}
