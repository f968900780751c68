/** How much of a file the sniffing reads. */
const sniffLength = 512

/**
 * The type `supabase seed buckets` sends a file with (pkg/storage/objects.go, ParseFileOptions and UploadObject):
 * Go's http.DetectContentType of its first 512 bytes, the WHATWG sniffing, and for what that calls plain text, the
 * type of its extension if Go knows one (mime.TypeByExtension, which gives every text type a `charset=utf-8`).
 * The bucket then checks that type as it checks any upload's, parameters included.
 */
export function cliContentType(fileName: string, contents: Uint8Array) {
	const sniffed = detectContentType(contents.subarray(0, sniffLength))
	if (!sniffed.includes('text/plain')) return sniffed
	const extension = /\.[^./]*$/.exec(fileName)?.[0].toLowerCase() ?? ''
	return goExtensionTypes[extension] ?? sniffed
}

/**
 * Go's built-in table (mime/type.go). On Linux and macOS Go adds the system's tables too (shared-mime-info,
 * /etc/mime.types), which may name more, e.g. '.csv' as 'text/csv; charset=utf-8': a text type with a charset,
 * like every text type here.
 */
const goExtensionTypes: Record<string, string> = {
	'.avif': 'image/avif',
	'.css': 'text/css; charset=utf-8',
	'.gif': 'image/gif',
	'.htm': 'text/html; charset=utf-8',
	'.html': 'text/html; charset=utf-8',
	'.jpeg': 'image/jpeg',
	'.jpg': 'image/jpeg',
	'.js': 'text/javascript; charset=utf-8',
	'.json': 'application/json',
	'.mjs': 'text/javascript; charset=utf-8',
	'.pdf': 'application/pdf',
	'.png': 'image/png',
	'.svg': 'image/svg+xml',
	'.wasm': 'application/wasm',
	'.webp': 'image/webp',
	'.xml': 'text/xml; charset=utf-8',
}

const bytes = (text: string) => Uint8Array.from(text, (character) => character.charCodeAt(0))

type Signature = (data: Uint8Array, firstNonSpace: number) => string | undefined

const exact =
	(pattern: string, type: string): Signature =>
	(data) => {
		const expected = bytes(pattern)
		return data.length >= expected.length && expected.every((byte, index) => data[index] === byte) ? type : undefined
	}

const masked =
	(mask: string, pattern: string, type: string, skipSpace = false): Signature =>
	(data, firstNonSpace) => {
		const from = skipSpace ? data.subarray(firstNonSpace) : data
		const [maskBytes, expected] = [bytes(mask), bytes(pattern)]
		if (from.length < maskBytes.length) return undefined
		return maskBytes.every((byte, index) => ((from[index] ?? 0) & byte) === expected[index]) ? type : undefined
	}

/** An HTML tag's start, any case, followed by a space or '>'. */
const html =
	(tag: string): Signature =>
	(data, firstNonSpace) => {
		const from = data.subarray(firstNonSpace)
		if (from.length < tag.length + 1) return undefined
		for (const [index, byte] of bytes(tag).entries()) {
			const found = byte >= 0x41 && byte <= 0x5a ? (from[index] ?? 0) & 0xdf : from[index]
			if (found !== byte) return undefined
		}
		const next = from[tag.length]
		return next === 0x20 || next === 0x3e ? 'text/html; charset=utf-8' : undefined
	}

/** Text: no byte that only binary formats hold. */
const text: Signature = (data, firstNonSpace) =>
	data
		.subarray(firstNonSpace)
		.some((byte) => byte <= 0x08 || byte === 0x0b || (byte >= 0x0e && byte <= 0x1a) || (byte >= 0x1c && byte <= 0x1f))
		? undefined
		: 'text/plain; charset=utf-8'

/**
 * net/http/sniff.go's table, in its order (the first that matches wins), for what a bucket of documents or
 * images meets: HTML, XML, PDF, PostScript, text with a byte-order mark, the common images, zip and gzip, text.
 */
const signatures: Signature[] = [
	...[
		'<!DOCTYPE HTML',
		'<HTML',
		'<HEAD',
		'<SCRIPT',
		'<IFRAME',
		'<H1',
		'<DIV',
		'<FONT',
		'<TABLE',
		'<A',
		'<STYLE',
		'<TITLE',
		'<B',
		'<BODY',
		'<BR',
		'<P',
		'<!--',
	].map(html),
	masked('\xFF\xFF\xFF\xFF\xFF', '<?xml', 'text/xml; charset=utf-8', true),
	exact('%PDF-', 'application/pdf'),
	exact('%!PS-Adobe-', 'application/postscript'),
	masked('\xFF\xFF\x00\x00', '\xFE\xFF\x00\x00', 'text/plain; charset=utf-16be'),
	masked('\xFF\xFF\x00\x00', '\xFF\xFE\x00\x00', 'text/plain; charset=utf-16le'),
	masked('\xFF\xFF\xFF\x00', '\xEF\xBB\xBF\x00', 'text/plain; charset=utf-8'),
	exact('GIF87a', 'image/gif'),
	exact('GIF89a', 'image/gif'),
	exact('\x89PNG\x0D\x0A\x1A\x0A', 'image/png'),
	exact('\xFF\xD8\xFF', 'image/jpeg'),
	exact('BM', 'image/bmp'),
	masked('\xFF\xFF\xFF\xFF\x00\x00\x00\x00\xFF\xFF\xFF\xFF\xFF\xFF', 'RIFF\x00\x00\x00\x00WEBPVP', 'image/webp'),
	exact('PK\x03\x04', 'application/zip'),
	exact('\x1F\x8B\x08', 'application/x-gzip'),
	text,
]

const isSpace = (byte: number) => byte === 0x09 || byte === 0x0a || byte === 0x0c || byte === 0x0d || byte === 0x20

/**
 * http.DetectContentType: the first signature the data matches, or application/octet-stream. Go's table knows
 * more (icons, fonts, audio, video, other archives), which are 'application/octet-stream' here.
 */
export function detectContentType(data: Uint8Array) {
	let firstNonSpace = 0
	while (firstNonSpace < data.length && isSpace(data[firstNonSpace] ?? 0)) firstNonSpace++
	for (const signature of signatures) {
		const type = signature(data, firstNonSpace)
		if (type) return type
	}
	return 'application/octet-stream'
}
