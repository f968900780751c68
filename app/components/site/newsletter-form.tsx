import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { useFetcher, useLocation } from 'react-router'
import { newsletterSchema } from '~/lib/schemas'
import { cn } from '~/lib/utils'
import type { action } from '~/routes/resources/newsletter'
import { ErrorList, inputClass } from '../forms'
import { Button } from '../ui/button'

export function NewsletterForm({ id, className }: { id: string; className?: string }) {
	const fetcher = useFetcher<typeof action>({ key: `newsletter-${id}` })
	const location = useLocation()
	const [form, fields] = useForm({
		id: `newsletter-${id}`,
		lastResult: fetcher.data?.result,
		constraint: getZodConstraint(newsletterSchema),
		shouldValidate: 'onBlur',
		onValidate: ({ formData }) => parseWithZod(formData, { schema: newsletterSchema }),
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
