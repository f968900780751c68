import { Icon } from '~/components/ui/icon'
import { logoPage } from '~/content/pages'
import { Container, PageHero } from '~/components/site/page'
import { Button } from '~/components/ui/button'
import { routeComponent } from '~/lib/route-component'
import { pageMeta, siteUrlFrom } from '~/lib/seo'
import type { Route } from './+types/logo'

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta({
		title: logoPage.title,
		description: logoPage.description,
		path: '/logotipo',
		siteUrl: siteUrlFrom(matches),
		noindex: true,
	})

export default routeComponent(LogoPage)

function LogoPage() {
	return (
		<>
			<PageHero title={logoPage.heading} lead={logoPage.lead} />
			<Container className="py-14">
				<div className="flex flex-col items-center gap-8 rounded-3xl border bg-white p-12">
					<img
						src="/logo-kia-negro.svg"
						alt={logoPage.alt}
						width={400}
						height={128}
						className="h-auto w-full max-w-sm"
					/>
				</div>
				<Button asChild size="lg" className="mt-8">
					<a href="/logo-kia-negro.svg" download="logo-kia-negro.svg">
						<Icon name="download" className="size-4" />
						{logoPage.download}
					</a>
				</Button>
			</Container>
		</>
	)
}
