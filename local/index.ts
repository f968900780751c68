import { startMailCatcher } from './mail'
import type { LocalService } from './service'

/** The ports `supabase start` and common tools use, so a real stack can replace any of them. */
export const defaultPorts = {
	smtp: 1025,
	mailWeb: 1080,
}

export type LocalServicesOptions = { ports?: Partial<typeof defaultPorts> }

export type LocalServices = { services: LocalService[]; stop: () => Promise<void> }

/** Starts every local stand-in for the hosted services (DESIGN.md §4). */
export async function startLocalServices({ ports = {} }: LocalServicesOptions = {}): Promise<LocalServices> {
	const port = { ...defaultPorts, ...ports }
	const services = [await startMailCatcher({ smtpPort: port.smtp, webPort: port.mailWeb })]
	return {
		services,
		stop: async () => {
			await Promise.all(services.map((service) => service.stop()))
		},
	}
}
