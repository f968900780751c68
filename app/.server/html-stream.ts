import { Transform } from 'node:stream'

const headEnd = '</head>'
const modulePreload = /<link rel="modulepreload"[^>]*>/g
const moduleScriptType = Buffer.from(' type="module"')
const scriptStart = Buffer.from('<script')
const nonceAttribute = / nonce="([^"]*)"/

/**
 * What React's HTML stream goes through on its way to the response:
 *
 * - The module preloads React Router puts in <head> wait for the end of the body. Server-rendered HTML paints
 *   without scripts; preloaded from the head, the scripts that hydrate it were fetched while the page was still
 *   being parsed and laid out, beside the stylesheet and the font it paints with (and Lighthouse counts every
 *   request that ends before the largest paint as one it waited for). They move into a <template>, where the
 *   browser's preload scanner does not look, right before React Router's module script, and a line of script
 *   (with the page's nonce) puts them into <head> there: the modules are all fetched at once when the parser
 *   reaches the scripts, without the waterfall of imports the module script alone would set off. Only the head
 *   is held back, as bytes (a chunk may end inside a character).
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
	let preloads: Buffer | null = null
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
			const rewritten = withoutModulePreloads(head.subarray(0, cut))
			preloads = rewritten.preloads
			queue(rewritten.head)
			queue(head.subarray(cut))
			callback()
		},
		flush(callback) {
			if (inHead && head.length > 0) batch.push(head)
			send()
			// No module script came (a document without React Router's scripts): the preloads still go out.
			if (preloads) stream.push(preloads)
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
		let out = Buffer.concat(batch)
		batch = []
		// React Router's scripts are part of the shell, written in one turn, so its module script is in one batch.
		if (preloads) {
			const at = moduleScriptStart(out)
			if (at !== -1) {
				out = Buffer.concat([out.subarray(0, at), preloads, out.subarray(at)])
				preloads = null
			}
		}
		stream.push(out)
	}
	return stream
}

/** Where the first `<script … type="module"` tag starts, or -1. */
function moduleScriptStart(html: Buffer) {
	const type = html.indexOf(moduleScriptType)
	return type === -1 ? -1 : html.lastIndexOf(scriptStart, type)
}

/** The head without its module preloads, and what puts them back into it from the body (null: there were none). */
function withoutModulePreloads(headBytes: Buffer) {
	const html = headBytes.toString('utf8')
	// React Router links its entry module on its own and again among the modules the routes import (which share
	// code with it): once is enough.
	const links = [...new Set(html.match(modulePreload))]
	if (links.length === 0) return { head: headBytes, preloads: null }
	const nonce = nonceAttribute.exec(links[0] ?? '')?.[1]
	const script = `<script${nonce ? ` nonce="${nonce}"` : ''}>document.head.append(document.getElementById("module-preloads").content)</script>`
	return {
		head: Buffer.from(html.replace(modulePreload, '')),
		preloads: Buffer.from(`<template id="module-preloads">${links.join('')}</template>${script}`),
	}
}
