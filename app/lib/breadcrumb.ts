import { pageNames } from '~/content/navigation'

/**
 * The page of the site a visitor came from, for a breadcrumb's middle step: the path the request's Referer names,
 * when it is one of ours with a friendly name and neither the first step (Inicio) nor `here`. A link followed
 * within the site sends it whether the browser loads the page (a document request) or only its data (a
 * client-side navigation's request is made from the page being left); the Referrer-Policy sends the path only
 * within an origin.
 */
export function cameFrom(referer: string | null, siteUrl: string, here: string) {
	if (!referer || !URL.canParse(referer)) return null
	const url = new URL(referer)
	if (url.origin !== new URL(siteUrl).origin) return null
	const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname
	if (path === '/' || path === here || !Object.hasOwn(pageNames, path)) return null
	return { to: path, label: pageNames[path] ?? path }
}
