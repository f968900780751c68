import sanitizeHtml from 'sanitize-html'
import { about } from '~/content/about'
import { capabilities } from '~/content/capabilities'
import { capabilitiesIndex, capabilityPages, channelLabels, verifactu } from '~/content/capability-pages'
import { chatKeywords } from '~/content/chat-keywords'
import { company, companyIdentityCopy } from '~/content/company'
import { homeFaq } from '~/content/faq'
import { home } from '~/content/home'
import { howItWorks } from '~/content/how-it-works'
import { invest } from '~/content/invest'
import { contractingTerms, cookiePolicy, privacyPolicy, type LegalDocument } from '~/content/legal'
import { contactPage, demoPage, pricingPage } from '~/content/pages'
import { additionalServices, annualSaving, comparison, plans, vatNote } from '~/content/plans'
import { formatEuros } from '~/lib/money'
import { projects } from '~/content/projects'
import { sustainability } from '~/content/sustainability'
import { webapp } from '~/content/webapp'
import { anchorId } from '~/lib/anchors'
import type { Passage } from '~/lib/chat'
import type { CompanyIdentity } from '~/lib/company-identity'
import { capabilitiesPath, capabilityPath } from '~/lib/capability-ids'

/** A page's passages before each gets its id: what one page of the site says, a paragraph or a list at a time. */
type Draft = Omit<Passage, 'id'>

const sentences = (items: readonly string[]) =>
	items.map((item) => (/[.!?:]$/.test(item) ? item : `${item}.`)).join(' ')

function pricingPassages(): Draft[] {
	const perPlan = plans.map((plan) => ({
		path: '/tarifas',
		page: 'Tarifas',
		heading: `Plan ${plan.name}: precio`,
		text: `${plan.tagline} Cuesta ${formatEuros(plan.price.annual)} al año${plan.charge.annual === 'one-time' ? ' en un único pago' : ''} o ${formatEuros(plan.price.monthly)} al mes. ${annualSaving}. ${vatNote}. ${sentences(plan.features)}`,
	}))
	const rows = comparison.map((row) => ({
		path: '/tarifas',
		page: 'Tarifas',
		heading: `${row.label} de cada plan`,
		text: plans.map((plan) => `${plan.name}: ${row.values[plan.id]}.`).join(' '),
	}))
	const services = {
		path: '/tarifas',
		page: 'Tarifas',
		heading: pricingPage.servicesHeading,
		text: sentences(additionalServices.map((service) => `${service.name}: ${service.price}`)),
	}
	const overview = {
		path: '/tarifas',
		page: 'Tarifas',
		heading: 'Precios: cuánto cuesta cada plan',
		text: `${plans.map((plan) => `${plan.name}: ${formatEuros(plan.price.annual)} al año o ${formatEuros(plan.price.monthly)} al mes.`).join(' ')} ${annualSaving}. ${vatNote}.`,
	}
	return [
		{ path: '/tarifas', page: 'Tarifas', heading: pricingPage.heading, text: pricingPage.lead },
		overview,
		...perPlan,
		...rows,
		services,
	]
}

function planPassages(): Draft[] {
	return plans.flatMap((plan) => {
		const path = `/tarifas/${plan.id}`
		const page = `Plan ${plan.name}`
		return [
			{ path, page, heading: `Qué incluye el plan ${plan.name}`, text: sentences(plan.includes) },
			...plan.faq.map((item) => ({ path, page, heading: item.question, text: item.answer })),
		]
	})
}

function homePassages(): Draft[] {
	const faq = homeFaq.map((item) => ({
		path: '/',
		anchor: 'faq',
		page: 'Preguntas frecuentes',
		heading: item.question,
		text: item.answer,
	}))
	return [
		{ path: '/', page: 'Inicio', heading: home.eyebrow, text: home.lead },
		{ path: '/', page: 'Inicio', heading: home.freedom.heading, text: home.freedom.text },
		{ path: '/', page: 'Inicio', heading: home.webappBanner.heading, text: home.webappBanner.text },
		...faq,
	]
}

function howItWorksPassages(): Draft[] {
	const page = 'Cómo funciona'
	return [
		{ path: '/como-funciona', page, heading: howItWorks.heading, text: howItWorks.lead },
		...howItWorks.steps.map((step, index) => ({
			path: '/como-funciona',
			page,
			heading: `Paso ${index + 1}: ${step.title}`,
			text: step.description,
		})),
	]
}

function capabilityPassages(): Draft[] {
	const index = {
		path: capabilitiesPath,
		page: 'Funciones',
		heading: capabilitiesIndex.heading,
		text: capabilitiesIndex.lead,
	}
	const pages = capabilities.flatMap((capability) => {
		const copy = capabilityPages[capability.id]
		const path = capabilityPath(capability.id)
		const page = capability.title
		return [
			{ path, page, heading: capability.title, text: `${capability.description} ${copy.lead} ${copy.what.join(' ')}` },
			{ path, page, heading: `${capability.title}: qué hace`, text: sentences(copy.points) },
			{
				path,
				page,
				heading: `${capability.title}: dónde funciona`,
				text: copy.channels.map((channel) => `${channelLabels[channel.channel]}: ${channel.text}`).join(' '),
			},
			{
				path,
				page,
				heading: `${capability.title}: planes que la incluyen`,
				text: `${copy.plansNote} Disponible en ${copy.plans.map((id) => plans.find((plan) => plan.id === id)?.name).join(', ')}.`,
			},
		]
	})
	const invoices = capabilityPath('facturas')
	const onVerifactu = (heading: string, text: string) => ({
		path: invoices,
		anchor: verifactu.id,
		page: verifactu.heading,
		heading,
		text,
	})
	return [
		index,
		...pages,
		onVerifactu(verifactu.heading, `${verifactu.intro.join(' ')} ${verifactu.badge}.`),
		onVerifactu(verifactu.requirementsHeading, sentences(verifactu.requirements)),
		onVerifactu(verifactu.whoHeading, verifactu.who),
		onVerifactu(verifactu.whenHeading, verifactu.when),
		onVerifactu(verifactu.kiaHeading, sentences(verifactu.kia)),
	]
}

function projectPassages(): Draft[] {
	return [
		{ path: '/proyectos', page: 'Proyectos', heading: projects.heading, text: projects.lead },
		...projects.items.map((project) => ({
			path: '/proyectos',
			page: 'Proyectos',
			heading: project.name,
			text: `${project.summary} ${project.solution} ${sentences(project.results)}`,
		})),
	]
}

function aboutPassages(): Draft[] {
	const page = 'Sobre KIA'
	return [
		{ path: '/sobre-kia', page, heading: about.heading, text: about.lead },
		{ path: '/sobre-kia', page, heading: about.story.heading, text: about.story.paragraphs.join(' ') },
		...about.manifesto.items.map((item) => ({ path: '/sobre-kia', page, heading: item.title, text: item.text })),
		...about.showcase.items.map((item) => ({ path: '/sobre-kia', page, heading: item.name, text: item.text })),
	]
}

function investPassages(): Draft[] {
	const page = 'Invertir en KIA'
	return [
		{ path: '/invertir', page, heading: invest.heading, text: `${invest.lead} ${invest.form.text}` },
		{
			path: '/invertir',
			page,
			heading: `${invest.market.heading} en cifras`,
			text: `${invest.market.note} ${sentences(invest.market.figures.map((item) => `${item.value} ${item.label}. ${item.source}`))}`,
		},
		{
			path: '/invertir',
			page,
			heading: `${invest.product.heading} en cifras`,
			text: sentences(invest.product.figures.map((item) => `${item.value} ${item.label}`)),
		},
		...invest.sections.map((section) => ({ path: '/invertir', page, heading: section.heading, text: section.text })),
		{
			path: '/invertir',
			page,
			heading: invest.tiersHeading,
			text: `${invest.tiersLead} ${invest.tiers.map((tier) => `${tier.name}: ${tier.text}`).join(' ')}`,
		},
	]
}

function sectionPassages(
	path: string,
	page: string,
	lead: { heading: string; text: string },
	sections: readonly { heading: string; text: string; points?: readonly string[] }[],
): Draft[] {
	return [
		{ path, page, ...lead },
		...sections.map((section) => ({
			path,
			page,
			heading: section.heading,
			text: section.points ? `${section.text} ${sentences(section.points)}` : section.text,
		})),
	]
}

/**
 * Legal texts name every part of the product (demos, plans, data, payments) to say what rules them: they
 * answer what only they say ('derecho de desistimiento'), not what a product page says too.
 */
const legalWeight = 0.5
/** A post advises on a subject; what KIA does and sells, its own pages say. */
const postWeight = 0.7

/** A legal text a paragraph (or its list) at a time, each linked to its section. */
function legalPassages(path: string, document: LegalDocument): Draft[] {
	const passage = (heading: string, text: string) => ({
		path,
		anchor: anchorId(heading),
		page: document.title,
		heading,
		text,
		weight: legalWeight,
	})
	return [
		{ path, page: document.title, heading: document.title, text: document.intro, weight: legalWeight },
		...document.sections.flatMap((section) => [
			...section.paragraphs.map((paragraph) => passage(section.heading, paragraph)),
			...(section.list ? [passage(section.heading, sentences(section.list))] : []),
		]),
	]
}

/** Who trades as KIA, as every legal page's notice says it: asked for by a buyer checking who they would deal with. */
function legalNoticePassage(identity: CompanyIdentity): Draft {
	const { notice, labels } = companyIdentityCopy
	return {
		path: '/politica-privacidad',
		anchor: notice.anchor,
		page: privacyPolicy.title,
		heading: notice.heading,
		text: `KIA es una marca de ${identity.legalName}, con ${labels.nif} ${identity.nif} y domicilio social en ${identity.address}. ${labels.registry}: ${identity.registry}.`,
	}
}

function contactPassages(): Draft[] {
	const page = 'Contacto'
	return [
		{ path: '/contacto', page, heading: contactPage.heading, text: contactPage.lead },
		{
			path: '/contacto',
			page,
			heading: contactPage.emailHeading,
			text: `Escríbenos a ${company.email} o desde el formulario de contacto. ${company.replyPromise}.`,
		},
		{
			path: '/contacto',
			page,
			heading: contactPage.phoneHeading,
			text: `Llámanos al ${company.phone}. Horario de atención: ${company.phoneHours.toLowerCase()}.`,
		},
		{
			path: '/contacto',
			page,
			heading: contactPage.officeHeading,
			text: `Nuestra oficina está en ${company.officeAddress}.`,
		},
		{
			path: '/solicitar-demostracion-kia',
			page: 'Solicitar demostración',
			heading: demoPage.heading,
			text: `${demoPage.lead} ${sentences(demoPage.facts.map((fact) => `${fact.title}: ${fact.text}`))}`,
		},
	]
}

/** Every passage of the site's static pages: what the site's chat may answer from, besides the blog. */
export function sitePassages(identity: CompanyIdentity): Passage[] {
	const drafts = [
		...homePassages(),
		...pricingPassages(),
		...planPassages(),
		...howItWorksPassages(),
		...capabilityPassages(),
		...projectPassages(),
		...aboutPassages(),
		...investPassages(),
		...sectionPassages(
			'/sostenibilidad',
			'Sostenibilidad',
			{ heading: sustainability.heading, text: sustainability.lead },
			sustainability.sections,
		),
		...sectionPassages(
			'/webapp-incluida',
			'WebApp incluida',
			{ heading: webapp.heading, text: webapp.lead },
			webapp.sections,
		),
		...legalPassages('/politica-privacidad', privacyPolicy),
		...legalPassages('/politica-cookies', cookiePolicy),
		...legalPassages('/terminos-contratacion', contractingTerms),
		legalNoticePassage(identity),
		...contactPassages(),
	]
	return drafts.map((draft, index) => ({
		...draft,
		id: `sitio-${index}`,
		...(chatKeywords[draft.path] ? { keywords: chatKeywords[draft.path] } : {}),
	}))
}

export type PublishedPost = { slug: string; title: string; excerpt: string | null; content: string }

const plainText = (html: string) =>
	sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
		.replace(/&nbsp;/g, ' ')
		.replace(/&amp;/g, '&')
		.replace(/&lt;/g, '<')
		.replace(/&gt;/g, '>')
		.replace(/&quot;/g, '"')
		.replace(/&#39;/g, "'")
		.replace(/\s+/g, ' ')
		.trim()

/** A post's excerpt, then each of its sections (what comes under one of its headings). */
export function postPassages(post: PublishedPost): Passage[] {
	const path = `/blog/${post.slug}`
	const sections = post.content.split(/<h[23][^>]*>/i).map((part) => {
		const [heading, body] = /<\/h[23]>/i.test(part) ? part.split(/<\/h[23]>/i, 2) : [null, part]
		return { heading: heading ? plainText(heading) : post.title, text: plainText(body ?? '') }
	})
	const drafts = [{ heading: post.title, text: post.excerpt ?? '' }, ...sections].filter((section) => section.text)
	return drafts.map((section, index) => ({
		id: `blog-${post.slug}-${index}`,
		path,
		page: post.title,
		...section,
		weight: postWeight,
	}))
}
