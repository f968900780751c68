import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createRequire } from 'node:module'
import { freePorts, retryOnTakenPort, waitForHttp, type LocalService } from './service'

const require = createRequire(import.meta.url)

export type MailCatcherOptions = { smtpPort: number; webPort: number }

/**
 * MailDev: an SMTP server that keeps every message and shows it in a web
 * inbox (and as JSON under /email, which the tests read). Run as a child
 * process because MailDev is a process-wide singleton. Ports not given are
 * picked, and picked again if another process takes one first.
 */
export async function startMailCatcher(options: MailCatcherOptions): Promise<LocalService & { smtpPort: number }> {
	const picks = options.smtpPort === 0 || options.webPort === 0
	const start = async () => {
		const [spareSmtp = 0, spareWeb = 0] = picks ? await freePorts(2) : []
		return startOn(options.smtpPort || spareSmtp, options.webPort || spareWeb)
	}
	return picks ? retryOnTakenPort(start) : start()
}

async function startOn(smtpPort: number, webPort: number): Promise<LocalService & { smtpPort: number }> {
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
		{ stdio: ['ignore', 'inherit', 'pipe'] },
	)
	const closed = once(child, 'close')
	// Kept while it starts, for the reason it did not; passed on once it runs.
	let errors = ''
	let started = false
	child.stderr.setEncoding('utf8')
	child.stderr.on('data', (chunk: string) => (started ? process.stderr.write(chunk) : (errors += chunk)))
	// MailDev must not outlive whoever started it, however that process ends.
	const killChild = () => child.kill()
	process.once('exit', killChild)
	const url = `http://127.0.0.1:${webPort}`
	// Its inbox names its SMTP port (as given, a string): a MailDev of another run on the web port is not ours.
	const isOurs = async (response: Response) =>
		response.ok && String(((await response.json()) as { smtpPort?: unknown }).smtpPort) === String(smtpPort)
	try {
		await waitForHttp(`${url}/config`, child, { isOurs })
	} catch (error) {
		process.off('exit', killChild)
		child.kill('SIGKILL')
		await closed
		throw new Error(`MailDev did not start: ${errors || (error instanceof Error ? error.message : String(error))}`)
	}
	started = true
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
