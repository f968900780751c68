import { Transform } from 'node:stream'

const headEnd = '</head>'
const modulePreload = /<link rel="modulepreload"/g

/**
 * Marks the module preloads React Router puts in <head> as low priority, as React itself does for
 * its bootstrap modules. Server-rendered HTML paints without scripts, so the stylesheet, the font
 * and the document go first; the scripts that hydrate it come right after instead of ahead of them
 * (on HTTP/1.1, dozens of high-priority preloads otherwise queue the stylesheet behind them).
 * Only the head is held back, as bytes (a chunk may end inside a character); the body streams through.
 */
export function lowerModulePreloadPriority() {
	let head = Buffer.alloc(0)
	let inHead = true
	return new Transform({
		transform(chunk: Buffer, _encoding, callback) {
			if (!inHead) return callback(null, chunk)
			head = Buffer.concat([head, chunk])
			const end = head.indexOf(headEnd)
			if (end === -1) return callback()
			inHead = false
			const cut = end + headEnd.length
			this.push(rewrite(head.subarray(0, cut)))
			callback(null, head.subarray(cut))
		},
		flush(callback) {
			callback(null, inHead && head.length > 0 ? rewrite(head) : undefined)
		},
	})
}

function rewrite(head: Buffer) {
	return head.toString('utf8').replace(modulePreload, '<link rel="modulepreload" fetchpriority="low"')
}
