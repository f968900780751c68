import { data } from 'react-router'
import { isValidUnsubscribeLink, unsubscribe } from '~/.server/newsletter/newsletter'
import { doNotShare } from '~/.server/http/shared-cache'
import { NewsletterLinkPage, type NewsletterLinkState } from '~/components/newsletter/newsletter-link'
import { newsletterCopy } from '~/content/newsletter'
import { routeComponent } from '~/lib/route-component'
import type { Route } from './+types/newsletter-unsubscribe'

const copy = newsletterCopy.unsubscribe

export const meta: Route.MetaFunction = () => [{ title: `${copy.title} · KIA` }, { name: 'robots', content: 'noindex' }]

const linkOf = (url: URL) => {
	const params = url.searchParams
	return { id: params.get('id') ?? '', signature: params.get('firma') ?? '' }
}

/** A newsletter's unsubscribe link, opened in a browser: asks for the click. */
export function loader({ url, context }: Route.LoaderArgs) {
	doNotShare(context)
	const { id, signature } = linkOf(url)
	const state: NewsletterLinkState = isValidUnsubscribeLink(id, signature) ? 'ask' : 'invalid'
	return data({ state }, { status: state === 'ask' ? 200 : 404 })
}

/**
 * The page's button, and the one-click unsubscribe of mail apps (RFC 8058): they post
 * `List-Unsubscribe=One-Click` to this very address, with no cookie and from no page of ours (the
 * origin check lets this path through: the link's signature is its authorization), and must get
 * the answer itself, not a redirect.
 */
export async function action({ url }: Route.ActionArgs) {
	const { id, signature } = linkOf(url)
	const result = await unsubscribe(id, signature)
	if (!result.ok) return data({ state: 'invalid' as NewsletterLinkState }, { status: 400 })
	return { state: 'done' as NewsletterLinkState }
}

export default routeComponent(NewsletterUnsubscribe)

function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
	const { state } = actionData ?? loaderData
	const { heading, lead } = {
		ask: { heading: copy.title, lead: copy.text },
		done: { heading: copy.done, lead: copy.doneText },
		invalid: { heading: copy.invalid, lead: copy.invalidText },
	}[state]
	return <NewsletterLinkPage state={state} heading={heading} lead={lead} button={copy.button} />
}
