import { useState } from 'react'
import { useFetcher } from 'react-router'
import { useHydrated } from '~/components/hydrated'
import { cookieTexts } from '~/content/cookies'
import type { Consent } from '~/lib/consent'
import { consentAction, RedirectBack, type ConsentFetcher } from './consent-form'
import { Button } from '../ui/button'
import { Switch } from '../ui/switch'

/** The switches; also shown on the cookie policy page, where it works without JavaScript. */
export function ConsentPreferencesForm({
	consent,
	fetcher,
	onSubmit,
}: {
	consent: Consent
	fetcher?: ConsentFetcher
	onSubmit?: () => void
}) {
	const ownFetcher = useFetcher<{ consent: Consent | null }>({ key: 'cookie-consent' })
	const form = fetcher ?? ownFetcher
	const hydrated = useHydrated()
	const [analytics, setAnalytics] = useState(consent.analytics)
	const [marketing, setMarketing] = useState(consent.marketing)
	const options: {
		id: string
		label: string
		text: string
		checked: boolean
		disabled?: boolean
		onChange?: (checked: boolean) => void
	}[] = [
		{ id: 'necessary', ...cookieTexts.options.necessary, checked: true, disabled: true },
		{ id: 'analytics', ...cookieTexts.options.analytics, checked: analytics, onChange: setAnalytics },
		{ id: 'marketing', ...cookieTexts.options.marketing, checked: marketing, onChange: setMarketing },
	]
	return (
		<form.Form method="post" action={consentAction} className="space-y-4" onSubmit={onSubmit}>
			<RedirectBack />
			<ul className="space-y-3">
				{options.map((option) => (
					<li key={option.id} className="flex items-start justify-between gap-4 rounded-xl border p-4">
						<div>
							<label htmlFor={`consent-${option.id}`} className="font-medium">
								{option.label}
							</label>
							<p className="mt-0.5 text-sm text-muted-foreground">{option.text}</p>
						</div>
						{hydrated ? (
							<Switch
								id={`consent-${option.id}`}
								name={option.disabled ? undefined : option.id}
								checked={option.checked}
								disabled={option.disabled}
								onCheckedChange={option.onChange}
							/>
						) : (
							<input
								id={`consent-${option.id}`}
								type="checkbox"
								name={option.disabled ? undefined : option.id}
								defaultChecked={option.checked}
								disabled={option.disabled}
								className="mt-1 size-5 accent-brand"
							/>
						)}
					</li>
				))}
			</ul>
			<div className="flex flex-wrap justify-end gap-2">
				<Button type="submit" name="intent" value="reject" variant="secondary">
					{cookieTexts.rejectAll}
				</Button>
				<Button type="submit" name="intent" value="save">
					{cookieTexts.save}
				</Button>
			</div>
		</form.Form>
	)
}
