import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'
import { isoTime } from '../../server/request-log'

// The request log in a process of its own, its stdout a pipe as a log collector's would be: what it writes,
// in which order, and that an exit right after the last request still writes every line (they are batched).
const requestLog = fileURLToPath(new URL('../../server/request-log.ts', import.meta.url))

const server = `
import { createServer, request } from 'node:http'
import { logRequest } from ${JSON.stringify(requestLog)}

const server = createServer((req, res) => {
	const handedOn = logRequest(req, res)
	if (req.url.startsWith('/al-momento')) res.end('ya')
	else if (req.url.startsWith('/cortada')) req.socket.destroy()
	else setTimeout(() => { res.statusCode = 404; res.end('luego') }, 20)
	handedOn()
})
server.listen(0, async () => {
	const ask = (path, host = 'kia.test') => new Promise((resolve) => {
		const sent = request({ port: server.address().port, path, headers: { host } }, (res) => {
			res.resume()
			res.on('end', resolve)
		})
		sent.on('error', resolve)
		sent.end()
	})
	await ask('/al-momento?token=secreto')
	await ask('/luego')
	await ask('/cortada')
	await ask('/al-momento/"comillas"\\\\barra', 'kia.test"\\\\"}')
	setTimeout(() => process.exit(0), 20)
})
`

function runServer() {
	return new Promise<{ code: number | null; stdout: string }>((resolve, reject) => {
		const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', server], {
			stdio: ['ignore', 'pipe', 'inherit'],
		})
		let stdout = ''
		child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
		child.once('error', reject)
		child.once('close', (code) => resolve({ code, stdout }))
	})
}

test('one JSON line per request, whether answered at once, later or cut off, all written by an exit', async () => {
	const { code, stdout } = await runServer()
	expect(code).toBe(0)
	const lines = stdout
		.trim()
		.split('\n')
		.map((line) => JSON.parse(line) as Record<string, unknown>)
	expect(lines).toEqual([
		expect.objectContaining({ host: 'kia.test', method: 'GET', route: '/al-momento', status: 200, requestId: null }),
		expect.objectContaining({ route: '/luego', status: 404 }),
		expect.objectContaining({ route: '/cortada' }),
		// Whatever a request sends stays inside its JSON string.
		expect.objectContaining({ host: 'kia.test"\\"}', route: '/al-momento/"comillas"\\barra', status: 200 }),
	])
	for (const line of lines) {
		expect(Object.keys(line)).toEqual(['time', 'pid', 'requestId', 'host', 'method', 'route', 'status', 'durationMs'])
		expect(line.durationMs).toEqual(expect.any(Number))
	}
	expect(lines[1]?.durationMs).toBeGreaterThanOrEqual(15)
	expect(stdout).not.toContain('secreto')
})

test('the time of a line is the ISO 8601 instant to the millisecond, across seconds and years', () => {
	const instants = [
		0,
		999,
		1_000,
		1_001,
		Date.UTC(2026, 10, 27, 23, 59, 59, 999),
		Date.UTC(2026, 11, 31, 23, 59, 59, 5),
	]
	for (const ms of [...instants, ...instants.map((ms) => ms + 1), Date.now()]) {
		expect(isoTime(ms)).toBe(new Date(ms).toISOString())
	}
})
