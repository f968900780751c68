import { z } from 'zod'
import { billingPeriods } from './period'
import { planIds } from './plan-ids'
// Zod's configuration (./schemas) comes before any schema is built.
import './schemas'

/** 'Pagar y Activar' posts the period and nothing else: a price, amount or plan in the form is refused. */
export const checkoutSchema = z.strictObject({ period: z.enum(billingPeriods) })

const subscriptionId = z.string().regex(/^sub_[A-Za-z0-9_]{1,250}$/)

/** A plan and period as one radio button sends them: `business:monthly`. */
export const planChoiceValue = (plan: string, period: string) => `${plan}:${period}`

const planChoices = planIds.flatMap((plan) => billingPeriods.map((period) => ({ plan, period })))

const planChoice = z.string().transform((value, context) => {
	const choice = planChoices.find((candidate) => planChoiceValue(candidate.plan, candidate.period) === value)
	if (choice) return choice
	context.issues.push({ code: 'custom', message: 'Elige un plan.', input: value })
	return z.NEVER
})

/**
 * The forms of /dashboard/suscripcion, told apart by `intent`. The browser
 * names a subscription and, for a change, a plan and period; the server
 * checks the subscription is the user's and takes the price from
 * configuration, never from the form.
 */
export const subscriptionActionSchema = z.discriminatedUnion('intent', [
	z.strictObject({ intent: z.literal('cancel'), subscription: subscriptionId }),
	z.strictObject({ intent: z.literal('resume'), subscription: subscriptionId }),
	z.strictObject({
		intent: z.literal('change'),
		subscription: subscriptionId,
		choice: planChoice,
	}),
	z.strictObject({ intent: z.literal('portal') }),
])
