import type { CompanyIdentity } from '~/lib/company-identity'

/**
 * The company behind the site, as it appears in the footer, contact cards and legal texts. Who it is in law (legal
 * name, NIF, registered address, registry entry) is configuration, not copy: `companyIdentity` (app/.server/env.ts).
 */
export const company = {
	brand: 'KIA',
	/** The office of the contact page (the spec's Mutxamel), which need not be the registered address. */
	officeAddress: 'Avenida Carlos Soler, 25, 03110 Mutxamel (Alicante)',
	city: 'Mutxamel, Alicante',
	email: 'hola@kia.es',
	privacyEmail: 'privacidad@kia.es',
	phone: '+34 965 95 12 40',
	phoneHours: 'Lunes a viernes, de 9:00 a 18:00',
	replyPromise: 'Te respondemos en menos de 24 horas',
	legalUpdated: '2025-07-25',
	copyrightYear: 2025,
	climateUrl: 'https://climate.stripe.com/',
} as const

const identityLabels = {
	legalName: 'Titular',
	nif: 'NIF',
	address: 'Domicilio social',
	registry: 'Datos registrales',
	email: 'Correo electrónico',
} as const

/** How the company's identity is labelled wherever it is shown. */
export const companyIdentityCopy = {
	labels: identityLabels,
	/** The legal notice of every legal page, whose anchor the privacy policy and the terms refer to. */
	notice: {
		heading: 'Aviso legal',
		anchor: 'aviso-legal',
		text: 'En cumplimiento del artículo 10 de la Ley 34/2002, de Servicios de la Sociedad de la Información y de Comercio Electrónico (LSSI-CE), estos son los datos del titular de este sitio web y de la marca KIA:',
	},
	/** Above the portal's invoices, which Stripe issues in the company's name. */
	invoices: 'Facturas emitidas por',
	/** The identity on one run of text: the footer's, and the invoices' after `invoices`. */
	line: ({ legalName, nif, address, registry }: CompanyIdentity) =>
		`${legalName} · ${identityLabels.nif} ${nif} · ${identityLabels.address}: ${address} · ${registry}`,
} as const
