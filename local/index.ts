import { createServer } from 'node:net'
import { join, resolve } from 'node:path'
import { startMailCatcher } from './mail'
import { startPostgres } from './postgres'
import type { LocalService } from './service'
import { startStripe } from './stripe/server'
import { connectDatabase, migrate, type Database } from './supabase/db'
import { seedBuckets } from './supabase/seed-buckets'
import { startSupabase } from './supabase/server'

/** The ports `supabase start`, MailDev and stripe-mock use, so a real stack can replace any of them. */
export const defaultPorts = {
	supabase: 54321,
	postgres: 54322,
	smtp: 1025,
	mailWeb: 1080,
	stripe: 12111,
}

/** What moves `npm run dev`'s and `npm run services`' stand-ins elsewhere (README: local services). */
const portVariables = {
	supabase: 'SUPABASE_PORT',
	postgres: 'POSTGRES_PORT',
	stripe: 'STRIPE_PORT',
	smtp: 'SMTP_PORT',
	mailWeb: 'MAILDEV_PORT',
} as const

export type LocalServicesOptions = {
	/** 0 for any free port. */
	ports?: Partial<typeof defaultPorts>
	/** Keep the PostgreSQL cluster in this folder; a temporary one, fresh from the seed, when absent. */
	dataDir?: string
	/** A database made already (a test worker's copy): no server is started, and it is closed at stop. */
	database?: Database
	/** With `database`: the Storage files of the database it was copied from, which its rows list. */
	storageFrom?: string
	/** Where the Stripe stand-in posts events; none until set otherwise. */
	stripeWebhookUrl?: string
	/** One log line per request to the Supabase and Stripe stand-ins (default false). */
	log?: boolean
	/** The Supabase stand-in's Site URL, where e-mail links lead: the app's portal; supabase/config.toml's when absent. */
	supabaseSiteUrl?: string
}

export type LocalServices = {
	supabaseUrl: string
	/** The stand-in's database, for scripts that seed volume (benchmarks). */
	database: Database
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

/** Starts every local stand-in for the hosted services. */
export async function startLocalServices({
	ports = {},
	dataDir,
	database: given,
	storageFrom,
	stripeWebhookUrl,
	log,
	supabaseSiteUrl,
}: LocalServicesOptions = {}): Promise<LocalServices> {
	const port = { ...defaultPorts, ...ports }
	await refuseTakenPorts(port)
	// Started in order, stopped in reverse; a service that fails to start stops those before it.
	const started: LocalService[] = []
	const stop = async () => {
		for (const service of started.splice(0).reverse()) await service.stop()
	}
	try {
		const mail = await startMailCatcher({ smtpPort: port.smtp, webPort: port.mailWeb })
		started.push(mail)
		const { database, seeded } = given
			? { database: given, seeded: false }
			: await startDatabase(started, dataDir, port.postgres)
		// Storage's files live beside the database that lists them; with a temporary database, they are temporary too.
		const storageDir = dataDir ? join(dataDir, '..', 'storage') : undefined
		const supabase = await startSupabase({
			database,
			port: port.supabase,
			log,
			siteUrl: supabaseSiteUrl,
			storageDir,
			storageFrom,
			mail: { host: '127.0.0.1', port: mail.smtpPort, from: 'KIA <no-reply@kia.test>' },
		})
		const supabaseService = {
			name: 'supabase',
			url: supabase.url,
			description: `API ${supabase.url} (auth /auth/v1, REST /rest/v1, storage /storage/v1, files ${storageDir ?? 'temporary'})`,
			stop: supabase.stop,
		}
		started.push(supabaseService)
		// The seed's objects, once Storage answers, as `supabase start` uploads them: on a new database only.
		if (seeded) {
			const uploaded = await seedBuckets(supabase.url).catch((error: unknown) => {
				const reason = error instanceof Error ? error.message : String(error)
				throw new Error(
					`the seed's Storage objects could not be uploaded (${reason}); \`npm run db:reset\` seeds again`,
				)
			})
			supabaseService.description += `; the seed's ${uploaded.length} objects uploaded`
		}
		// The Stripe data lives next to the database, so one folder holds all of development's state.
		const stripeDataFile = dataDir ? join(dataDir, '..', 'stripe.json') : undefined
		const stripe = await startStripe({
			port: port.stripe,
			webhookUrl: stripeWebhookUrl,
			dataFile: stripeDataFile,
			log,
		})
		started.push({
			name: 'stripe',
			url: stripe.url,
			description: `API ${stripe.url}/v1, checkout ${stripe.url}/checkout/…, billing portal ${stripe.url}/billing/…, data ${stripeDataFile ?? 'in memory'}`,
			stop: stripe.stop,
		})
		return {
			supabaseUrl: supabase.url,
			database,
			mailUrl: mail.url,
			smtpPort: mail.smtpPort,
			stripeUrl: stripe.url,
			setStripeWebhookUrl: stripe.setWebhookUrl,
			setSupabaseSiteUrl: supabase.setSiteUrl,
			services: [...started],
			stop,
		}
	} catch (error) {
		await stop()
		throw error
	}
}

/** A PostgreSQL server (pushed onto `started`) and its database, migrated and, when new, seeded (`seeded`). */
async function startDatabase(started: LocalService[], dataDir: string | undefined, port: number) {
	const postgres = await startPostgres({ dataDir, port })
	const databaseUrl = postgres.url('postgres')
	started.push({
		name: 'postgres',
		url: databaseUrl,
		description: `PostgreSQL ${databaseUrl}, cluster ${dataDir ?? 'temporary'}`,
		stop: postgres.stop,
	})
	const database = connectDatabase(databaseUrl)
	const { seeded } = await migrate(database).catch(async (error: unknown) => {
		await database.close()
		throw error
	})
	return { database, seeded }
}

/**
 * Every fixed port is tried before anything starts, so a taken one is said at once, with the variable
 * that moves it, rather than by whichever service meets it first, after the others have started.
 */
async function refuseTakenPorts(ports: typeof defaultPorts) {
	const taken: string[] = []
	for (const [service, port] of Object.entries(ports) as [keyof typeof defaultPorts, number][]) {
		if (port !== 0 && !(await isFree(port))) taken.push(`${port} (${service}, ${portVariables[service]})`)
	}
	if (taken.length === 0) return
	throw Object.assign(
		new Error(
			`port ${taken.join(', ')} already in use. Another \`npm run dev\` or \`npm run services\`, or \`supabase start\`, may be running: stop it, or move ours with the variable named.`,
		),
		{ code: 'EADDRINUSE' },
	)
}

function isFree(port: number) {
	return new Promise<boolean>((resolve) => {
		const server = createServer()
		server.once('error', () => resolve(false))
		server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
	})
}

/**
 * The stand-ins of development (`npm run dev`, `npm run services`): data kept in `LOCAL_DATA_DIR` (default
 * `.data`; `:memory:` for a fresh database from the seed each time), ports from `SUPABASE_PORT`,
 * `POSTGRES_PORT`, `STRIPE_PORT`, `SMTP_PORT` and `MAILDEV_PORT`, webhooks to and e-mail links for the
 * development server on `PORT` (its portal, `PORTAL_URL`, when set), request logs with `DEBUG=services`.
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
		dataDir: env.LOCAL_DATA_DIR === ':memory:' ? undefined : join(developmentDataDir(env), 'postgres'),
		stripeWebhookUrl: `http://127.0.0.1:${env.PORT ?? 5173}/api/stripe/webhook`,
		// Like the app's own default (app/.server/env.ts); supabase/config.toml's site_url is this on port 5173.
		supabaseSiteUrl: env.PORTAL_URL ?? (env.PORT ? `http://portal.kia.localhost:${env.PORT}` : undefined),
		log: (env.DEBUG ?? '').split(/[\s,]+/).some((name) => name === 'services' || name === '*'),
	}
}

/** Where development keeps its state: the database, Storage's files and the Stripe stand-in's data. */
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
