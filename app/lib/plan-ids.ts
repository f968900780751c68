/**
 * The plans' ids: the catalogue's keys (content/plans), the Stripe price variables' and the plan
 * pages' addresses. Apart from the catalogue so that a form's schema can name them without
 * bringing the whole catalogue's copy into the page's JavaScript.
 */
export const planIds = ['starter', 'business', 'enterprise'] as const
export type PlanId = (typeof planIds)[number]
