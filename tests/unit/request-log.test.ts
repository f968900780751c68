import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'

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
	const ask = (path) => new Promise((resolve) => {
		const sent = request({ port: server.address().port, path, headers: { host: 'kia.test' } }, (res) => {
			res.resume()
			res.on('end', resolve)
		})
		sent.on('error', resolve)
		sent.end()
	})
	await ask('/al-momento?token=secreto')
	await ask('/luego')
	await ask('/cortada')
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
	])
	for (const line of lines) {
		expect(Object.keys(line)).toEqual(['time', 'pid', 'requestId', 'host', 'method', 'route', 'status', 'durationMs'])
		expect(line.durationMs).toEqual(expect.any(Number))
	}
	expect(lines[1]?.durationMs).toBeGreaterThanOrEqual(15)
	expect(stdout).not.toContain('secreto')
})
