import { EventSourceParserStream } from 'eventsource-parser/stream'
import { z } from 'zod'
import type { Quote } from '~/lib/chat'
import { env } from './env'
import { log } from './log'

export type ModelSettings = { url: string; key: string; model: string; timeoutMs: number }

/** The language model of the environment, when one is configured (README, 'Asistente de la web'). */
export function configuredModel(): ModelSettings | null {
	const { ASSISTANT_MODEL_URL: url, ASSISTANT_MODEL_KEY: key, ASSISTANT_MODEL: model } = env
	return url && key && model ? { url, key, model, timeoutMs: env.ASSISTANT_MODEL_TIMEOUT_MS } : null
}

const instructions = [
	'Eres el asistente de la web de KIA, una empresa que crea asistentes de inteligencia artificial para negocios.',
	'Responde en español, con un tono cercano y profesional, en un máximo de tres frases.',
	'Usa solo la información de los fragmentos publicados por KIA que te damos. No inventes precios, plazos ni datos.',
	'Si los fragmentos no responden a la pregunta, dilo con claridad y sugiere escribir a KIA o reservar una demostración.',
	'No incluyas enlaces: la web los muestra debajo de tu respuesta.',
].join(' ')

function promptFor(question: string, quotes: Quote[]) {
	const context = quotes.map((quote, index) => `[${index + 1}] ${quote.page} — ${quote.heading}\n${quote.text}`)
	return `Fragmentos publicados por KIA:\n\n${context.join('\n\n')}\n\nPregunta del visitante: ${question}`
}

const chunkSchema = z.object({
	choices: z.array(z.object({ delta: z.object({ content: z.string().nullish() }).optional() })),
})

/**
 * The model's answer to `question` from `quotes` only, piece by piece as the chat-completions API streams it
 * (server-sent events, `data: [DONE]` at the end). Throws on any failure, and once `signal` aborts.
 */
export async function* composeAnswer(settings: ModelSettings, question: string, quotes: Quote[], signal: AbortSignal) {
	const response = await fetch(`${settings.url.replace(/\/$/, '')}/chat/completions`, {
		method: 'POST',
		headers: { Authorization: `Bearer ${settings.key}`, 'Content-Type': 'application/json' },
		body: JSON.stringify({
			model: settings.model,
			stream: true,
			temperature: 0.2,
			max_tokens: 400,
			messages: [
				{ role: 'system', content: instructions },
				{ role: 'user', content: promptFor(question, quotes) },
			],
		}),
		signal,
	})
	if (!response.ok || !response.body) throw new Error(`the model answered ${response.status}`)
	const events = response.body
		.pipeThrough(new TextDecoderStream())
		.pipeThrough(new EventSourceParserStream())
		.getReader()
	for (;;) {
		const { done, value: event } = await events.read()
		if (done) throw new Error('the model stream ended without [DONE]')
		if (event.data === '[DONE]') return
		const text = chunkSchema.parse(JSON.parse(event.data)).choices[0]?.delta?.content
		if (text) yield text
	}
}

/** The model's whole answer, or null past the timeout or on any failure (logged): the extractive answer stands. */
export async function composeWholeAnswerWith(settings: ModelSettings, question: string, quotes: Quote[]) {
	const signal = AbortSignal.timeout(settings.timeoutMs)
	try {
		let text = ''
		for await (const piece of composeAnswer(settings, question, quotes, signal)) text += piece
		return text.trim() || null
	} catch (error) {
		log.warn({ err: error }, '[assistant] the model gave no answer; quoting the passages instead')
		return null
	}
}
