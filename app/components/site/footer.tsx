import { Link } from 'react-router'
import { useHydrated } from '~/components/hydrated'
import { Icon } from '~/components/ui/icon'
import { cookieTexts } from '~/content/cookies'
import { company } from '~/content/company'
import { footerNavigation } from '~/content/navigation'
import type { CompanyIdentity } from '~/lib/company-identity'
import { preloadPreferences, useConsent } from '../consent/consent'
import { CompanyIdentityLine } from '../forms'
import { Logo } from '../logo'
import { NewsletterForm } from '../newsletter/newsletter-form'

function ManageCookies() {
	const hydrated = useHydrated()
	const { openPreferences } = useConsent()
	const className = 'text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline'
	return hydrated ? (
		<button
			type="button"
			aria-haspopup="dialog"
			onPointerDown={preloadPreferences}
			onFocus={preloadPreferences}
			onClick={openPreferences}
			className={className}
		>
			{cookieTexts.manage}
		</button>
	) : (
		<a href="/politica-cookies#preferencias" className={className}>
			{cookieTexts.manage}
		</a>
	)
}

/**
 * Deferred block by block, so that the newsletter's field is in a small one (app.css, render-when-near). The
 * negative margins, made up by padding, give each block room for its links' and field's focus rings. The company's
 * identity comes from the layout's data, not the root's: reading that would render the whole footer again at every
 * change of the router's state (first-load.spec).
 */
export function SiteFooter({ identity }: { identity: CompanyIdentity }) {
	return (
		<footer className="border-t bg-surface-muted/40">
			<div className="mx-auto grid max-w-7xl gap-12 px-4 py-14 sm:px-6 lg:grid-cols-[1.3fr_2fr] lg:px-8">
				<div className="flex flex-col gap-5">
					<div className="render-when-near -m-2 space-y-5 p-2 [--near-size:12rem]">
						<Logo className="h-8" />
						<p className="max-w-sm text-sm text-muted-foreground">
							Asistente propio, creado con tu conocimiento, activado con IA.
						</p>
						<ul className="space-y-2 text-sm text-muted-foreground">
							<li className="flex items-center gap-2">
								<Icon name="mail" className="size-4" />
								<a href={`mailto:${company.email}`} className="hover:text-foreground">
									{company.email}
								</a>
							</li>
							<li className="flex items-center gap-2">
								<Icon name="phone" className="size-4" />
								<a href={`tel:${company.phone.replace(/\s/g, '')}`} className="hover:text-foreground">
									{company.phone}
								</a>
							</li>
							<li className="flex items-center gap-2">
								<Icon name="map-pin" className="size-4" />
								{company.city}
							</li>
						</ul>
					</div>
					<div className="render-when-near -m-2 max-w-sm p-2 [--near-size:12rem]">
						<h2 className="mb-2 text-sm font-semibold">Boletín</h2>
						<NewsletterForm id="footer" />
					</div>
				</div>
				<nav
					id="mapa-del-sitio"
					aria-label="Mapa del sitio"
					className="render-when-near -m-2 grid grid-cols-2 gap-8 p-2 [--near-size:24rem] sm:grid-cols-3"
				>
					{footerNavigation.map((group) => (
						<div key={group.heading}>
							<h2 className="text-sm font-semibold">{group.heading}</h2>
							<ul className="mt-4 space-y-3">
								{group.links.map((link) => (
									<li key={link.to}>
										<Link to={link.to} className="text-sm text-muted-foreground hover:text-foreground">
											{link.label}
										</Link>
									</li>
								))}
							</ul>
						</div>
					))}
				</nav>
			</div>
			<div className="render-when-near border-t [--near-size:11rem]">
				<div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
					<div className="space-y-1">
						<p>
							© {company.copyrightYear} {company.brand}. Todos los derechos reservados.
						</p>
						<CompanyIdentityLine identity={identity} />
					</div>
					<div className="flex flex-wrap items-center gap-x-6 gap-y-2">
						<a
							href={company.climateUrl}
							target="_blank"
							rel="noreferrer"
							className="inline-flex items-center gap-1.5 hover:text-foreground"
						>
							<Icon name="leaf" className="size-4 text-emerald-500" />
							Compromiso climático
						</a>
						<ManageCookies />
					</div>
				</div>
			</div>
		</footer>
	)
}
