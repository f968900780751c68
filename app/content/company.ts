/** The company behind the site, as it appears in the footer, contact cards and legal texts. */
export const company = {
	brand: 'KIA',
	legalName: 'KIA Asistentes Inteligentes, S.L.',
	address: 'Avenida Carlos Soler, 25, 03110 Mutxamel (Alicante)',
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
