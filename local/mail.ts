import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { freePorts, waitForHttp, type LocalService } from './service'

const require = createRequire(import.meta.url)

export type MailCatcherOptions = { smtpPort: number; webPort: number }

/**
 * MailDev: an SMTP server that keeps every message and shows it in a web
 * inbox (and as JSON under /email, which the tests read). Run as a child
 * process because MailDev is a process-wide singleton.
 */
export async function startMailCatcher(options: MailCatcherOptions): Promise<LocalService & { smtpPort: number }> {
	const [spareSmtp = 0, spareWeb = 0] = await freePorts(2)
	const smtpPort = options.smtpPort || spareSmtp
	const webPort = options.webPort || spareWeb
	const child = spawn(
		process.execPath,
		[
			require.resolve('maildev/bin/maildev'),
			'--smtp',
			String(smtpPort),
			'--web',
			String(webPort),
			'--ip',
			'127.0.0.1',
			'--silent',
		],
		{ stdio: ['ignore', 'inherit', 'inherit'] },
	)
	// MailDev must not outlive whoever started it, however that process ends.
	const killChild = () => child.kill()
	process.once('exit', killChild)
	const url = `http://127.0.0.1:${webPort}`
	await waitForHttp(`${url}/email`, child)
	return {
		name: 'mail',
		url,
		smtpPort,
		description: `SMTP 127.0.0.1:${smtpPort}, inbox ${url}`,
		stop: () =>
			new Promise<void>((resolve) => {
				process.off('exit', killChild)
				// Ctrl-C reaches MailDev as well, which may have ended already.
				if (child.exitCode !== null || child.signalCode !== null) return resolve()
				child.once('exit', () => resolve())
				child.kill('SIGTERM')
			}),
	}
}
