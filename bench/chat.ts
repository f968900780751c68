// The site's assistant (issue 54) without a language model: the whole request of each question of the question set
// as the production server answers it (rate limit, search, the question kept, the answer), on loopback, so the
// figure is the server's time plus loopback's. Part of `npm run bench` (`npm run bench -- chat` alone).
import { chatQuestions } from '../tests/support/chat-questions'
import { rawRequest } from '../tests/support/urls'
import { percentile, type BenchStack } from './support'

const rounds = 4
const warmUp = 20

/** Each request from an address of its own: the per-address limit is not what is measured. */
let visitor = 0
const nextAddress = () => `198.18.${Math.floor(++visitor / 250) % 250}.${(visitor % 250) + 1}`

async function timed(send: () => Promise<{ status: number }>) {
	const started = performance.now()
	const { status } = await send()
	if (status !== 200) throw new Error(`the chat answered ${status}`)
	return performance.now() - started
}

export async function measureChatAnswers(stack: BenchStack) {
	const stream = (pregunta: string) =>
		rawRequest(stack.site('/resources/asistente'), {
			method: 'POST',
			body: new URLSearchParams({ pregunta }).toString(),
			headers: {
				'Content-Type': 'application/x-www-form-urlencoded',
				Origin: new URL(stack.site('/')).origin,
				'X-Forwarded-For': nextAddress(),
			},
		})
	const page = (pregunta: string) =>
		rawRequest(stack.site(`/asistente?${new URLSearchParams({ pregunta })}`), {
			headers: { 'X-Forwarded-For': nextAddress() },
		})
	const rows: string[] = []
	for (const [label, send] of [
		['widget, `POST /resources/asistente`', stream],
		['page without JavaScript, `GET /asistente?pregunta=`', page],
	] as const) {
		for (const { question } of chatQuestions.slice(0, warmUp)) await timed(() => send(question))
		const samples: number[] = []
		for (let round = 0; round < rounds; round++) {
			for (const { question } of chatQuestions) samples.push(await timed(() => send(question)))
		}
		samples.sort((a, b) => a - b)
		rows.push(
			`| ${label} | ${samples.length} | ${percentile(samples, 0.5)} | ${percentile(samples, 0.95)} | ${percentile(samples, 1)} |`,
		)
	}
	return `## Site assistant answers

The ${chatQuestions.length} questions of \`tests/support/chat-questions.ts\`, ${rounds} rounds, sequential, after ${warmUp} to warm up; no
language model (extractive answers), the production server with its default workers, on loopback. Each request is
counted against the visitor's address and its question kept, as a visitor's is. Target: under 150 ms of server time.

| request | answers | p50 ms | p95 ms | max ms |
|---|---|---|---|---|
${rows.join('\n')}
`
}
