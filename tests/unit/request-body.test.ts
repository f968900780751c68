import { describe, expect, test } from 'vitest'
import { maxBodyBytes, readBody, readForm } from '~/.server/http/responses'

const chunkBytes = 64 * 1024
const filler = 0x61

/** A body streamed in chunks with no declared length, as a chunked request reaches the app; counts what was asked of it. */
function streamed(totalBytes: number) {
	const source = { pulls: 0, cancelled: false }
	let remaining = totalBytes
	const body = new ReadableStream<Uint8Array>({
		pull(controller) {
			source.pulls++
			if (remaining === 0) return controller.close()
			const size = Math.min(chunkBytes, remaining)
			remaining -= size
			controller.enqueue(new Uint8Array(size).fill(filler))
		},
		cancel() {
			source.cancelled = true
		},
	})
	return { source, body }
}

function post(body: ReadableStream<Uint8Array> | string, contentType = 'application/octet-stream') {
	// Node requires `duplex` for a streamed body; the DOM types do not know it yet.
	const init: RequestInit & { duplex: 'half' } = {
		method: 'POST',
		body,
		duplex: 'half',
		headers: { 'Content-Type': contentType },
	}
	return new Request('http://kia.localhost/contacto', init)
}

const tooLarge = { data: 'La petición es demasiado grande.', init: { status: 413 } }

describe('readBody', () => {
	test('returns a body under the limit byte for byte', async () => {
		const bytes = new Uint8Array([0xef, 0xbb, 0xbf, 0x7b, 0x00, 0xff, 0x7d])
		expect(await readBody(new Request('http://kia.localhost/', { method: 'POST', body: bytes }))).toEqual(bytes)
	})

	test('a request without a body is empty', async () => {
		expect((await readBody(new Request('http://kia.localhost/'))).byteLength).toBe(0)
	})

	test('a body of exactly the limit, in chunks, is read whole', async () => {
		const body = await readBody(post(streamed(maxBodyBytes).body))
		expect(body.byteLength).toBe(maxBodyBytes)
		expect(body.every((byte) => byte === filler)).toBe(true)
	})

	test('one byte over the limit is a 413', async () => {
		await expect(readBody(post(streamed(maxBodyBytes + 1).body))).rejects.toMatchObject(tooLarge)
	})

	// Cancelling would destroy Node's request and its socket, so the sender would never see the 413.
	test('stops reading at the first chunk past the limit, without cancelling the body', async () => {
		const { source, body } = streamed(100 * maxBodyBytes)
		await expect(readBody(post(body))).rejects.toMatchObject(tooLarge)
		const chunksToPassTheLimit = maxBodyBytes / chunkBytes + 1
		// The stream may queue one chunk ahead of the reader.
		expect(source.pulls).toBeLessThanOrEqual(chunksToPassTheLimit + 1)
		expect(source.cancelled).toBe(false)
	})
})

describe('readForm', () => {
	const form = 'application/x-www-form-urlencoded'

	test('a form streamed past the limit is a 413, not an unreadable form', async () => {
		await expect(readForm(post(streamed(maxBodyBytes + 1).body, form))).rejects.toMatchObject(tooLarge)
	})

	test('a form of exactly the limit is read', async () => {
		const value = 'x'.repeat(maxBodyBytes - 'message='.length)
		expect((await readForm(post(`message=${value}`, form))).get('message')).toBe(value)
	})
})
