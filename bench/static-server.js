// The yardstick of `npm run bench`: the fastest a Node process can answer with one page. The HTML is read
// once and kept in memory, with its gzip made once at start-up, as a static host serving precompressed
// files would. Usage: node bench/static-server.js <file> <port> [headers.json]
//
// With a headers file (the headers of one of the app's page-cache hits), every answer also carries those
// headers with the two values the app makes afresh for each response, a CSP nonce and a request id: the
// least a page cache must do per hit under our security rules, with nothing else of the app's.
import { randomBytes, randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { gzipSync } from 'node:zlib'

const [file = '', port = '0', headersFile] = process.argv.slice(2)
const plain = readFileSync(file)
const gzipped = gzipSync(plain, { level: 9 })
const plainHeaders = { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': plain.length }
const gzipHeaders = {
	...plainHeaders,
	'Content-Encoding': 'gzip',
	'Content-Length': gzipped.length,
	Vary: 'Accept-Encoding',
}
/** @type {Record<string, string> | null} */
const appHeaders = headersFile ? JSON.parse(readFileSync(headersFile, 'utf8')) : null
/** Each header's value split where the nonce goes (one piece for headers without one). */
const nonced = Object.entries(appHeaders ?? {}).map(
	([name, value]) => /** @type {const} */ ([name, value.split(/(?<='nonce-)[^']+/)]),
)

/** Nonces cut from one read of the CSPRNG per 256 answers, as the app's page cache does. */
let random = Buffer.alloc(0)
let offset = 0
function freshNonce() {
	if (offset + 16 > random.length) {
		random = randomBytes(16 * 256)
		offset = 0
	}
	offset += 16
	return random.toString('base64', offset - 16, offset)
}

/** @param {boolean} gzip */
function headersFor(gzip) {
	if (!appHeaders) return gzip ? gzipHeaders : plainHeaders
	const nonce = freshNonce()
	/** @type {Record<string, string | number>} */
	const headers = {}
	for (const [name, pieces] of nonced) headers[name] = pieces.join(nonce)
	headers['x-request-id'] = randomUUID()
	headers['content-length'] = gzip ? gzipped.length : plain.length
	if (gzip) headers['content-encoding'] = 'gzip'
	return headers
}

const server = createServer((request, response) => {
	const gzip = /\bgzip\b/.test(request.headers['accept-encoding'] ?? '')
	response.writeHead(200, headersFor(gzip))
	response.end(gzip ? gzipped : plain)
})
server.listen(Number(port), '127.0.0.1', () => process.send?.('ready'))
