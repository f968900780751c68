import { useRouteLoaderData } from 'react-router'
import { cookieTexts } from '~/content/cookies'
import { ConsentPreferencesForm } from '~/components/consent/consent-preferences'
import { useCompanyIdentity } from '~/components/forms'
import { company, companyIdentityCopy } from '~/content/company'
import { Container, PageHero } from '~/components/site/page'
import {
	contractingTerms,
	cookiePolicy,
	legalContentsHeading,
	privacyPolicy,
	type LegalDocument,
} from '~/content/legal'
import { anchorId } from '~/lib/anchors'
import { cn } from '~/lib/utils'
import { consentChoices } from '~/lib/consent'
import { formatLongDate } from '~/lib/dates'
import { routeComponent } from '~/lib/route-component'
import { pageMeta, siteUrlFrom } from '~/lib/seo'
import type { loader as rootLoader } from '~/root'
import type { Route } from './+types/legal'

/** The cookie policy's own form, linked to from the cookie banner (#preferencias). */
const preferencesAnchor = 'preferencias'

const documents: Record<string, { document: LegalDocument; path: string }> = {
	'legal-privacy': { document: privacyPolicy, path: '/politica-privacidad' },
	'legal-cookies': { document: cookiePolicy, path: '/politica-cookies' },
	'legal-terms': { document: contractingTerms, path: '/terminos-contratacion' },
}

function documentFor(routeId: string) {
	const entry = documents[routeId]
	if (!entry) throw new Error(`No legal document for route ${routeId}`)
	return entry
}

export const meta: Route.MetaFunction = ({ matches }) => {
	const id = matches.at(-1)?.id ?? ''
	const { document, path } = documentFor(id)
	return pageMeta({
		title: `${document.title} · KIA`,
		description: document.description,
		path,
		siteUrl: siteUrlFrom(matches),
	})
}

export function loader({ url }: Route.LoaderArgs) {
	const path = url.pathname
	const id = Object.entries(documents).find(([, entry]) => entry.path === path)?.[0] ?? 'legal-privacy'
	return { id, updated: formatLongDate(documentFor(id).document.updated) }
}

export default routeComponent(Legal)

function Legal({ loaderData }: Route.ComponentProps) {
	const { document } = documentFor(loaderData.id)
	const rootData = useRouteLoaderData<typeof rootLoader>('root')
	const contents = [
		...document.sections.map((section) => ({ id: anchorId(section.heading), heading: section.heading })),
		...(loaderData.id === 'legal-cookies' ? [{ id: preferencesAnchor, heading: cookieTexts.pageHeading }] : []),
		// Every legal page ends with who is behind it (LSSI-CE art. 10), which the privacy policy and the terms name.
		{ id: companyIdentityCopy.notice.anchor, heading: companyIdentityCopy.notice.heading },
	]
	return (
		<>
			<PageHero title={document.title} lead={`Última actualización: ${loaderData.updated}`} />
			{/* One column for the title and the text; on a wide screen the contents sit beside it. */}
			<Container className="grid gap-10 py-14 lg:grid-cols-[minmax(0,48rem)_16rem] lg:justify-between">
				<nav
					aria-labelledby="indice"
					className="self-start rounded-2xl border bg-surface p-5 text-sm lg:sticky lg:top-24 lg:col-start-2 lg:row-start-1"
				>
					<p id="indice" className="font-semibold">
						{legalContentsHeading}
					</p>
					<ol className="mt-3 space-y-2">
						{contents.map((entry) => (
							<li key={entry.id}>
								<a href={`#${entry.id}`} className="text-muted-foreground hover:text-foreground hover:underline">
									{entry.heading}
								</a>
							</li>
						))}
					</ol>
				</nav>
				<div className="lg:col-start-1 lg:row-start-1">
					<p className="text-lg text-muted-foreground">{document.intro}</p>
					{document.sections.map((section) => (
						<section key={section.heading} id={anchorId(section.heading)} className="mt-10 scroll-mt-24">
							<h2 className="text-xl font-semibold">{section.heading}</h2>
							{section.paragraphs.map((paragraph) => (
								<p key={paragraph} className="mt-3 leading-relaxed text-muted-foreground">
									{paragraph}
								</p>
							))}
							{section.list ? (
								<ul className="mt-3 list-disc space-y-1.5 pl-5 text-muted-foreground">
									{section.list.map((item) => (
										<li key={item}>{item}</li>
									))}
								</ul>
							) : null}
						</section>
					))}
					{loaderData.id === 'legal-cookies' ? (
						<section id={preferencesAnchor} className="mt-14 scroll-mt-24 rounded-2xl border bg-surface p-6">
							<h2 className="text-xl font-semibold">{cookieTexts.pageHeading}</h2>
							<p className="mt-2 mb-5 text-sm text-muted-foreground">{cookieTexts.pageText}</p>
							<ConsentPreferencesForm consent={rootData?.consent ?? consentChoices.reject} />
						</section>
					) : null}
					<LegalNotice className="mt-14" />
				</div>
			</Container>
		</>
	)
}

/** The legal notice (LSSI-CE art. 10) that ends every legal page, where the privacy policy and the terms point. */
function LegalNotice({ className }: { className?: string }) {
	const identity = useCompanyIdentity()
	if (!identity) return null
	const { labels, notice } = companyIdentityCopy
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
