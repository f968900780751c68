import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { useFetcher, useLocation } from 'react-router'
import { cn } from '~/lib/utils'
import type { action } from '~/routes/resources/newsletter'
import { ErrorList, inputClass } from '../forms'
import { Button } from '../ui/button'

/**
 * In every page's footer, so it stays light: the browser checks the e-mail
 * (required, type email) and the server's zod schema has the last word; no
 * schema library is shipped for it.
 */
export function NewsletterForm({ id, className }: { id: string; className?: string }) {
	const fetcher = useFetcher<typeof action>({ key: `newsletter-${id}` })
	const location = useLocation()
	const [form, fields] = useForm<{ email: string }>({
		id: `newsletter-${id}`,
		lastResult: fetcher.data?.result,
		constraint: { email: { required: true } },
		shouldValidate: 'onBlur',
	})
	return (
		<fetcher.Form method="post" action="/resources/newsletter" preventScrollReset className={className} {...getFormProps(form)}>
			<input type="hidden" name="redirectTo" value={location.pathname + location.search} />
			<div className="flex gap-2">
				<label htmlFor={fields.email.id} className="sr-only">
					Email
				</label>
				<input
					{...getInputProps(fields.email, { type: 'email' })}
					placeholder="tu@empresa.es"
					autoComplete="email"
					className={cn(inputClass, 'min-w-0 flex-1')}
				/>
				<Button type="submit" disabled={fetcher.state !== 'idle'}>
					Suscribirme
				</Button>
			</div>
			<ErrorList id={fields.email.errorId} errors={fields.email.errors} />
			<ErrorList id={form.errorId} errors={form.errors} />
		</fetcher.Form>
	)
}
