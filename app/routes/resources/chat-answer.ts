import { parseWithZod } from '@conform-to/zod/v4'
import { answerEvents, ask } from '~/.server/chat/chat'
import { notFound, readForm } from '~/.server/http/responses'
import { requestInfoContext } from '~/.server/http/request'
import { chat } from '~/content/chat'
import type { AnswerEvent } from '~/lib/chat'
import { questionSchema } from '~/lib/chat-schemas'
import type { Route } from './+types/chat-answer'
import { cacheControl } from '~/.server/http/cache-control'

/** One JSON object a line, each sent as soon as it is known; never cached, never compressed (that would hold it back). */
function eventStream(events: AsyncIterator<AnswerEvent>, status = 200) {
	const lines = new ReadableStream<string>({
		async pull(controller) {
			const next = await events.next()
			if (next.done) controller.close()
			else controller.enqueue(`${JSON.stringify(next.value)}\n`)
		},
		async cancel() {
			await events.return?.()
		},
	})
	return new Response(lines.pipeThrough(new TextEncoderStream()), {
		status,
		headers: { 'Content-Type': 'application/x-ndjson; charset=utf-8', 'Cache-Control': cacheControl.stream },
	})
}

async function* only(event: AnswerEvent) {
	yield event
}

/** The chat widget's questions (issue 54); /asistente answers the same without JavaScript. */
export async function action({ request, context }: Route.ActionArgs) {
	if (context.get(requestInfoContext).host !== 'site') return notFound()
	const submission = parseWithZod(await readForm(request), { schema: questionSchema })
	if (submission.status !== 'success') {
		return eventStream(only({ type: 'refused', message: submission.error?.pregunta?.[0] ?? chat.failed }), 400)
	}
	const question = submission.value.pregunta
	const asked = await ask(context, question)
	if (!asked.ok) return eventStream(only({ type: 'refused', message: asked.message }), 429)
	return eventStream(answerEvents(question, asked, request.signal))
}
