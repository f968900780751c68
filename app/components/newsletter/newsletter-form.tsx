import type { SubmissionResult } from '@conform-to/react'
import { useFetcher, useLocation } from 'react-router'
import { cn } from '~/lib/utils'
import type { action } from '~/routes/resources/newsletter'
import { ErrorList, inputClass, PrivacyNotice } from '../forms'
import { Button } from '../ui/button'

/**
 * In every page's footer, so it stays light: the browser checks the e-mail
 * (required, type email) with or without JavaScript, and the server's zod
 * schema has the last word. Its reply is shown without conform's client,
 * which would weigh as much as the rest of the footer together.
 */
export function NewsletterForm({ id, className }: { id: string; className?: string }) {
	const fetcher = useFetcher<typeof action>({ key: `newsletter-${id}` })
	const location = useLocation()
	const { email: emailErrors, '': formErrors } = errorsOf(fetcher.data?.result)
	const inputId = `newsletter-${id}-email`
	const errorId = `${inputId}-error`
	return (
		<fetcher.Form method="post" action="/resources/newsletter" preventScrollReset className={className}>
			<input type="hidden" name="redirectTo" value={location.pathname + location.search} />
			<div className="flex gap-2">
				<label htmlFor={inputId} className="sr-only">
					Email
				</label>
				<input
					id={inputId}
					name="email"
					type="email"
					required
					aria-invalid={emailErrors?.length ? true : undefined}
					aria-describedby={emailErrors?.length ? errorId : undefined}
					placeholder="tu@empresa.es"
					autoComplete="email"
					className={cn(inputClass, 'min-w-0 flex-1')}
				/>
				<Button type="submit" disabled={fetcher.state !== 'idle'}>
					Suscribirme
				</Button>
			</div>
			<ErrorList id={errorId} errors={emailErrors} />
			<ErrorList errors={formErrors} />
			<PrivacyNotice form="newsletter" className="mt-2" />
		</fetcher.Form>
	)
}

function errorsOf(result: SubmissionResult | undefined) {
	return result?.status === 'error' ? (result.error ?? {}) : {}
}
