import { Button } from '~/components/ui/button'
import { Icon } from '~/components/ui/icon'
import { portalCopy } from '~/content/billing'
import { IntentForm } from './subscription-plan'
import { usePendingForm } from '~/components/forms'

/** The way to Stripe's billing portal; with JavaScript its pending and failed states are shown here. */
export function PaymentMethod({ portalError }: { portalError: string | null }) {
	const pending = usePendingForm({ intent: 'portal' })
	return (
		<section aria-labelledby="billing-portal" className="rounded-2xl border bg-surface p-6">
			<span className="inline-flex size-10 items-center justify-center rounded-xl bg-brand/10 text-brand-ink">
				<Icon name="credit-card" className="size-5" />
			</span>
			<h2 id="billing-portal" className="mt-4 font-semibold">
				{portalCopy.manage}
			</h2>
			<p className="mt-1 text-sm text-muted-foreground">{portalCopy.manageLead}</p>
			{pending ? (
				<p role="status" className="mt-5 flex items-center gap-2 text-sm text-muted-foreground">
					<Icon name="loader-circle" className="size-4 animate-spin" />
					{portalCopy.loading}
				</p>
			) : portalError ? (
				<div role="alert" className="mt-5 rounded-xl border border-danger/40 bg-danger/5 p-4 text-sm">
					<p className="font-medium text-danger">{portalCopy.failed}</p>
					<p className="mt-1 text-muted-foreground">{portalError}</p>
					<IntentForm intent="portal" className="mt-3">
						<Button type="submit" variant="secondary">
							{portalCopy.retry}
						</Button>
					</IntentForm>
				</div>
			) : (
				<IntentForm intent="portal" className="mt-5">
					<Button type="submit" variant="secondary" className="w-full">
						{portalCopy.open}
						<Icon name="arrow-up-right" className="size-4" />
					</Button>
				</IntentForm>
			)}
		</section>
	)
}
