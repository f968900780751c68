export const billingPeriods = ['annual', 'monthly'] as const
export type BillingPeriod = (typeof billingPeriods)[number]

/** `?periodo=mensual` selects monthly prices; annual is the default. */
export function periodFromUrl(url: URL): BillingPeriod {
	return url.searchParams.get('periodo') === 'mensual' ? 'monthly' : 'annual'
}

export function periodHref(pathname: string, search: string, period: BillingPeriod, hash = '') {
	const params = new URLSearchParams(search)
	if (period === 'monthly') params.set('periodo', 'mensual')
	else params.delete('periodo')
	const query = params.toString()
	return `${pathname}${query ? `?${query}` : ''}${hash}`
}
