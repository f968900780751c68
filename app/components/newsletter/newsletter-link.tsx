import type { ReactNode } from 'react'
import { Form } from 'react-router'
import { Icon, type IconName } from '~/components/ui/icon'
import { newsletterCopy } from '~/content/newsletter'
import { Button } from '../ui/button'
import { Container } from '../site/page'
import { SubmitButton, usePendingForm } from '~/components/forms'

export type NewsletterLinkState = 'ask' | 'done' | 'invalid'

const icons = { ask: 'mail-check', done: 'circle-check', invalid: 'search-x' } satisfies Record<string, IconName>

/**
 * The page an e-mail's newsletter link opens. The link itself changes nothing (mail scanners open
 * links): the button posts, and the answer is shown in place.
 */
export function NewsletterLinkPage({
	state,
	heading,
	lead,
	button,
}: {
	state: NewsletterLinkState
	heading: string
	lead: string
	button: string
}) {
	const pending = usePendingForm()
	let action: ReactNode = (
		<Button asChild variant={state === 'done' ? 'secondary' : 'primary'}>
			<a href="/">{newsletterCopy.backHome}</a>
		</Button>
	)
	if (state === 'ask') {
		action = (
			<Form method="post">
				<SubmitButton pending={pending}>{button}</SubmitButton>
			</Form>
		)
	}
	return (
		<Container className="max-w-2xl py-16 sm:py-24">
			<section aria-labelledby="boletin-titulo" className="rounded-3xl border bg-surface p-8 shadow-sm sm:p-10">
				<Icon name={icons[state]} className="size-12 text-brand-ink" />
				<h1 id="boletin-titulo" className="mt-6 text-3xl font-bold tracking-tight">
					{heading}
				</h1>
				<p className="mt-3 text-muted-foreground">{lead}</p>
				<div className="mt-8">{action}</div>
			</section>
		</Container>
	)
}
