import { Transform } from 'node:stream'

const headEnd = '</head>'
const modulePreload = /<link rel="modulepreload"/g

/**
 * What React's HTML stream goes through on its way to the response:
 *
 * - The module preloads React Router puts in <head> are marked low priority, as React itself does for its
 *   bootstrap modules. Server-rendered HTML paints without scripts, so the stylesheet, the font and the
 *   document go first; the scripts that hydrate it come right after instead of ahead of them (on HTTP/1.1,
 *   dozens of high-priority preloads otherwise queue the stylesheet behind them). Only the head is held back,
 *   as bytes (a chunk may end inside a character).
 * - What React writes in one turn of the event loop (its 2 KB pieces: a whole page that needs no data
 *   streamed later) goes on as one chunk at the end of that turn, so the stream layers, the compressor and
 *   the socket downstream handle one write instead of dozens; what React writes later (a streamed
 *   boundary) still goes out as soon as it is written.
 */
export function documentStream() {
	// Writes are acknowledged at once and held until the turn ends: React writes a page out whole either way, so
	// holding it here costs no memory that waiting for the reader would have saved.
	let head = Buffer.alloc(0)
	let inHead = true
	let batch: Buffer[] = []
	let scheduled = false
	const stream = new Transform({
		transform(chunk: Buffer, _encoding, callback) {
			if (!inHead) {
				queue(chunk)
				return callback()
			}
			head = Buffer.concat([head, chunk])
			const end = head.indexOf(headEnd)
			if (end === -1) return callback()
			inHead = false
			const cut = end + headEnd.length
			queue(rewrite(head.subarray(0, cut)))
			queue(head.subarray(cut))
			callback()
		},
		flush(callback) {
			if (inHead && head.length > 0) batch.push(rewrite(head))
			send()
			callback()
		},
	})
	function queue(chunk: Buffer) {
		batch.push(chunk)
		if (scheduled) return
		scheduled = true
		setImmediate(send)
	}
	function send() {
		scheduled = false
		if (batch.length === 0) return
		stream.push(Buffer.concat(batch))
		batch = []
	}
	return stream
}

function rewrite(head: Buffer) {
	return Buffer.from(head.toString('utf8').replace(modulePreload, '<link rel="modulepreload" fetchpriority="low"'))
}
