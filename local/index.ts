import { join } from 'node:path'
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

/** The development server's webhook endpoint, where `npm run dev` wants Stripe's events. */
const devStripeWebhookUrl = 'http://127.0.0.1:5173/api/stripe/webhook'

export type LocalServicesOptions = {
	/** 0 for any free port. */
	ports?: Partial<typeof defaultPorts>
	/** Keep the database in this folder; in memory (fresh from the seed) when absent. */
	dataDir?: string
	/** Where the Stripe stand-in posts events; with a dataDir (development) the dev server's endpoint, otherwise none until set. */
	stripeWebhookUrl?: string
	log?: boolean
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
	services: LocalService[]
	stop: () => Promise<void>
}

/** Starts every local stand-in for the hosted services (DESIGN.md §4). */
export async function startLocalServices({ ports = {}, dataDir, stripeWebhookUrl, log }: LocalServicesOptions = {}): Promise<LocalServices> {
	const port = { ...defaultPorts, ...ports }
	const mail = await startMailCatcher({ smtpPort: port.smtp, webPort: port.mailWeb })
	const smtpPort = mail.smtpPort
	const supabase = await startSupabase({
		port: port.supabase,
		dataDir,
		log,
		mail: { host: '127.0.0.1', port: smtpPort, from: 'KIA <no-reply@kia.test>' },
	})
	// The Stripe data lives next to the Supabase data, so one folder holds all of development's state.
	const stripeDataFile = dataDir ? join(dataDir, '..', 'stripe.json') : undefined
	const stripe = await startStripe({
		port: port.stripe,
		webhookUrl: stripeWebhookUrl ?? (dataDir ? devStripeWebhookUrl : undefined),
		dataFile: stripeDataFile,
		// Logs unless told not to, like the Supabase stand-in.
		log: log !== false,
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
		services,
		stop: async () => {
			await Promise.all(services.map((service) => service.stop()))
		},
	}
}
