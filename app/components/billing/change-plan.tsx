import { Form } from 'react-router'
import type { SubscriptionRow } from '~/lib/billing-rows'
import { Badge } from '~/components/portal/status-badge'
import { subscriptionCopy as copy } from '~/content/billing'
import { periodLabels, planById, priceSuffix } from '~/content/plans'
import { formatEuros } from '~/lib/money'
import type { BillingPeriod } from '~/lib/period'
import { planChoiceValue } from '~/lib/billing-schemas'
import { SubmitButton, usePendingForm } from '~/components/forms'

export function ChangePlan({
	subscription,
	options,
}: {
	subscription: SubscriptionRow
	options: { plan: SubscriptionRow['plan']; period: BillingPeriod }[]
}) {
	const pending = usePendingForm({ intent: 'change', fields: { subscription: subscription.id } })
	const current = (option: (typeof options)[number]) =>
		option.plan === subscription.plan && option.period === subscription.periodo
	return (
		<section
			id="cambiar-plan"
			aria-labelledby={`change-${subscription.id}`}
			className="scroll-mt-24 rounded-2xl border bg-surface p-6 sm:p-8"
		>
			<h2 id={`change-${subscription.id}`} className="text-lg font-semibold">
				{copy.change.title}
			</h2>
			<p className="mt-1 text-sm text-muted-foreground">{copy.change.lead}</p>
			<Form method="post" className="mt-6">
				<input type="hidden" name="intent" value="change" />
				<input type="hidden" name="subscription" value={subscription.id} />
				<fieldset>
					<legend className="sr-only">{copy.change.legend}</legend>
					<div className="grid gap-3 sm:grid-cols-2">
						{options.map((option) => {
							const plan = planById(option.plan)
							const id = `${subscription.id}-${option.plan}-${option.period}`
							const isCurrent = current(option)
							return (
								<label
									key={id}
									htmlFor={id}
									className="flex cursor-pointer items-center gap-3 rounded-xl border p-4 transition-colors hover:border-brand/50 has-checked:border-brand has-checked:bg-brand/5 has-disabled:cursor-default has-disabled:opacity-70 has-disabled:hover:border-border"
								>
									<input
										id={id}
										type="radio"
										name="choice"
										value={planChoiceValue(option.plan, option.period)}
										required
										disabled={isCurrent}
										className="size-4 accent-[var(--color-brand)]"
									/>
									<span className="flex-1">
										<span className="block font-medium">
											{plan?.name} · {periodLabels[option.period]}
										</span>
										<span className="block text-sm text-muted-foreground">
											{formatEuros(plan?.price[option.period] ?? 0)}
											{priceSuffix[option.period]}
										</span>
									</span>
									{isCurrent ? <Badge tone="neutral">{copy.change.currentBadge}</Badge> : null}
								</label>
							)
						})}
					</div>
				</fieldset>
				<div className="mt-5 flex justify-end">
					<SubmitButton pending={pending} pendingLabel={copy.working}>
						{copy.change.submit}
					</SubmitButton>
				</div>
			</Form>
		</section>
	)
}
