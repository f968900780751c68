import { formatEuros } from '~/lib/money'
/** One source of truth for plans and prices. Prices in EUR, VAT excluded. */
import type { BillingPeriod } from '~/lib/period'
import type { PlanId } from '~/lib/plan-ids'

export type Plan = {
	id: PlanId
	name: string
	tagline: string
	price: Record<BillingPeriod, number>
	/** How each price is charged: only annual Enterprise is a one-time payment. */
	charge: Record<BillingPeriod, 'subscription' | 'one-time'>
	isFeatured: boolean
	/** Short list for cards and the home pricing section. */
	features: string[]
	/** What the plan page lists under "Qué incluye". */
	includes: string[]
	faq: { question: string; answer: string }[]
}

export const periodLabels: Record<BillingPeriod, string> = { annual: 'Anual', monthly: 'Mensual' }
export const priceSuffix: Record<BillingPeriod, string> = { annual: '/año', monthly: '/mes' }
export const annualSaving = 'Ahorra 2 meses con el pago anual'
export const vatNote = 'Precios sin IVA'

export const plans: Plan[] = [
	{
		id: 'starter',
		name: 'Starter',
		tagline: 'Para autónomos que quieren empezar a delegar una tarea concreta.',
		price: { annual: 999, monthly: 99 },
		charge: { annual: 'subscription', monthly: 'subscription' },
		isFeatured: false,
		features: ['1 función activa a elegir', 'Hasta 100 documentos', 'Canal Web o WhatsApp', '1 usuario'],
		includes: [
			'1 función activa a tu elección',
			'Entrenamiento con hasta 100 documentos',
			'Recordatorios fiscales en Google Calendar',
			'Acceso para 1 usuario',
			'Integración básica con Google Drive',
		],
		faq: [
			{
				question: '¿Puedo cambiar la función activa más adelante?',
				answer:
					'Sí. Puedes pedirnos el cambio cuando lo necesites. Según la nueva función, puede requerir un nuevo entrenamiento del asistente y tener un coste adicional que te indicaremos antes.',
			},
			{
				question: '¿Qué pasa si tengo más de 100 documentos?',
				answer: 'Si tu asistente necesita más de 100 documentos, el plan adecuado es Business, que admite hasta 500.',
			},
			{
				question: '¿Incluye soporte continuo?',
				answer:
					'Starter no incluye soporte continuo, pero sí el entrenamiento inicial completo. Si lo necesitas, puedes contratar bolsas de horas de soporte.',
			},
		],
	},
	{
		id: 'business',
		name: 'Business',
		tagline: 'Para pymes y despachos que atienden a sus clientes por varios canales.',
		price: { annual: 1999, monthly: 199 },
		charge: { annual: 'subscription', monthly: 'subscription' },
		isFeatured: true,
		features: ['Hasta 5 funciones activas', 'Hasta 500 documentos', 'Web + WhatsApp Business', 'Hasta 3 usuarios'],
		includes: [
			'Hasta 5 funciones activas',
			'Canal doble: Web y WhatsApp Business',
			'Entrenamiento con hasta 500 documentos',
			'Respuestas inteligentes al correo y gestión de facturas',
			'Acceso multiusuario básico (hasta 3 perfiles)',
			'Integración con Google Workspace y pasarela de pago con tarjeta',
		],
		faq: [
			{
				question: '¿Cuánto tarda la puesta en marcha?',
				answer:
					'El desarrollo del plan Business dura unas 6 semanas, desde que tenemos tus documentos y accesos hasta la entrega del asistente.',
			},
			{
				question: '¿Qué soporte incluye?',
				answer: 'Incluye 30 días de soporte tras la entrega para ajustar respuestas, flujos e integraciones.',
			},
			{
				question: '¿Puedo pasar a Enterprise más adelante?',
				answer:
					'Sí. Tu asistente, su entrenamiento y tu WebApp se conservan; solo ampliamos funciones, canales y usuarios.',
			},
		],
	},
	{
		id: 'enterprise',
		name: 'Enterprise',
		tagline: 'Para empresas que necesitan facturación VERIFACTU, más canales y equipos completos.',
		price: { annual: 4999, monthly: 499 },
		charge: { annual: 'one-time', monthly: 'subscription' },
		isFeatured: false,
		features: [
			'Hasta 10 funciones activas',
			'Sin límite inicial de documentos',
			'Web + WhatsApp + Correo',
			'Usuarios ilimitados por roles',
		],
		includes: [
			'Facturación electrónica VERIFACTU',
			'Hasta 10 funciones activas',
			'Canal triple: Web, WhatsApp Business y correo',
			'Entrenamiento sin límite inicial de documentos',
			'Panel avanzado y métricas detalladas',
			'Acceso multiusuario ilimitado por roles',
			'Integración con Google Workspace, pasarela de pago y más',
		],
		faq: [
			{
				question: '¿Qué soporte incluye Enterprise?',
				answer: 'Incluye 3 meses de soporte y mantenimiento prioritario tras la entrega.',
			},
			{
				question: '¿Cómo se paga el plan anual?',
				answer:
					'El plan anual Enterprise se abona en un único pago. El plan mensual es una suscripción que puedes cancelar cuando quieras.',
			},
			{
				question: '¿Cuánto tarda el desarrollo?',
				answer: 'Entre 8 y 10 semanas, según el número de funciones, canales e integraciones.',
			},
		],
	},
]

export function planById(id: string) {
	return plans.find((plan) => plan.id === id)
}

export type PriceLabels = Record<PlanId, Record<BillingPeriod, string>>

/**
 * Every price as shown, for a loader to hand to its page. Public pages get prices and dates
 * formatted by the server: the first Intl formatter a browser builds cost Chromium 29–43 ms of ICU
 * start-up (measured), one long task in the middle of hydration on a phone.
 */
export function priceLabels(): PriceLabels {
	// `plans` lists every PlanId, so the object is complete.
	return Object.fromEntries(
		plans.map((plan) => [
			plan.id,
			{ annual: formatEuros(plan.price.annual), monthly: formatEuros(plan.price.monthly) },
		]),
	) as PriceLabels
}

/** The plans' comparison table (functions, channels, documents, users, development, support), row by row. */
export const comparison: { label: string; values: Record<PlanId, string> }[] = [
	{ label: 'Funciones activas', values: { starter: '1', business: 'Hasta 5', enterprise: 'Hasta 10' } },
	{
		label: 'Canales',
		values: { starter: 'Web o WhatsApp', business: 'Web + WhatsApp', enterprise: 'Web + WhatsApp + Correo' },
	},
	{ label: 'Documentos', values: { starter: 'Hasta 100', business: 'Hasta 500', enterprise: 'Sin límite inicial' } },
	{ label: 'Usuarios', values: { starter: '1', business: 'Hasta 3', enterprise: 'Ilimitados por roles' } },
	{ label: 'Desarrollo', values: { starter: '30 días', business: '6 semanas', enterprise: '8–10 semanas' } },
	{ label: 'Soporte', values: { starter: 'No incluido', business: '30 días', enterprise: '3 meses' } },
	{ label: 'Facturación VERIFACTU', values: { starter: '—', business: '—', enterprise: 'Incluida' } },
	{
		label: 'WebApp propia con tu marca',
		values: { starter: 'Incluida', business: 'Incluida', enterprise: 'Incluida' },
	},
]

export const additionalServices: { name: string; price: string }[] = [
	{ name: 'Mantenimiento', price: 'desde 149 €/mes' },
	{ name: 'Hosting y API privada', price: '49 €/mes o 499 €/año' },
	{ name: 'Subdominio dedicado y hosting', price: '99 €/año' },
	{ name: 'Formación para tu equipo', price: '180 € por 2 horas' },
	{ name: 'Integraciones a medida', price: 'desde 500 €' },
]
