import type { SupabaseClient } from '@supabase/supabase-js'
import { data, type RouterContextProvider } from 'react-router'
import { chat } from '~/content/chat'
import {
	asksForAPerson,
	isSmallTalk,
	passageHref,
	trimPassage,
	type Answer,
	type AnswerEvent,
	type Quote,
} from '~/lib/chat'
import { handoverSchema } from '~/lib/chat-schemas'
import type { Database } from '~/lib/database.types'
import { publishedBlogVersion } from '../blog/posts'
import { postPassages, sitePassages, type PublishedPost } from './passages'
import { indexPassages, linksOf, type Found, type PassageIndex } from './search'
import { siteWording } from './model'
import { callSignal } from '../budget'
import { checkedWords, configuredModel, wholeWords } from '../language-model'
import { companyIdentity } from '../env'
import { contactDestination } from '../inbox/forms'
import { log } from '../log'
import { isRateLimited } from '../security/rate-limit'
import { createAnonClient, createServiceClient } from '../supabase/client'
import type { ActionResult } from '~/lib/action-result'
import { type PublicForm } from '../inbox/public-forms'
import { type SubmissionResult } from '@conform-to/react'
import type { ChatOutcome } from '~/lib/chat-outcomes'

/** How often the blog is checked for a post published, changed or withdrawn: one cheap query at most this often. */
export const blogCheckMs = 30_000

/** A question answers when its best passage matched at least this share of its words. */
const enoughCoverage = 0.5
/** A second quote, from another page, when it scores this close to the best one. */
const secondQuoteShare = 0.8

let index: PassageIndex | undefined
const blog: { version: string | null; checkedAt: number; refreshing: Promise<void> | null } = {
	version: null,
	checkedAt: Number.NEGATIVE_INFINITY,
	refreshing: null,
}

/** Every published post with its body, read a page at a time; RLS reads only what is published. */
async function publishedPosts(supabase: SupabaseClient<Database>): Promise<PublishedPost[] | null> {
	const pageSize = 1000
	const posts: PublishedPost[] = []
	for (let from = 0; ; from += pageSize) {
		const page = await supabase
			.from('blog_posts')
			.select('slug, title, excerpt, content')
			.order('id')
			.range(from, from + pageSize - 1)
		if (page.error) {
			log.warn({ err: page.error }, '[assistant] blog posts unreadable; answering from what was read before')
			return null
		}
		posts.push(...page.data)
		if (page.data.length < pageSize) return posts
	}
}

async function refreshBlog(passages: PassageIndex) {
	blog.checkedAt = Date.now()
	const anon = createAnonClient()
	const version = await publishedBlogVersion(anon)
	if (version === null || version === blog.version) return
	const posts = await publishedPosts(anon)
	if (!posts) return
	passages.replaceChanging(posts.flatMap(postPassages))
	blog.version = version
}

/**
 * The site's passages, indexed once per process, and the published posts' as of the last check (decision
 * 015). Requests arriving while the blog is read wait for that one read.
 */
async function passageIndex() {
	index ??= indexPassages(sitePassages(companyIdentity))
	if (Date.now() - blog.checkedAt >= blogCheckMs) {
		blog.refreshing ??= refreshBlog(index).finally(() => {
			blog.refreshing = null
		})
		await blog.refreshing
	}
	return index
}

const quoteOf = ({ passage }: Found): Quote => ({
	heading: passage.heading,
	text: trimPassage(passage.text),
	href: passageHref(passage),
	page: passage.page,
})

/** The best passage, and a second from another page when it scores nearly as well. */
function quotesOf(found: Found[]): Quote[] {
	const [best, ...rest] = found
	if (!best) return []
	const second = rest.find((other) => other.passage.path !== best.passage.path)
	return second && second.score >= best.score * secondQuoteShare ? [quoteOf(best), quoteOf(second)] : [quoteOf(best)]
}

/** What the site has published on `question`, quoted with its pages; never anything else. */
export async function findAnswer(question: string): Promise<Answer> {
	if (asksForAPerson(question)) return { kind: 'handover' }
	if (isSmallTalk(question)) return { kind: 'greeting' }
	const found = (await passageIndex()).search(question)
	if (!found[0] || found[0].coverage < enoughCoverage) return { kind: 'not-found' }
	return { kind: 'found', quotes: quotesOf(found), links: linksOf(found) }
}

const outcomes = {
	found: 'respondida',
	'not-found': 'sin_respuesta',
	handover: 'persona',
} as const satisfies Record<string, ChatOutcome>

/**
 * Keeps the question for the team (/admin/asistente-web): what was typed, what came of it and the pages
 * linked, nothing about who asked. Service role: visitors cannot read or write the log. A greeting is
 * not a question. A failure is logged and costs the visitor nothing.
 */
export async function recordQuestion(question: string, answer: Answer) {
	if (answer.kind === 'greeting') return
	const paginas = answer.kind === 'found' ? answer.links.map((link) => link.href.split('#')[0] ?? link.href) : []
	try {
		const { error } = await createServiceClient()
			.from('asistente_preguntas')
			.insert({ pregunta: question, resultado: outcomes[answer.kind], paginas })
		if (error) log.error({ err: error }, '[assistant] question not recorded')
	} catch (error) {
		log.error({ err: error }, '[assistant] question not recorded')
	}
}

/**
 * 'Quiero hablar con una persona': the question and the visitor's address become an item of the inbox
 * (kind 'Chat') and an e-mail to the company; /asistente's form, posted by the page or by the chat's fetcher,
 * which reads the answer in place.
 */
const handedOver = (email: string, emptied: SubmissionResult<string[]>) => data({ result: emptied, sent: email })

export const handoverForm: PublicForm<typeof handoverSchema, ReturnType<typeof handedOver>> = {
	formType: 'chat',
	schema: handoverSchema,
	payload: ({ email, pregunta }) => ({ email, message: pregunta, destination: contactDestination() }),
	failure: { message: chat.handover.failed },
	success: ({ email }, emptied) => handedOver(email, emptied),
}

/** `kept`: the question being written to the log, in parallel with the answer; awaited before the response ends. */
export type Asked = ActionResult<{ answer: Answer; kept: Promise<void> }>

/**
 * One question from the chat or /asistente: counted against the visitor's address, answered, kept. The count
 * and the search run side by side, and the answer goes out while the question is written.
 */
export async function ask(context: Readonly<RouterContextProvider>, question: string): Promise<Asked> {
	const [limited, answer] = await Promise.all([isRateLimited(context, 'chat'), findAnswer(question)])
	if (limited) return { ok: false, message: chat.rateLimited }
	return { ok: true, answer, kept: recordQuestion(question, answer) }
}

/**
 * With a language model configured, its wording of the passages found; past its timeout, the passages alone. A
 * question that came by a link (`byLink`), not typed on our own page, gets the passages only: a link can be
 * crafted to make the model say what its author wants, on our page.
 */
export async function composeWholeAnswer(question: string, answer: Answer, byLink: boolean): Promise<Answer> {
	const model = configuredModel()
	if (!model || byLink || answer.kind !== 'found') return answer
	const composed = await wholeWords(model, siteWording(question, answer.quotes))
	return composed ? { ...answer, composed } : answer
}

/**
 * The chat's answer as events (AnswerEvent): the passages at once, then, with a language model, its words as
 * they come; the question is kept meanwhile. Past the model's timeout, on its failure or when the visitor goes, `fallback`: the passages stand.
 */
export async function* answerEvents(
	question: string,
	{ answer, kept }: { answer: Answer; kept: Promise<void> },
	signal: AbortSignal,
): AsyncGenerator<AnswerEvent> {
	const model = configuredModel()
	yield { type: 'start', answer, composing: model !== null && answer.kind === 'found' }
	await kept
	if (!model || answer.kind !== 'found') return
	try {
		const deadline = callSignal(model.timeoutMs, [signal])
		for await (const text of checkedWords(model, siteWording(question, answer.quotes), deadline))
			yield { type: 'text', text }
		yield { type: 'end' }
	} catch (error) {
		log.warn({ err: error }, '[assistant] the model gave no answer; quoting the passages instead')
		yield { type: 'fallback' }
	}
}
