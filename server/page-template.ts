import { constants, crc32, deflateRawSync } from 'node:zlib'

/**
 * A cached page split at its CSP nonce, kept as plain bytes and already gzipped, so that each hit puts a
 * fresh nonce into a copy of each without compressing anything.
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
	/** The page with `nonce` in every hole. */
	plain: (nonce: Buffer) => Buffer
	/** The same page as a complete gzip member (RFC 1952). */
	gzip: (nonce: Buffer) => Buffer
}

const deflateWindow = 32 * 1024
/** ID1 ID2, CM deflate, no flags, no modification time, no extra flags, OS unknown. */
const gzipHeader = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff])

export function pageTemplate(parts: readonly Buffer[], nonceLength: number): PageTemplate {
	const hole = Buffer.alloc(nonceLength)
	const withHoles = (pieces: readonly Buffer[], between: readonly Buffer[]) => {
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
	const plain = withHoles(parts, [hole])
	const compressed = withHoles(compressParts(parts, nonceLength), [storedBlockHeader(nonceLength), hole])
	const trailer = Buffer.alloc(8)
	trailer.writeUInt32LE(crc32(plain.body), 0)
	trailer.writeUInt32LE(plain.body.length % 2 ** 32, 4)
	const gzipped = Buffer.concat([gzipHeader, compressed.body, trailer])
	const gzipOffsets = compressed.offsets.map((offset) => offset + gzipHeader.length)

	const crcWithHoles = crc32(plain.body)
	const crcOfHole = crc32(hole)
	// Σ x^(8·bytes after the hole): the same nonce sits in every hole, so its moves add up to one operator.
	const nonceOperator = plain.offsets.reduce(
		(sum, offset) => sum ^ shiftOperator(plain.body.length - offset - nonceLength),
		0,
	)

	function fill(template: Buffer, offsets: readonly number[], nonce: Buffer) {
		if (nonce.length !== nonceLength) throw new Error(`A nonce of ${nonceLength} bytes was expected`)
		const body = Buffer.from(template)
		for (const offset of offsets) nonce.copy(body, offset)
		return body
	}

	return {
		plain: (nonce) => fill(plain.body, plain.offsets, nonce),
		gzip(nonce) {
			const body = fill(gzipped, gzipOffsets, nonce)
			const nonceTerm = nonceOperator === 0 ? 0 : multiplyModP(nonceOperator, (crc32(nonce) ^ crcOfHole) >>> 0)
			body.writeUInt32LE((crcWithHoles ^ nonceTerm) >>> 0, body.length - 8)
			return body
		},
	}
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
