import { Transform } from 'node:stream'
import iconSpriteMarkup from '~/components/ui/icons.svg?raw'

const headEnd = '</head>'
const bodyStart = '<body'
/** One element with nothing around it: a text node beside it would be a child of <body> that React hydrates. */
const iconSprite = Buffer.from(iconSpriteMarkup.trim())
const modulePreload = /<link rel="modulepreload"[^>]*>/g
const moduleScriptType = Buffer.from(' type="module"')
const scriptStart = Buffer.from('<script')
const scriptEnd = Buffer.from('</script>')
const nonceAttribute = / nonce="([^"]*)"/

/**
 * What React's HTML stream goes through on its way to the response:
 *
 * - The module preloads React Router puts in <head> wait for the page's first paint. Server-rendered HTML
 *   paints without scripts; preloaded from the head, the scripts that hydrate it were fetched while the page was
 *   still being parsed and laid out, beside the stylesheet and the font it paints with, and Lighthouse counts
 *   every request that starts before the first paint as one the paint waited for. They move into a <template>,
 *   where the browser's preload scanner does not look, together with React Router's module script, and a line
 *   of script (with the page's nonce) puts a copy of them into <head> after the first contentful paint: the
 *   modules are all fetched at once, without the waterfall of imports the module script alone would set off.
 *   Only the head (to the body's start tag) is held back, as bytes (a chunk may end inside a character).
 * - The icon sprite (<Icon>'s symbols, npm run icons) goes in right after the body's start tag, so the icons are
 *   drawn in the first layout and paint. As a file of its own it arrived after the first paint, and every icon
 *   was then styled and laid out again, a long task once the page was showing (issue 19's blocking time); and
 *   rendered by React it would be in the scripts too. React's hydration of <body> passes over an element it
 *   did not render, and keeps it there across client navigations.
 * - What React writes in one turn of the event loop (its 2 KB pieces: a whole page that needs no data
 *   streamed later) goes on as one chunk at the end of that turn, so the stream layers, the compressor and
 *   the socket downstream handle one write instead of dozens; what React writes later (a streamed
 *   boundary) still goes out as soon as it is written.
 */
export function documentStream() {
	// Writes are acknowledged at once and held until the turn ends: React writes a page out whole either way, so
	// holding it here costs no memory that waiting for the reader would have saved.
	let head = Buffer.alloc(0)
	let beforeBody = true
	let preloads: Preloads | null = null
	let batch: Buffer[] = []
	let scheduled = false
	const stream = new Transform({
		transform(chunk: Buffer, _encoding, callback) {
			if (!beforeBody) {
				queue(chunk)
				return callback()
			}
			head = Buffer.concat([head, chunk])
			const end = head.indexOf(headEnd)
			const bodyTag = end === -1 ? -1 : head.indexOf(bodyStart, end)
			const bodyTagEnd = bodyTag === -1 ? -1 : head.indexOf('>', bodyTag)
			if (bodyTagEnd === -1) return callback()
			beforeBody = false
			const cut = end + headEnd.length
			const rewritten = withoutModulePreloads(head.subarray(0, cut))
			preloads = rewritten.preloads
			queue(rewritten.head)
			queue(head.subarray(cut, bodyTagEnd + 1))
			queue(iconSprite)
			queue(head.subarray(bodyTagEnd + 1))
			callback()
		},
		flush(callback) {
			if (beforeBody && head.length > 0) batch.push(head)
			send()
			// No module script came (a document without React Router's scripts): the preloads still go out.
			if (preloads) stream.push(afterFirstPaint(preloads))
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
			const script = moduleScript(out)
			if (script) {
				out = Buffer.concat([
					out.subarray(0, script.start),
					afterFirstPaint(preloads, out.subarray(script.start, script.end)),
					out.subarray(script.end),
				])
				preloads = null
			}
		}
		stream.push(out)
	}
	return stream
}

/** Where the first `<script … type="module">…</script>` starts and ends, or null. */
function moduleScript(html: Buffer) {
	const type = html.indexOf(moduleScriptType)
	if (type === -1) return null
	const end = html.indexOf(scriptEnd, type)
	return end === -1 ? null : { start: html.lastIndexOf(scriptStart, type), end: end + scriptEnd.length }
}

type Preloads = { links: Buffer; nonce: string | undefined }

/** The head without its module preloads, and the preloads (null: there were none). */
function withoutModulePreloads(headBytes: Buffer): { head: Buffer; preloads: Preloads | null } {
	const html = headBytes.toString('utf8')
	// React Router links its entry module on its own and again among the modules the routes import (which share
	// code with it): once is enough.
	const links = [...new Set(html.match(modulePreload))]
	if (links.length === 0) return { head: headBytes, preloads: null }
	return {
		head: Buffer.from(html.replace(modulePreload, '')),
		preloads: { links: Buffer.from(links.join('')), nonce: nonceAttribute.exec(links[0] ?? '')?.[1] },
	}
}

/**
 * The line of script (with the page's nonce, after the <template>) that puts a copy of the preloads and the
 * module script into <head> once the browser reports the page's first contentful paint: a copy, because a
 * script the parser put in a template runs only as a copy. A hidden tab paints nothing, and a browser without
 * paint timing tells nothing, so there they go in at once; and in case no report ever comes, after 3 s.
 * One element per task: each module fetch Chromium starts costs the main thread from a fraction of a
 * millisecond to several, and the dozen of `/` at once made a task of 13–19 ms here, blocking time on a phone
 * (issue 19).
 */
export const modulePreloadsLine =
	'(()=>{const t=document.getElementById("module-preloads"),' +
	'go=()=>{if(!t.isConnected)return;const n=[...t.content.childNodes],c=new MessageChannel,' +
	'next=()=>{const e=n.shift();if(e){document.head.append(e.cloneNode(!0));c.port2.postMessage(0)}};' +
	't.remove();c.port1.onmessage=next;next()};' +
	'if(document.visibilityState!=="visible"||!PerformanceObserver.supportedEntryTypes?.includes("paint"))return go();' +
	'new PerformanceObserver((l,o)=>{if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();go()}})' +
	'.observe({type:"paint",buffered:!0});setTimeout(go,3e3)})()'

/** The preloads and the module script in a <template>, then the line that moves them (`modulePreloadsLine`). */
function afterFirstPaint({ links, nonce }: Preloads, script: Buffer = Buffer.alloc(0)) {
	return Buffer.concat([
		Buffer.from('<template id="module-preloads">'),
		links,
		script,
		Buffer.from(`</template><script${nonce ? ` nonce="${nonce}"` : ''}>${modulePreloadsLine}</script>`),
	])
}
