import ipaddr from 'ipaddr.js'
import { z } from 'zod'
import type { ShowcasedProject } from '~/content/about'
import { planIds } from '~/lib/plan-ids'
import { billingPeriods } from '~/lib/period'
import { hostKindOf } from '~/lib/host'
import { isValidNif, normalisedNif, type CompanyIdentity } from '~/lib/company-identity'
import { priceVariable } from './billing/local-stripe'
import { localDefaults } from './local-defaults'
import { log } from './log'

/** Variables a production deployment must set; with none of them set the app runs on the local services. */
export const productionVariables = [
	'SITE_URL',
	'PORTAL_URL',
	'COOKIE_DOMAIN',
	'SESSION_SECRET',
	'SUPABASE_URL',
	'SUPABASE_ANON_KEY',
	'SUPABASE_SERVICE_ROLE_KEY',
	'SMTP_URL',
	'STRIPE_SECRET_KEY',
	'STRIPE_WEBHOOK_SECRET',
	'COMPANY_LEGAL_NAME',
	'COMPANY_NIF',
	'COMPANY_ADDRESS',
	'COMPANY_REGISTRY',
] as const

/** A Stripe price id; a plan whose variable is unset cannot be bought yet (not implemented). */
const priceId = z
	.string()
	.regex(/^price_\w+$/, 'debe ser un id de precio de Stripe (price_…)')
	.optional()
const priceIds = Object.fromEntries(
	planIds.flatMap((plan) => billingPeriods.map((period) => [priceVariable(plan, period), priceId])),
) as Record<ReturnType<typeof priceVariable>, typeof priceId>

/**
 * The site of each project /sobre-kia showcases, outside ours: only the company can name them. Unset, its card
 * names the project without a link.
 */
export const showcaseUrlVariables = {
	'asistente-fiscal-whatsapp': 'SHOWCASE_URL_TAX_ASSISTANT',
	'reservas-eventos-casas': 'SHOWCASE_URL_EVENTS',
} as const satisfies Record<ShowcasedProject, string>

const showcaseUrl = z.url({ protocol: /^https$/, error: 'debe ser una URL https' }).optional()

/** zod keeps checking after a failed check, so helpers must cope with a malformed URL. */
function hostnameOf(value: string) {
	return URL.canParse(value) ? new URL(value).hostname : undefined
}

const origin = z
	.url({ protocol: /^https?$/, error: 'debe ser una URL http(s)' })
	.refine((value) => !URL.canParse(value) || (new URL(value).pathname === '/' && !value.endsWith('/')), {
		error: 'debe ser solo el origen, sin ruta ni barra final (https://kia.es)',
	})

/** One line of the company's identity, as it is printed: no line breaks, room for what the registry says. */
const identityText = (example: string) =>
	z
		.string()
		.trim()
		.min(3, `debe ser el dato tal como consta (${example})`)
		.max(300)
		.regex(/^[^\r\n]+$/, 'debe ir en una sola línea')

const nif = z
	.string()
	.transform(normalisedNif)
	.refine(isValidNif, 'debe ser un NIF español con su carácter de control (B12345678)')

/** The names Express's `trust proxy` (proxy-addr) gives to address ranges. */
const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal'])

/** An address, a subnet (10.0.0.0/8) or a named range, as Express's `trust proxy` reads each item of a list. */
function isProxyAddress(item: string) {
	if (namedRanges.has(item) || ipaddr.isValid(item)) return true
	try {
		ipaddr.parseCIDR(item)
		return true
	} catch {
		return false
	}
}

/**
 * Which proxies' X-Forwarded-For names the visitor: a number of hops in front of the app (a balancer elsewhere: 1),
 * or the proxies' addresses. Express reads the string '1' as an address, and an empty one throws; a number it counts.
 */
const trustedProxies = z
	.string()
	.default('loopback')
	.transform((value, ctx) => {
		if (/^\d+$/.test(value)) return Number(value)
		const items = value.split(',').map((item) => item.trim())
		if (items.every(isProxyAddress)) return items
		ctx.addIssue({
			code: 'custom',
			message: 'debe ser un número de saltos (1) o direcciones y subredes separadas por comas (loopback, 10.0.0.0/8)',
		})
		return z.NEVER
	})

const envSchema = z
	.object({
		NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
		PORT: z.coerce.number().int().min(1).max(65535),
		TRUST_PROXY: trustedProxies,
		// How long SIGTERM lets requests in flight finish (server.js): below the orchestrator's grace period before
		// SIGKILL (`docker stop` waits 10 s, Kubernetes 30 s).
		SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).default(8_000),
		// debug adds a line per asset the build serves (server/request-log.ts).
		LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
		SITE_URL: origin,
		PORTAL_URL: origin.refine((value) => hostKindOf(hostnameOf(value) ?? 'portal') === 'portal', {
			error: "su nombre de host debe empezar por 'portal'",
		}),
		COOKIE_DOMAIN: z.string().regex(/^[a-z0-9.-]+$/i, 'debe ser un dominio (kia.es)'),
		SESSION_SECRET: z.string().min(32, 'debe tener al menos 32 caracteres'),
		SUPABASE_URL: z.url({ protocol: /^https?$/ }),
		SUPABASE_ANON_KEY: z.string().min(1),
		SUPABASE_SERVICE_ROLE_KEY: z.string().min(1),
		SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'debe ser una URL smtp:// o smtps://' }),
		MAIL_FROM: z.string().min(3).default('KIA <no-reply@kia.es>'),
		GOOGLE_CALENDAR_ID: z.string().min(1).optional(),
		GOOGLE_SERVICE_ACCOUNT_EMAIL: z.email().optional(),
		GOOGLE_SERVICE_ACCOUNT_KEY: z
			.string()
			.includes('PRIVATE KEY', { message: 'debe ser la clave PEM de la cuenta de servicio' })
			.optional(),
		GOOGLE_CALENDAR_IMPERSONATE: z.email().optional(),
		CONTACT_EMAIL: z.email('debe ser un email').default('hola@kia.es'),
		// Who trades as KIA (app/lib/company-identity.ts): the legal notice, the footer, the invoices' issuer.
		COMPANY_LEGAL_NAME: identityText('Nombre de la Sociedad, S.L.'),
		COMPANY_NIF: nif,
		COMPANY_ADDRESS: identityText('Calle, número, código postal y municipio'),
		COMPANY_REGISTRY: identityText('Registro Mercantil de Alicante, tomo…, folio…, hoja…'),
		STRIPE_SECRET_KEY: z
			.string()
			.regex(/^(sk|rk)_(test|live)_\w+$/, 'debe ser una clave secreta de Stripe (sk_live_… o rk_live_…)'),
		STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_', 'debe ser el secreto de firma del webhook (whsec_…)'),
		// Only set to reach a Stripe-compatible server other than api.stripe.com (the local stand-in).
		STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
		...priceIds,
		SHOWCASE_URL_TAX_ASSISTANT: showcaseUrl,
		SHOWCASE_URL_EVENTS: showcaseUrl,
		// An OpenAI-compatible chat-completions API that words answers from the passages found (issue 54): the site's
		// chat's, and the clients' assistants'. Unset, the answers quote the passages themselves.
		LANGUAGE_MODEL_URL: z
			.url({ protocol: /^https?$/, error: 'debe ser una URL http(s) (https://api.openai.com/v1)' })
			.optional(),
		LANGUAGE_MODEL_KEY: z.string().min(1).optional(),
		LANGUAGE_MODEL: z.string().min(1).optional(),
		LANGUAGE_MODEL_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(10_000),
		// Their names until issue 65: a deployment still setting them would lose its model without a word.
		...Object.fromEntries(
			['ASSISTANT_MODEL_URL', 'ASSISTANT_MODEL_KEY', 'ASSISTANT_MODEL', 'ASSISTANT_MODEL_TIMEOUT_MS'].map((old) => [
				old,
				z.undefined({ error: `se llama ahora ${old.replace('ASSISTANT_', 'LANGUAGE_')}` }).optional(),
			]),
		),
		// How long the shared cache in front of the app keeps a page fresh, and then serves it stale while it fetches
		// the next (app/.server/http/cache-control.ts): a published post reaches anonymous visitors within twice this.
		SHARED_CACHE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
		// 'off' on an app process that leaves the work queue to the other processes of the deployment (decision 017).
		QUEUE_WORKER: z.enum(['on', 'off']).default('on'),
		// Only an explicit 1 lets a production server run on the local services (see parseEnv).
		LOCAL_SERVICES: z.enum(['0', '1']).optional(),
		ENABLE_TEST_ROUTES: z
			.enum(['0', '1'])
			.default('0')
			.transform((value) => value === '1'),
	})
	.superRefine((env, ctx) => {
		const model = ['LANGUAGE_MODEL_URL', 'LANGUAGE_MODEL_KEY', 'LANGUAGE_MODEL'] as const
		if (model.some((key) => env[key] !== undefined)) {
			for (const key of model.filter((name) => env[name] === undefined)) {
				ctx.addIssue({ code: 'custom', path: [key], message: `falta: el modelo necesita ${model.join(', ')}` })
			}
		}
		for (const key of ['SITE_URL', 'PORTAL_URL'] as const) {
			const hostname = hostnameOf(env[key])
			if (hostname && hostname !== env.COOKIE_DOMAIN && !hostname.endsWith(`.${env.COOKIE_DOMAIN}`)) {
				ctx.addIssue({
					code: 'custom',
					path: ['COOKIE_DOMAIN'],
					message: `debe abarcar el host de ${key} (${hostname})`,
				})
			}
		}
	})

export type Env = z.infer<typeof envSchema> & { usesLocalServices: boolean }

type Source = Record<string, string | undefined>

export class EnvError extends Error {
	override name = 'EnvError'
}

/**
 * Reads and validates the configuration. With nothing configured the app
 * runs on the local services; in production a partial configuration is
 * refused, naming each missing or malformed variable.
 */
export function parseEnv(source: Source): Env {
	// An empty value is unset: `docker run --env-file` passes each `NAME=` line of a copied .env.example as ''.
	const given = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''))
	const isProduction = given.NODE_ENV === 'production'
	const port = given.PORT ?? (isProduction ? '3000' : '5173')
	const configured = productionVariables.filter((key) => key in given)
	const usesLocalServices = configured.length === 0
	// A production deploy whose environment failed to load looks exactly like "no configuration": it must not
	// boot on the local services' public secrets unless someone asked for that in so many words.
	const localServicesAsked = given.LOCAL_SERVICES === '1'

	if (isProduction && usesLocalServices && !localServicesAsked) {
		throw new EnvError(
			`Producción sin configuración: faltan ${productionVariables.join(', ')}.\n` +
				'  Para ejecutar la versión de producción contra los servicios locales, define LOCAL_SERVICES=1.',
		)
	}

	if (isProduction && !usesLocalServices) {
		const missing = productionVariables.filter((key) => !(key in given))
		const problems = missing.map((key) => `${key}: falta`)
		const parsed = envSchema.safeParse({ ...given, PORT: port })
		if (parsed.success && problems.length === 0) return { ...parsed.data, usesLocalServices }
		if (!parsed.success) problems.push(...describeIssues(parsed.error, missing))
		throw new EnvError(`Configuración de producción incompleta o inválida:\n  - ${problems.join('\n  - ')}`)
	}

	const parsed = envSchema.safeParse({ ...localDefaults(port), ...given, PORT: port })
	if (!parsed.success) {
		throw new EnvError(`Configuración inválida:\n  - ${describeIssues(parsed.error, []).join('\n  - ')}`)
	}
	return { ...parsed.data, usesLocalServices }
}

function describeIssues(error: z.ZodError, alreadyReported: readonly string[]) {
	return error.issues
		.filter((issue) => !alreadyReported.includes(String(issue.path[0])))
		.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
}

function loadEnv(): Env {
	const env = parseEnv(process.env)
	log.level = env.LOG_LEVEL
	if (env.usesLocalServices && env.NODE_ENV !== 'test') {
		log.info(
			`[env] No configuration found: using the local services (site ${env.SITE_URL}, portal ${env.PORTAL_URL}, Supabase ${env.SUPABASE_URL}).`,
		)
	}
	return env
}

export const env = loadEnv()

/** Secure cookies and HSTS only where the site is really served over TLS. */
export const isHttps = new URL(env.SITE_URL).protocol === 'https:'

/**
 * Where Stripe's hosted pages live: forms redirect there (checkout, billing
 * portal), so the CSP's form-action must name them. The local stand-in serves
 * its pages from its API origin.
 */
export const stripeHostedOrigins = env.STRIPE_API_URL
	? [new URL(env.STRIPE_API_URL).origin]
	: ['https://checkout.stripe.com', 'https://billing.stripe.com']

/**
 * Where 'Continuar con Google' sends a form's redirect: the auth server's /authorize, which
 * redirects on to Google's sign-in. Browsers check a form's `form-action` on every redirect of
 * its navigation, so both must be allowed for the plain (no JavaScript) form to get there.
 */
export const oauthOrigins = [new URL(env.SUPABASE_URL).origin, 'https://accounts.google.com']

/** The only settings that reach the browser, besides the company's identity (public by law). */
export function getPublicEnv() {
	return { SITE_URL: env.SITE_URL, PORTAL_URL: env.PORTAL_URL }
}

/** Who trades as KIA, from its one place: the configuration. The root loader gives it to every page. */
export const companyIdentity: CompanyIdentity = {
	legalName: env.COMPANY_LEGAL_NAME,
	nif: env.COMPANY_NIF,
	address: env.COMPANY_ADDRESS,
	registry: env.COMPANY_REGISTRY,
}
