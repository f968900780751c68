import { useRouteLoaderData } from 'react-router'
import { company, companyIdentityCopy as copy } from '~/content/company'
import type { CompanyIdentity } from '~/lib/company-identity'
import { cn } from '~/lib/utils'
import type { loader as rootLoader } from '~/root'

/**
 * The company's identity from the root's data (configuration, app/.server/env.ts); null only on the root's own
 * error page, when its loader failed.
 */
export function useCompanyIdentity(): CompanyIdentity | null {
	return useRouteLoaderData<typeof rootLoader>('root')?.company ?? null
}

/**
 * Legal name, NIF, registered address and registry entry, on one run of text: the footer's, and the invoices'
 * after `lead`.
 */
export function CompanyIdentityLine({ lead, className }: { lead?: string; className?: string }) {
	const identity = useCompanyIdentity()
	if (!identity) return null
	const { labels } = copy
	return (
		<p className={cn('text-xs text-muted-foreground', className)} data-testid="company-identity">
			{lead ? `${lead} ` : null}
			{identity.legalName} · {labels.nif} {identity.nif} · {labels.address}: {identity.address} · {identity.registry}
		</p>
	)
}

/** The legal notice (LSSI-CE art. 10) of every legal page, where the privacy policy and the terms point. */
export function LegalNotice({ className }: { className?: string }) {
	const identity = useCompanyIdentity()
	if (!identity) return null
	const { labels, notice } = copy
	const rows = [
		[labels.legalName, identity.legalName],
		[labels.nif, identity.nif],
		[labels.address, identity.address],
		[labels.registry, identity.registry],
		[labels.email, company.email],
	] as const
	return (
		<section id={notice.anchor} className={cn('scroll-mt-24 rounded-2xl border bg-surface p-6', className)}>
			<h2 className="text-xl font-semibold">{notice.heading}</h2>
			<p className="mt-2 text-sm text-muted-foreground">{notice.text}</p>
			<dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
				{rows.map(([label, value]) => (
					<div key={label} className="contents">
						<dt className="font-medium">{label}</dt>
						<dd className="text-muted-foreground max-sm:mb-2">{value}</dd>
					</div>
				))}
			</dl>
		</section>
	)
}
