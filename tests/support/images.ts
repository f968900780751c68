import { deflateSync } from 'node:zlib'

const crcTable = Array.from({ length: 256 }, (_, n) => {
	let c = n
	for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
	return c >>> 0
})

function crc32(bytes: Buffer) {
	let c = 0xffffffff
	for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8)
	return (c ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Buffer) {
	const length = Buffer.alloc(4)
	length.writeUInt32BE(data.byteLength)
	const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
	const crc = Buffer.alloc(4)
	crc.writeUInt32BE(crc32(body))
	return Buffer.concat([length, body, crc])
}

/**
 * A real PNG a browser draws: `size` pixels square, a diagonal blend from one colour to another, so a screenshot
 * shows which photo is where. `padding` bytes in a private chunk make it as big as a test needs.
 */
export function pngPhoto(
	size = 96,
	{
		from = [124, 58, 237],
		to = [236, 72, 153],
		padding = 0,
	}: { from?: number[]; to?: number[]; padding?: number } = {},
) {
	const header = Buffer.alloc(13)
	header.writeUInt32BE(size, 0)
	header.writeUInt32BE(size, 4)
	header.set([8, 2, 0, 0, 0], 8)
	const rows = Buffer.alloc(size * (1 + size * 3))
	for (let y = 0; y < size; y++) {
		const row = y * (1 + size * 3)
		for (let x = 0; x < size; x++) {
			const t = (x + y) / (2 * (size - 1))
			for (let c = 0; c < 3; c++) rows[row + 1 + x * 3 + c] = Math.round((from[c] ?? 0) * (1 - t) + (to[c] ?? 0) * t)
		}
	}
	return Buffer.concat([
		Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
		chunk('IHDR', header),
		...(padding > 0 ? [chunk('teSt', Buffer.alloc(padding, 1))] : []),
		chunk('IDAT', deflateSync(rows)),
		chunk('IEND', Buffer.alloc(0)),
	])
}

/** The first bytes of a JPEG, which is what a file's content says it is: enough for the type, not to be drawn. */
export const jpegStart = Buffer.from([
	0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00,
])
