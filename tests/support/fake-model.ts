import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

export type FakeModelBehaviour = 'answer' | 'fail' | 'stall'

/**
 * An OpenAI-compatible chat-completions server on a free port, speaking the streaming format (server-sent
 * events, one `data:` per piece, then `data: [DONE]`): `answer` streams `pieces`, `fail` answers 500, `stall`
 * sends one piece and never ends. It keeps each request's body so a test can read what the model was asked.
 */
export async function startFakeModel(firstPieces: string[] = ['Tu asistente ', 'está listo ', 'en 2 a 4 semanas.']) {
	let pieces = firstPieces
	const requests: {
		authorization?: string
		body: { model: string; stream: boolean; messages: { role: string; content: string }[] }
	}[] = []
	let behaviour: FakeModelBehaviour = 'answer'
	const server = createServer(async (request, response) => {
		requests.push({ authorization: request.headers.authorization, body: JSON.parse(await bodyOf(request)) })
		if (request.url !== '/v1/chat/completions' || behaviour === 'fail') {
			response.writeHead(500, { 'Content-Type': 'application/json' }).end('{"error":{"message":"fallo"}}')
			return
		}
		response.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' })
		const chunk = (content: string) =>
			`data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content } }] })}\n\n`
		if (behaviour === 'stall') {
			response.write(chunk(pieces[0] ?? ''))
			return
		}
		for (const piece of pieces) response.write(chunk(piece))
		response.end('data: [DONE]\n\n')
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const { port } = server.address() as AddressInfo
	return {
		url: `http://127.0.0.1:${port}/v1`,
		requests,
		behave: (next: FakeModelBehaviour) => {
			behaviour = next
		},
		/** What the model answers from now on, piece by piece. */
		say: (next: string[]) => {
			pieces = next
		},
		stop: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections()
				server.close(() => resolve())
			}),
	}
}

async function bodyOf(request: IncomingMessage) {
	let body = ''
	for await (const chunk of request) body += String(chunk)
	return body
}
