import { EventSourceParserStream } from 'eventsource-parser/stream'
import { z } from 'zod'
import { callSignal } from './budget'
import { env } from './env'
import { log } from './log'

/**
 * The one way the platform calls a language model (README, 'Asistente de la web'): the site's chat and a
 * client's 'Probar el asistente' each say what to ask (a `Wording`), and both get the model's words checked the
 * same way. The model only words passages we found; which passages, and their sources, are ours.
 */
export type ModelSettings = { url: string; key: string; model: string; timeoutMs: number }

/** The language model of the environment, when one is configured. */
export function configuredModel(): ModelSettings | null {
	const { LANGUAGE_MODEL_URL: url, LANGUAGE_MODEL_KEY: key, LANGUAGE_MODEL: model } = env
	return url && key && model ? { url, key, model, timeoutMs: env.LANGUAGE_MODEL_TIMEOUT_MS } : null
}

/**
 * What the model is asked: its rules, the message that holds the passages and the question, and the passages'
 * own text (`given`), the only place a contact in its answer may come from.
 */
export type Wording = { instructions: string; prompt: string; given: string[] }

/**
 * Text written by someone else (a visitor's question, a client's document) as data between `<<<` and `>>>`:
 * whatever it says, it cannot close the block it is quoted in. The instructions say what these blocks are.
 */
export const asData = (text: string) => `<<<\n${text.replaceAll('<<<', '‹‹‹').replaceAll('>>>', '›››')}\n>>>`

const contactPatterns = [
	// E-mail addresses first: their domain is also a web address.
	/[\p{L}\d._%+-]+@[\p{L}\d-]+(?:\.[\p{L}\d-]+)+/gu,
	/\b(?:https?:\/\/|www\.)[^\s<>()"']+/giu,
	// A bare domain, by the endings a site here would have: 'p.ej' or 'S.L.' are words, not addresses.
	/\b(?:[a-z\d-]+\.)+(?:com|es|eu|net|org|io|info|app|dev|co|me|biz|online|site|xyz|ly|link|cat|gal|eus)\b(?:\/[^\s<>()"']*)?/giu,
	// Phone numbers: nine digits or more, spaced, dotted or dashed as people write them.
	/\+?\d(?:[\s.-]?\d){8,}/gu,
]

const normalised = (text: string) => text.toLowerCase().replace(/[.,;:!?)]+$/, '')
const digitsOf = (text: string) => text.replace(/\D/g, '')

/**
 * A model's answer without the e-mail addresses, web addresses and phone numbers the passages it was given do not
 * hold (issue 64, finding 8): whatever a crafted question talked the model into saying, it cannot send anyone
 * anywhere of its choosing.
 */
export function withoutForeignContacts(answer: string, given: readonly string[]) {
	const published = given.join('\n').toLowerCase()
	const publishedDigits = digitsOf(published)
	let text = answer
	for (const pattern of contactPatterns) {
		text = text.replace(pattern, (found) => {
			const isPhone = /^\+?\d/.test(found) && !/[a-z@]/i.test(found)
			const known = isPhone ? publishedDigits.includes(digitsOf(found)) : published.includes(normalised(found))
			if (known) return found
			const trailing = /[.,;:!?)]+$/.exec(found)?.[0] ?? ''
			return trailing
		})
	}
	return text.replace(/[ \t]{2,}/g, ' ').replace(/\s+([.,;:!?])/g, '$1')
}

/** Where a sentence ends: what the model streams is let out a sentence at a time, once it can be checked whole. */
const sentenceEnd = /[.!?…](?=\s)|\n/g

/**
 * The model's pieces regrouped into whole sentences, each without foreign contacts: a web address or a phone
 * number split across pieces is only seen whole at the end of its sentence.
 */
export async function* checkedSentences(pieces: AsyncIterable<string>, given: readonly string[]) {
	let pending = ''
	for await (const piece of pieces) {
		pending += piece
		const ends = [...pending.matchAll(sentenceEnd)]
		const last = ends.at(-1)
		if (!last) continue
		const cut = last.index + last[0].length
		const sentences = withoutForeignContacts(pending.slice(0, cut), given)
		pending = pending.slice(cut)
		if (sentences.trim()) yield sentences
	}
	const rest = withoutForeignContacts(pending, given).trimEnd()
	if (rest.trim()) yield rest
}

const chunkSchema = z.object({
	choices: z.array(z.object({ delta: z.object({ content: z.string().nullish() }).optional() })),
})

/**
 * The model's answer, piece by piece as the chat-completions API streams it (server-sent events, `data: [DONE]`
 * at the end), unchecked. Throws on any failure, and once `signal` aborts.
 */
export async function* modelPieces(settings: ModelSettings, wording: Wording, signal: AbortSignal) {
	const response = await fetch(`${settings.url.replace(/\/$/, '')}/chat/completions`, {
		method: 'POST',
		headers: { Authorization: `Bearer ${settings.key}`, 'Content-Type': 'application/json' },
		body: JSON.stringify({
			model: settings.model,
			stream: true,
			temperature: 0.2,
			max_tokens: 400,
			messages: [
				{ role: 'system', content: wording.instructions },
				{ role: 'user', content: wording.prompt },
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

/** The model's answer a checked sentence at a time. Throws on any failure, and once `signal` aborts. */
export const checkedWords = (settings: ModelSettings, wording: Wording, signal: AbortSignal) =>
	checkedSentences(modelPieces(settings, wording, signal), wording.given)

/** The model's whole answer, checked; null past its timeout or on any failure (logged): the passages stand. */
export async function wholeWords(settings: ModelSettings, wording: Wording) {
	const signal = callSignal(settings.timeoutMs)
	try {
		let text = ''
		for await (const sentence of checkedWords(settings, wording, signal)) text += sentence
		return text.trim() || null
	} catch (error) {
		log.warn({ err: error }, '[language model] no answer; quoting the passages instead')
		return null
	}
}
