import { constants, crc32, deflateRawSync } from 'node:zlib'

/**
 * A cached page split at its CSP nonce, kept as plain bytes and already gzipped, so that each hit only
 * copies the short stretches around the nonces and writes a fresh one in, compressing nothing.
 *
 * The gzip is one deflate stream built from pieces: every part of the page compressed once, on its own but
 * with the page before it as its dictionary (so it still refers back to earlier markup as a whole-page gzip
 * would), and each nonce as a stored (uncompressed) block. The dictionary holds NUL bytes where the nonces
 * go: HTML never contains NUL, so no back-reference can reach into a nonce, whose bytes differ at every hit.
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
	const [firstCompressed = Buffer.alloc(0), ...restCompressed] = compressParts(parts, nonceLength)
	const compressed = withHoles(
		[Buffer.concat([gzipHeader, firstCompressed]), ...restCompressed],
		[storedBlockHeader(nonceLength), hole],
		nonceLength,
	)
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
 * Each part as raw deflate blocks ending on a byte boundary (a sync flush), the last one final; each with
 * the 32 KiB of page before it, nonces as NULs, as its dictionary.
 */
function compressParts(parts: readonly Buffer[], nonceLength: number) {
	const hole = Buffer.alloc(nonceLength)
	let before = Buffer.alloc(0)
	return parts.map((part, index) => {
		const last = index === parts.length - 1
		const compressed = deflateRawSync(part, {
			level: constants.Z_BEST_COMPRESSION,
			...(before.length > 0 ? { dictionary: before } : {}),
			finishFlush: last ? constants.Z_FINISH : constants.Z_SYNC_FLUSH,
		})
		before = Buffer.concat([before, part, hole]).subarray(-deflateWindow)
		return compressed
	})
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
