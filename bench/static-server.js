// The yardstick of `npm run bench`: the fastest a Node process can answer with one page. The HTML is read
// once and kept in memory, with its gzip made once at start-up, as a static host serving precompressed
// files would. Usage: node bench/static-server.js <file> <port>
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { gzipSync } from 'node:zlib'

const [file = '', port = '0'] = process.argv.slice(2)
const plain = readFileSync(file)
const gzipped = gzipSync(plain, { level: 9 })
const plainHeaders = { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': plain.length }
const gzipHeaders = {
	...plainHeaders,
	'Content-Encoding': 'gzip',
	'Content-Length': gzipped.length,
	Vary: 'Accept-Encoding',
}

const server = createServer((request, response) => {
	const gzip = /\bgzip\b/.test(request.headers['accept-encoding'] ?? '')
	response.writeHead(200, gzip ? gzipHeaders : plainHeaders)
	response.end(gzip ? gzipped : plain)
})
server.listen(Number(port), '127.0.0.1', () => process.send?.('ready'))
