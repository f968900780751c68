import { useLocation } from 'react-router'
import { Icon } from '~/components/ui/icon'
import { contactPage } from '~/content/pages'
import { contactForm } from '~/.server/inbox/contact'
import { handlePublicForm } from '~/.server/inbox/public-forms'
import { BookingDialogButton } from '~/components/booking/booking-dialog'
import { ContactForm } from '~/components/site/contact-form'
import { Card, Container, PageHero } from '~/components/site/page'
import { company } from '~/content/company'
import { pageMeta, siteUrlFrom } from '~/lib/seo'
import type { Route } from './+types/contact'
import { keepFormOnFailure } from '~/components/toaster'
import { routeComponent } from '~/lib/route-component'

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta({
		title: contactPage.title,
		description: contactPage.description,
		path: '/contacto',
		siteUrl: siteUrlFrom(matches),
	})

export async function action({ request, context }: Route.ActionArgs) {
	return handlePublicForm(request, context, contactForm('Contacto General'))
}

/** A submission the network or the server dropped keeps the form as typed (keepFormOnFailure). */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
	return keepFormOnFailure(request, serverAction, ({ result }) => ({ result }), 'contact')
}

export default routeComponent(Contact)

function Contact({ actionData }: Route.ComponentProps) {
	// A new location after a successful send remounts the form empty.
	const location = useLocation()
	return (
		<>
			<PageHero eyebrow={contactPage.eyebrow} title={contactPage.heading} lead={contactPage.lead}>
				<div className="mt-8">
					<BookingDialogButton label={contactPage.bookingButton} />
				</div>
			</PageHero>
			<Container className="grid gap-10 py-14 lg:grid-cols-[1.4fr_1fr]">
				<Card className="p-8">
					<h2 className="mb-6 text-xl font-semibold">{contactPage.formHeading}</h2>
					<ContactForm key={location.key} lastResult={actionData?.result} />
				</Card>
				<div className="space-y-4">
					<Card>
						<Icon name="mail" className="size-5 text-brand-ink" />
						<h2 className="mt-3 font-semibold">{contactPage.emailHeading}</h2>
						<a href={`mailto:${company.email}`} className="mt-1 block text-brand-ink hover:underline">
							{company.email}
						</a>
						<p className="mt-1 text-sm text-muted-foreground">{company.replyPromise}.</p>
					</Card>
					<Card>
						<Icon name="phone" className="size-5 text-brand-ink" />
						<h2 className="mt-3 font-semibold">{contactPage.phoneHeading}</h2>
						<a href={`tel:${company.phone.replace(/\s/g, '')}`} className="mt-1 block hover:underline">
							{company.phone}
						</a>
						<p className="mt-1 flex items-center gap-1.5 text-sm text-muted-foreground">
							<Icon name="clock" className="size-4" />
							{company.phoneHours}
						</p>
					</Card>
					<Card>
						<Icon name="map-pin" className="size-5 text-brand-ink" />
						<h2 className="mt-3 font-semibold">{contactPage.officeHeading}</h2>
						<p className="mt-1 text-sm text-muted-foreground">{company.officeAddress}</p>
					</Card>
				</div>
			</Container>
		</>
	)
}
