import { useRouteLoaderData } from 'react-router'
import { cookieTexts } from '~/content/cookies'
import { ConsentPreferencesForm } from '~/components/consent-preferences'
import { Container, PageHero } from '~/components/site/page'
import { contractingTerms, cookiePolicy, privacyPolicy, type LegalDocument } from '~/content/legal'
import { consentChoices } from '~/lib/consent'
import { formatLongDate } from '~/lib/dates'
import { pageMeta, siteUrlFrom } from '~/lib/seo'
import type { loader as rootLoader } from '~/root'
import type { Route } from './+types/legal'

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

export function loader({ request }: Route.LoaderArgs) {
	const path = new URL(request.url).pathname
	const id = Object.entries(documents).find(([, entry]) => entry.path === path)?.[0] ?? 'legal-privacy'
	return { id, updated: formatLongDate(documentFor(id).document.updated) }
}

export default function Legal({ loaderData }: Route.ComponentProps) {
	const { document } = documentFor(loaderData.id)
	const rootData = useRouteLoaderData<typeof rootLoader>('root')
	return (
		<>
			<PageHero title={document.title} lead={`Última actualización: ${loaderData.updated}`} />
			<Container className="max-w-3xl py-14">
				<p className="text-lg text-muted-foreground">{document.intro}</p>
				{document.sections.map((section) => (
					<section key={section.heading} className="mt-10">
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
					<section id="preferencias" className="mt-14 scroll-mt-24 rounded-2xl border bg-surface p-6">
						<h2 className="text-xl font-semibold">{cookieTexts.pageHeading}</h2>
						<p className="mt-2 mb-5 text-sm text-muted-foreground">{cookieTexts.pageText}</p>
						<ConsentPreferencesForm consent={rootData?.consent ?? consentChoices.reject} />
					</section>
				) : null}
			</Container>
		</>
	)
}
