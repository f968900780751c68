// The yardstick of `npm run bench`: a minimal Node static server answering every request with one HTML
// file read from disk, as a plain static host would. Usage: node bench/static-server.js <file> <port>
import { readFile } from 'node:fs'
import { createServer } from 'node:http'

const [file = '', port = '0'] = process.argv.slice(2)

const server = createServer((_request, response) => {
	readFile(file, (error, body) => {
		if (error) {
			response.writeHead(500).end()
			return
		}
		response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': body.length })
		response.end(body)
	})
})
server.listen(Number(port), '127.0.0.1', () => process.send?.('ready'))
