import { join, resolve } from 'node:path'
import { startMailCatcher } from './mail'
import type { LocalService } from './service'
import { startStripe } from './stripe/server'
import { startSupabase, type LocalSupabase } from './supabase/server'

/** The ports `supabase start`, MailDev and stripe-mock use, so a real stack can replace any of them. */
export const defaultPorts = {
	supabase: 54321,
	smtp: 1025,
	mailWeb: 1080,
	stripe: 12111,
}

/** What moves `npm run dev`'s and `npm run services`' stand-ins elsewhere (README: local services). */
const portVariables = {
	supabase: 'SUPABASE_PORT',
	stripe: 'STRIPE_PORT',
	smtp: 'SMTP_PORT',
	mailWeb: 'MAILDEV_PORT',
} as const

export type LocalServicesOptions = {
	/** 0 for any free port. */
	ports?: Partial<typeof defaultPorts>
	/** Keep the database in this folder; in memory (fresh from the seed) when absent. */
	dataDir?: string
	/** Where the Stripe stand-in posts events; none until set otherwise. */
	stripeWebhookUrl?: string
	/** One log line per request to the Supabase and Stripe stand-ins (default false). */
	log?: boolean
	/** The Supabase stand-in's Site URL, where e-mail links lead: the app's portal; supabase/config.toml's when absent. */
	supabaseSiteUrl?: string
}

export type LocalServices = {
	supabaseUrl: string
	/** The stand-in's Postgres, for scripts that seed volume (benchmarks). */
	database: LocalSupabase['db']['pg']
	mailUrl: string
	smtpPort: number
	stripeUrl: string
	/** Points the Stripe stand-in's webhooks elsewhere, e.g. at an app started after the services on a free port. */
	setStripeWebhookUrl: (url: string | undefined) => void
	/** Points the e-mail links of the Supabase stand-in at the portal of an app started after the services. */
	setSupabaseSiteUrl: (url: string) => void
	services: LocalService[]
	stop: () => Promise<void>
}

/** Starts every local stand-in for the hosted services (DESIGN.md §4). */
export async function startLocalServices({
	ports = {},
	dataDir,
	stripeWebhookUrl,
	log,
	supabaseSiteUrl,
}: LocalServicesOptions = {}): Promise<LocalServices> {
	const port = { ...defaultPorts, ...ports }
	const mail = await startMailCatcher({ smtpPort: port.smtp, webPort: port.mailWeb })
	const smtpPort = mail.smtpPort
	const supabase = await startSupabase({
		port: port.supabase,
		dataDir,
		log,
		siteUrl: supabaseSiteUrl,
		mail: { host: '127.0.0.1', port: smtpPort, from: 'KIA <no-reply@kia.test>' },
	})
	// The Stripe data lives next to the Supabase data, so one folder holds all of development's state.
	const stripeDataFile = dataDir ? join(dataDir, '..', 'stripe.json') : undefined
	const stripe = await startStripe({
		port: port.stripe,
		webhookUrl: stripeWebhookUrl,
		dataFile: stripeDataFile,
		log,
	})
	const services: LocalService[] = [
		mail,
		{
			name: 'supabase',
			url: supabase.url,
			description: `API ${supabase.url} (auth /auth/v1, REST /rest/v1), database ${dataDir ?? 'in memory'}`,
			stop: supabase.stop,
		},
		{
			name: 'stripe',
			url: stripe.url,
			description: `API ${stripe.url}/v1, checkout ${stripe.url}/checkout/…, billing portal ${stripe.url}/billing/…, data ${stripeDataFile ?? 'in memory'}`,
			stop: stripe.stop,
		},
	]
	return {
		supabaseUrl: supabase.url,
		database: supabase.db.pg,
		mailUrl: mail.url,
		smtpPort,
		stripeUrl: stripe.url,
		setStripeWebhookUrl: stripe.setWebhookUrl,
		setSupabaseSiteUrl: supabase.setSiteUrl,
		services,
		stop: async () => {
			await Promise.all(services.map((service) => service.stop()))
		},
	}
}

/**
 * The stand-ins of development (`npm run dev`, `npm run services`): data kept in `LOCAL_DATA_DIR` (default
 * `.data`; `:memory:` for a fresh database from the seed each time), ports from `SUPABASE_PORT`,
 * `STRIPE_PORT`, `SMTP_PORT` and `MAILDEV_PORT`, webhooks to and e-mail links for the development server on
 * `PORT` (its portal, `PORTAL_URL`, when set), request logs with `DEBUG=services`.
 */
export function developmentServices(env: NodeJS.ProcessEnv): LocalServicesOptions & { ports: typeof defaultPorts } {
	const ports = { ...defaultPorts }
	for (const [service, variable] of Object.entries(portVariables) as [keyof typeof defaultPorts, string][]) {
		const value = env[variable]
		if (!value) continue
		const port = Number(value)
		if (!Number.isInteger(port) || port < 1 || port > 65535)
			throw new Error(`${variable} must be a port number (1-65535), not '${value}'.`)
		ports[service] = port
	}
	return {
		ports,
		dataDir: env.LOCAL_DATA_DIR === ':memory:' ? undefined : join(developmentDataDir(env), 'supabase'),
		stripeWebhookUrl: `http://127.0.0.1:${env.PORT ?? 5173}/api/stripe/webhook`,
		// Like the app's own default (app/.server/env.ts); supabase/config.toml's site_url is this on port 5173.
		supabaseSiteUrl: env.PORTAL_URL ?? (env.PORT ? `http://portal.kia.localhost:${env.PORT}` : undefined),
		log: (env.DEBUG ?? '').split(/[\s,]+/).some((name) => name === 'services' || name === '*'),
	}
}

/** Where development keeps its state: the database and the Stripe stand-in's data. */
export function developmentDataDir(env: NodeJS.ProcessEnv) {
	return resolve(env.LOCAL_DATA_DIR || '.data')
}

/**
 * The app's variables that point it at stand-ins started on other than the default ports; none when
 * they are on the defaults, so the app says it runs on the local services with no configuration.
 */
export function appEnvFor(services: LocalServices): Record<string, string> {
	const env: Record<string, string> = {}
	if (services.supabaseUrl !== `http://127.0.0.1:${defaultPorts.supabase}`) env.SUPABASE_URL = services.supabaseUrl
	if (services.stripeUrl !== `http://127.0.0.1:${defaultPorts.stripe}`) env.STRIPE_API_URL = services.stripeUrl
	if (services.smtpPort !== defaultPorts.smtp) env.SMTP_URL = `smtp://127.0.0.1:${services.smtpPort}`
	return env
}
