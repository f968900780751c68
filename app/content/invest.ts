export const invest: {
	title: string
	description: string
	heading: string
	lead: string
	figuresHeading: string
	/** Public figures of the Spanish market, each with where it comes from: the opportunity, not KIA's results. */
	market: { heading: string; note: string; figures: { value: string; label: string; source: string }[] }
	/** What KIA itself offers today. */
	product: { heading: string; note: string; figures: { value: string; label: string }[] }
	sections: { heading: string; text: string }[]
	tiersHeading: string
	tiersLead: string
	tiers: { name: 'Freemium' | 'Avanzado' | 'Premium' | 'PRO'; text: string }[]
	form: { heading: string; text: string }
} = {
	title: 'Invierte en KIA · Asistentes inteligentes para negocios',
	description:
		'KIA acerca la inteligencia artificial a autónomos, pymes y gestorías. Conoce la oportunidad, el producto y el modelo de negocio, y habla con nosotros.',
	heading: 'Invierte en KIA',
	lead: 'Queremos que cada autónomo y cada pequeña empresa tenga su propio asistente inteligente. Buscamos socios que compartan esa visión.',
	figuresHeading: 'El mercado y KIA, en cifras',
	market: {
		heading: 'El mercado',
		note: 'Datos públicos del mercado español, no de KIA.',
		figures: [
			{
				value: '+3 millones',
				label: 'de autónomos en España',
				source: 'Fuente: Seguridad Social, afiliados al Régimen Especial de Trabajadores Autónomos (RETA).',
			},
			{
				value: '+99 %',
				label: 'de las empresas españolas son pymes',
				source: 'Fuente: Ministerio de Industria y Turismo, estadística «Cifras PyME».',
			},
		],
	},
	product: {
		heading: 'KIA',
		note: 'Lo que ofrecemos hoy.',
		figures: [
			{ value: '30 días', label: 'para entregar un asistente Starter' },
			{ value: '3 canales', label: 'WebApp, WhatsApp Business y correo' },
		],
	},
	sections: [
		{
			heading: 'La oportunidad',
			text: 'Autónomos, pymes y gestorías dedican horas cada semana a tareas administrativas. La llegada de VERIFACTU y la facturación electrónica hará que necesiten herramientas sencillas y fiables.',
		},
		{
			heading: 'El producto',
			text: 'Asistentes propios entrenados con los documentos de cada cliente, conectados a WhatsApp Business, correo, Google Drive, Google Calendar y Stripe, con una WebApp privada incluida.',
		},
		{
			heading: 'Modelo de negocio',
			text: 'Ingresos recurrentes mediante planes Starter, Business y Enterprise, con una puesta en marcha inicial. Próximamente, una línea de producto para profesionales independientes con modelo Freemium.',
		},
		{
			heading: 'Equipo y hoja de ruta',
			text: 'Un equipo pequeño y técnico con sede en Mutxamel (Alicante). Nuestros próximos pasos: ampliar integraciones, lanzar la línea para profesionales y crecer con gestorías como socios.',
		},
	],
	tiersHeading: 'La línea para profesionales independientes',
	tiersLead: 'Cuatro niveles para empezar gratis y crecer con el asistente: Freemium, Avanzado, Premium y PRO.',
	tiers: [
		{
			name: 'Freemium',
			text: 'Un asistente básico y gratuito para empezar: recordatorios fiscales y respuestas a dudas frecuentes.',
		},
		{
			name: 'Avanzado',
			text: 'Suma la gestión de facturas, la organización de documentos y la conexión con el correo.',
		},
		{
			name: 'Premium',
			text: 'Atención por WhatsApp Business, agenda, cobros con Stripe e informes periódicos.',
		},
		{
			name: 'PRO',
			text: 'Para profesionales exigentes: asistente entrenado a medida, integraciones ampliadas y soporte prioritario.',
		},
	],
	form: {
		heading: 'Hablemos de inversión',
		text: 'Déjanos tus datos y te enviaremos más información sobre el proyecto. Te respondemos en menos de 24 horas.',
	},
}
