import { data } from 'react-router'
import { confirm } from '~/.server/newsletter/newsletter'
import { doNotShare } from '~/.server/http/shared-cache'
import { NewsletterLinkPage, type NewsletterLinkState } from '~/components/newsletter/newsletter-link'
import { newsletterCopy } from '~/content/newsletter'
import { routeComponent } from '~/lib/route-component'
import type { Route } from './+types/newsletter-confirm'

const copy = newsletterCopy.confirm

export const meta: Route.MetaFunction = () => [{ title: `${copy.title} · KIA` }, { name: 'robots', content: 'noindex' }]

const tokenOf = (url: URL) => url.searchParams.get('token') ?? ''

/** The confirmation e-mail's link: asks for the click that confirms. Each link's page is its visitor's alone. */
export function loader({ url, context }: Route.LoaderArgs) {
	doNotShare(context)
	const state: NewsletterLinkState = tokenOf(url) ? 'ask' : 'invalid'
	return data({ state, email: '' }, { status: state === 'ask' ? 200 : 404 })
}

export async function action({ url }: Route.ActionArgs) {
	const token = tokenOf(url)
	const result = token ? await confirm(token) : { ok: false as const }
	if (!result.ok) return data({ state: 'invalid' as NewsletterLinkState, email: '' }, { status: 400 })
	return { state: 'done' as NewsletterLinkState, email: result.email }
}

export default routeComponent(NewsletterConfirm)

function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
	const { state, email } = actionData ?? loaderData
	const { heading, lead } = {
		ask: { heading: copy.title, lead: copy.text },
		done: { heading: copy.done, lead: copy.doneText(email) },
		invalid: { heading: copy.invalid, lead: copy.invalidText },
	}[state]
	return <NewsletterLinkPage state={state} heading={heading} lead={lead} button={copy.button} />
}
