import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { freePort, retryOnTakenPort, waitForHttp } from '../../local/service'

const nginxBinary = ['/usr/sbin/nginx', '/usr/local/sbin/nginx'].find((path) => existsSync(path)) ?? 'nginx'
const shipped = resolve('deploy/nginx')

/**
 * Debian's nginx on `port` of loopback, in front of the app (or any server) on `upstreamPort`, with the cache
 * rules, locations and error pages the repository ships (deploy/nginx) as they are: only the upstream's address,
 * the cache's folder, the error pages' folder and the TLS server blocks (kia-sites.conf) differ from production's.
 * `.ci/run` installs nginx where it is missing.
 */
export function startNginx({ port, ...options }: { port?: number } & NginxOptions) {
	return port ? startNginxOn(port, options) : retryOnTakenPort(async () => startNginxOn(await freePort(), options))
}

type NginxOptions = {
	upstreamPort: number
	/** More of the http context, e.g. a server of static files beside it (the bench's yardstick). */
	alsoInHttp?: string
}

/**
 * An upstream that must know nginx's port (the app's SITE_URL), then nginx in front of it on that port; both again
 * on a new one when another process took it in the meantime.
 */
export function startBehindNginx<T extends { stop: () => Promise<void> }>(
	startUpstream: (port: number) => Promise<T>,
	upstreamPortOf: (upstream: T) => number,
) {
	return retryOnTakenPort(async () => {
		const port = await freePort()
		const upstream = await startUpstream(port)
		try {
			return { port, upstream, nginx: await startNginxOn(port, { upstreamPort: upstreamPortOf(upstream) }) }
		} catch (error) {
			await upstream.stop()
			throw error
		}
	})
}

async function startNginxOn(port: number, { upstreamPort, alsoInHttp = '' }: NginxOptions) {
	const dir = await mkdtemp(join(tmpdir(), 'kia-nginx-'))
	const pidFile = join(dir, 'nginx.pid')
	const httpRules = (await readFile(join(shipped, 'kia-http.conf'), 'utf8'))
		.replace('server 127.0.0.1:3000;', `server 127.0.0.1:${upstreamPort};`)
		.replace('/var/cache/nginx/kia', join(dir, 'cache'))
	if (!httpRules.includes(String(upstreamPort))) throw new Error('kia-http.conf no longer names 127.0.0.1:3000')
	await writeFile(join(dir, 'kia-http.conf'), httpRules)
	// The error pages are read where the repository has them, not from /etc/nginx/kia; the files it includes, from here.
	const serverRules = await readFile(join(shipped, 'kia-proxy.conf'), 'utf8')
	if (!serverRules.includes('root /etc/nginx/kia;')) throw new Error('kia-proxy.conf no longer names /etc/nginx/kia')
	await writeFile(
		join(dir, 'kia-proxy.conf'),
		serverRules
			.replaceAll('root /etc/nginx/kia;', `root ${shipped};`)
			.replaceAll('include /etc/nginx/kia/', `include ${dir}/`),
	)
	await writeFile(join(dir, 'kia-upstream.conf'), await readFile(join(shipped, 'kia-upstream.conf'), 'utf8'))
	await writeFile(
		join(dir, 'nginx.conf'),
		`daemon off;
worker_processes 1;
pid ${pidFile};
error_log ${join(dir, 'error.log')} warn;
${process.getuid?.() === 0 ? 'user root;' : ''}
events { worker_connections 256; }
http {
	access_log off;
	client_body_temp_path ${join(dir, 'body')};
	proxy_temp_path ${join(dir, 'proxy')};
	fastcgi_temp_path ${join(dir, 'fastcgi')};
	uwsgi_temp_path ${join(dir, 'uwsgi')};
	scgi_temp_path ${join(dir, 'scgi')};
	include ${join(dir, 'kia-http.conf')};
	server {
		listen 127.0.0.1:${port};
		include ${join(dir, 'kia-proxy.conf')};
	}
	${alsoInHttp}
}
`,
	)
	const child = spawn(nginxBinary, ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] })
	let errors = ''
	child.stderr.on('data', (chunk) => (errors += chunk))
	const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
	child.once('error', (error) => (errors += error.message))
	try {
		// nginx writes its pid file once it has bound its port: another server answering there first is not ours.
		const isOurs = async () => (await readFile(pidFile, 'utf8').catch(() => '')).trim() === String(child.pid)
		await waitForHttp(`http://127.0.0.1:${port}/healthz`, child, { isOurs })
	} catch (error) {
		child.kill('SIGKILL')
		await exited
		const log = await readFile(join(dir, 'error.log'), 'utf8').catch(() => '')
		await rm(dir, { recursive: true, force: true })
		throw new Error(`nginx did not start: ${errors}${log}`, { cause: error })
	}
	return {
		port,
		/** The master process; its one worker is its child. */
		pid: child.pid ?? 0,
		/** nginx's error log so far (warnings and errors). */
		errors: () => readFile(join(dir, 'error.log'), 'utf8'),
		stop: async () => {
			// SIGQUIT: nginx's graceful stop.
			child.kill('SIGQUIT')
			await exited
			await rm(dir, { recursive: true, force: true })
		},
	}
}

export type Nginx = Awaited<ReturnType<typeof startNginxOn>>
