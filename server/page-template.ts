import { constants, crc32, deflateRawSync, inflateRawSync } from 'node:zlib'

/**
 * A cached page split at its CSP nonce, kept as plain bytes and already gzipped, so that each hit only
 * copies the short stretches around the nonces and writes a fresh one in, compressing nothing.
 *
 * The gzip is one deflate stream built from segments compressed once, each with the page before it as its
 * dictionary (so it still refers back to earlier markup as a whole-page gzip would), joined by the nonce as a
 * stored (uncompressed) block. Every hole of a hit holds the same nonce, so a later hole need not store it
 * again: deflate copies it from an earlier one, as it does in a whole-page gzip, and a copy's code does not
 * depend on the bytes it copies. Only a hole with no other within deflate's reach before it stores the
 * nonce (on a page, the first in the head and the first of the closing scripts); the rest lie inside a
 * segment, where a stand-in no page contains takes the nonce's place while deflating (`nonceStandIn`).
 *
 * The gzip trailer's CRC-32 is not computed over the page at every hit. CRC-32 is affine over GF(2): the
 * page's CRC is the CRC of the page with NULs for nonces, plus the nonce's own contribution moved past the
 * bytes after each hole; and those moves add up into one polynomial, computed once (zlib's crc32_combine
 * arithmetic). A hit pays one 24-byte CRC and one multiplication.
 */
export type PageTemplate = {
	/** The page with `nonce` in every hole, as pieces to write in order. */
	plain: (nonce: Buffer) => Buffer[]
	plainLength: number
	/** The same page as a complete gzip member (RFC 1952), as pieces to write in order. */
	gzip: (nonce: Buffer) => Buffer[]
	gzipLength: number
}

const deflateWindow = 32 * 1024
/** The farthest back zlib's deflate copies from: its window less the look-ahead it keeps (MIN_LOOKAHEAD, 262). */
const maxMatchDistance = deflateWindow - 262
/** ID1 ID2, CM deflate, no flags, no modification time, no extra flags, OS unknown. */
const gzipHeader = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff])
/**
 * Bytes between two holes from which the span between them is sent as it is kept (shared by every hit)
 * rather than copied with the nonces around it: a hit copies only the short stretches the nonces sit in
 * (the head's preloads, the closing scripts), not a whole 100 KB page, which at thousands of hits a second
 * is as much garbage for the collector.
 */
const sharedSpanBytes = 512

export function pageTemplate(parts: readonly Buffer[], nonceLength: number): PageTemplate {
	const hole = Buffer.alloc(nonceLength)
	const plain = withHoles(parts, [hole], nonceLength)
	const compressed = gzipBody(parts, plain, nonceLength)
	const plainPieces = piecesOf(plain, nonceLength)
	const gzipPieces = piecesOf(compressed, nonceLength)

	const crcWithHoles = crc32(plain.body)
	const crcOfHole = crc32(hole)
	// Σ x^(8·bytes after the hole): the same nonce sits in every hole, so its moves add up to one operator.
	const nonceOperator = plain.offsets.reduce(
		(sum, offset) => sum ^ shiftOperator(plain.body.length - offset - nonceLength),
		0,
	)
	const checkLength = (nonce: Buffer) => {
		if (nonce.length !== nonceLength) throw new Error(`A nonce of ${nonceLength} bytes was expected`)
	}

	return {
		plain(nonce) {
			checkLength(nonce)
			return plainPieces(nonce)
		},
		plainLength: plain.body.length,
		gzip(nonce) {
			checkLength(nonce)
			const trailer = Buffer.alloc(8)
			const nonceTerm = nonceOperator === 0 ? 0 : multiplyModP(nonceOperator, (crc32(nonce) ^ crcOfHole) >>> 0)
			trailer.writeUInt32LE((crcWithHoles ^ nonceTerm) >>> 0, 0)
			trailer.writeUInt32LE(plain.body.length % 2 ** 32, 4)
			return [...gzipPieces(nonce), trailer]
		},
		gzipLength: compressed.body.length + 8,
	}
}

type WithHoles = { body: Buffer; offsets: number[] }

/** The pieces joined with `between` (the last of which is the hole) between each two; where the holes are. */
function withHoles(pieces: readonly Buffer[], between: readonly Buffer[], nonceLength: number): WithHoles {
	const offsets: number[] = []
	const chunks: Buffer[] = []
	let length = 0
	for (const [index, piece] of pieces.entries()) {
		if (index > 0) {
			for (const chunk of between) chunks.push(chunk)
			length += between.reduce((total, chunk) => total + chunk.length, 0)
			offsets.push(length - nonceLength)
		}
		chunks.push(piece)
		length += piece.length
	}
	return { body: Buffer.concat(chunks), offsets }
}

/**
 * Splits the body into spans kept as they are (views, never written) and stretches around holes, which a hit
 * copies and fills; returns what makes one hit's pieces.
 */
function piecesOf({ body, offsets }: WithHoles, nonceLength: number) {
	type Stretch = { start: number; end: number; holes: number[] }
	const stretches: Stretch[] = []
	for (const offset of offsets) {
		const last = stretches.at(-1)
		if (last && offset - last.end < sharedSpanBytes) {
			last.end = offset + nonceLength
			last.holes.push(offset - last.start)
		} else stretches.push({ start: offset, end: offset + nonceLength, holes: [0] })
	}
	const layout: (Buffer | Stretch)[] = []
	let position = 0
	for (const stretch of stretches) {
		if (stretch.start > position) layout.push(body.subarray(position, stretch.start))
		layout.push(stretch)
		position = stretch.end
	}
	if (position < body.length) layout.push(body.subarray(position))
	return (nonce: Buffer) =>
		layout.map((piece) => {
			if (Buffer.isBuffer(piece)) return piece
			const filled = Buffer.from(body.subarray(piece.start, piece.end))
			for (const hole of piece.holes) nonce.copy(filled, hole)
			return filled
		})
}

/**
 * The gzip member up to its trailer, its holes where a nonce is stored. Deflate can copy a hole from another
 * up to `maxMatchDistance` bytes before it, so at first only a hole with none that close stores the nonce.
 * Whether the result puts the nonce where the page has it, and only there, is checked with a made-up nonce; the
 * first hole deflate did not copy after all (zlib never copies from the first byte of its window, where a page
 * starting with a nonce has its first hole) stores the nonce too, and the page is deflated again. Should a few
 * rounds not settle it, every hole stores the nonce as before: the segments then hold no stand-in, and the
 * dictionary NULs in the holes, which no back-reference can reach into, since HTML never contains NUL.
 */
function gzipBody(parts: readonly Buffer[], plain: WithHoles, nonceLength: number) {
	const standIn = nonceStandIn(nonceLength)
	let stored = plain.offsets.map(
		(offset, index) => index === 0 || offset - (plain.offsets[index - 1] ?? 0) > maxMatchDistance,
	)
	for (let attempt = 0; standIn && attempt < 4; attempt++) {
		const body = deflatedWithHoles(parts, stored, standIn)
		const wrong = firstHoleDecodedWrong(body, plain, nonceLength)
		if (wrong === -1) return body
		if (wrong === null) break
		// The holes after it that copied it are wrong too, and right once it is.
		stored = stored.map((isStored, index) => isStored || index === wrong)
	}
	return deflatedWithHoles(
		parts,
		plain.offsets.map(() => true),
		Buffer.alloc(nonceLength),
	)
}

/**
 * Segments of raw deflate ending on a byte boundary (a sync flush), the last one final, between the holes that
 * store the nonce; in a segment, `standIn` fills the holes that do not. Each segment has the 32 KiB of page
 * before it as its dictionary, with the stand-in in every hole.
 */
function deflatedWithHoles(parts: readonly Buffer[], stored: readonly boolean[], standIn: Buffer) {
	const segments: Buffer[][] = [[]]
	for (const [index, part] of parts.entries()) {
		if (index > 0) {
			if (stored[index - 1]) segments.push([])
			else segments.at(-1)?.push(standIn)
		}
		segments.at(-1)?.push(part)
	}
	let before = Buffer.alloc(0)
	const [first = Buffer.alloc(0), ...rest] = segments.map((pieces, index) => {
		const segment = Buffer.concat(pieces)
		const compressed = deflateRawSync(segment, {
			level: constants.Z_BEST_COMPRESSION,
			...(before.length > 0 ? { dictionary: before } : {}),
			finishFlush: index === segments.length - 1 ? constants.Z_FINISH : constants.Z_SYNC_FLUSH,
		})
		before = Buffer.concat([before, segment, standIn]).subarray(-deflateWindow)
		return compressed
	})
	return withHoles(
		[Buffer.concat([gzipHeader, first]), ...rest],
		[storedBlockHeader(standIn.length), Buffer.alloc(standIn.length)],
		standIn.length,
	)
}

/**
 * The first hole of the page that `body`, a made-up nonce in its own holes, does not inflate to that nonce in:
 * -1 when there is none, null when it does not inflate to the page around the holes either.
 */
function firstHoleDecodedWrong(body: WithHoles, plain: WithHoles, nonceLength: number) {
	// Letters all different, none a stand-in byte: a nonce copied from the stand-in or shifted would show.
	const nonce = Buffer.from(Array.from({ length: nonceLength }, (_, index) => 0x41 + (index % 26)))
	const filled = Buffer.from(body.body)
	for (const offset of body.offsets) nonce.copy(filled, offset)
	let inflated: Buffer
	try {
		inflated = inflateRawSync(filled.subarray(gzipHeader.length))
	} catch {
		return null
	}
	if (inflated.length !== plain.body.length) return null
	const same = (start: number, end: number, expected: Buffer) => inflated.subarray(start, end).equals(expected)
	let firstWrong = -1
	let position = 0
	for (const [index, offset] of plain.offsets.entries()) {
		if (!same(position, offset, plain.body.subarray(position, offset))) return null
		if (firstWrong === -1 && !same(offset, offset + nonceLength, nonce)) firstWrong = index
		position = offset + nonceLength
	}
	return same(position, plain.body.length, plain.body.subarray(position)) ? firstWrong : null
}

/**
 * What stands for the nonce in the holes deflate copies: bytes UTF-8 never uses (C0, C1, F5–FF), so no page
 * (rendered from strings, always valid UTF-8) contains them, and no two of them side by side twice, also
 * across the end and the start (holes can be adjacent). Deflate copies runs of three bytes or more, so any run
 * it copies into a hole comes from another hole, at the same place in it: every byte of the nonce lands where
 * that same byte goes. Null where a pair would repeat (some lengths, 20 the shortest; ours has 24).
 */
function nonceStandIn(length: number) {
	const foreign = [0xc0, 0xc1, ...Array.from({ length: 11 }, (_, index) => 0xf5 + index)]
	// Steps of 1, then 2, then 3… through the 13 bytes: pairs that differ by their step never repeat.
	const bytes = Array.from({ length }, (_, index) => foreign[((Math.floor(index / 13) + 1) * (index % 13)) % 13] ?? 0)
	const pairs = new Set(bytes.map((byte, index) => byte * 256 + (bytes[(index + 1) % length] ?? 0)))
	return pairs.size === length ? Buffer.from(bytes) : null
}

/** A non-final stored block's header (RFC 1951, 3.2.4), on a byte boundary: BFINAL 0, BTYPE 00, LEN, NLEN. */
function storedBlockHeader(length: number) {
	const header = Buffer.alloc(5)
	header.writeUInt16LE(length, 1)
	header.writeUInt16LE(~length & 0xffff, 3)
	return header
}

// CRC-32 arithmetic over GF(2) polynomials in zlib's reflected bit order, after zlib's crc32.c.
const polynomial = 0xedb88320
const one = 0x80000000

/** a·b modulo the CRC-32 polynomial; `a` is never 0 here (it is a power of x). */
function multiplyModP(a: number, b: number) {
	let m = one
	let product = 0
	for (;;) {
		if ((a & m) !== 0) {
			product ^= b
			if ((a & (m - 1)) === 0) break
		}
		m >>>= 1
		b = b & 1 ? (b >>> 1) ^ polynomial : b >>> 1
	}
	return product >>> 0
}

/** x^(2^k) for k = 0…31, times 8 bits a byte: squaring x^1 over and over. */
const powersOfX = (() => {
	const table: number[] = []
	let power = one >>> 1
	for (let k = 0; k < 32; k++) {
		table.push(power)
		power = multiplyModP(power, power)
	}
	return table
})()

/** x^(8·length): what moves a CRC past `length` more bytes (zlib's crc32_combine_gen). */
function shiftOperator(length: number) {
	let operator = one
	let k = 3
	for (let n = length; n > 0; n = Math.floor(n / 2), k++) {
		if (n % 2 === 1) operator = multiplyModP(powersOfX[k % 32] ?? 0, operator)
	}
	return operator
}
