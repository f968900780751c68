import { startMailCatcher } from './mail'
import type { LocalService } from './service'
import { startSupabase } from './supabase/server'

/** The ports `supabase start` and MailDev use, so a real stack can replace any of them. */
export const defaultPorts = {
	supabase: 54321,
	smtp: 1025,
	mailWeb: 1080,
}

export type LocalServicesOptions = {
	/** 0 for any free port. */
	ports?: Partial<typeof defaultPorts>
	/** Keep the database in this folder; in memory (fresh from the seed) when absent. */
	dataDir?: string
	log?: boolean
}

export type LocalServices = {
	supabaseUrl: string
	mailUrl: string
	smtpPort: number
	services: LocalService[]
	stop: () => Promise<void>
}

/** Starts every local stand-in for the hosted services (DESIGN.md §4). */
export async function startLocalServices({ ports = {}, dataDir, log }: LocalServicesOptions = {}): Promise<LocalServices> {
	const port = { ...defaultPorts, ...ports }
	const mail = await startMailCatcher({ smtpPort: port.smtp, webPort: port.mailWeb })
	const smtpPort = mail.smtpPort
	const supabase = await startSupabase({
		port: port.supabase,
		dataDir,
		log,
		mail: { host: '127.0.0.1', port: smtpPort, from: 'KIA <no-reply@kia.test>' },
	})
	const services: LocalService[] = [
		mail,
		{
			name: 'supabase',
			url: supabase.url,
			description: `API ${supabase.url} (auth /auth/v1, REST /rest/v1), database ${dataDir ?? 'in memory'}`,
			stop: supabase.stop,
		},
	]
	return {
		supabaseUrl: supabase.url,
		mailUrl: mail.url,
		smtpPort,
		services,
		stop: async () => {
			await Promise.all(services.map((service) => service.stop()))
		},
	}
}
