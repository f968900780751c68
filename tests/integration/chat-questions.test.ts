import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import type * as ChatModule from '~/.server/chat/chat'
import type { LocalSupabase } from '../../local/supabase/server'
import { chatQuestions, intentQuestions, unanswerableQuestions } from '../support/chat-questions'
import { serviceClient, startTestSupabase } from '../support/supabase'
import { uniqueName } from '../support/unique'

// The site's chat over the seeded database: the question set, and what the blog lets it answer (issue 54).
let supabase: LocalSupabase
let chat: typeof ChatModule
beforeAll(async () => {
	supabase = await startTestSupabase()
	process.env.SUPABASE_URL = supabase.url
	vi.resetModules()
	chat = await import('~/.server/chat/chat')
})
afterAll(() => supabase.stop())

const pathsOf = (answer: Awaited<ReturnType<typeof chat.findAnswer>>) =>
	answer.kind === 'found' ? answer.links.map((link) => link.href.split('#')[0]) : []

/** The questions of `questions` whose page is not among the first three links, each with what was linked. */
async function missesOf(questions: { question: string; page: string }[]) {
	const misses: string[] = []
	for (const { question, page } of questions) {
		const paths = pathsOf(await chat.findAnswer(question))
		if (!paths.includes(page)) misses.push(`${question} → ${paths.join(', ') || 'nada'} (esperada ${page})`)
	}
	console.info(`[chat] ${questions.length - misses.length} of ${questions.length}`)
	return misses
}

test('at least 90 % of the question set gets its page among the first three links', async () => {
	expect(chatQuestions.length).toBeGreaterThanOrEqual(40)
	const misses = await missesOf(chatQuestions)
	expect(1 - misses.length / chatQuestions.length, misses.join('\n')).toBeGreaterThanOrEqual(0.9)
})

test('so do at least 90 % of the questions typed as what the visitor wants, not as the page words it', async () => {
	expect(intentQuestions.length).toBeGreaterThanOrEqual(20)
	const misses = await missesOf(intentQuestions)
	expect(1 - misses.length / intentQuestions.length, misses.join('\n')).toBeGreaterThanOrEqual(0.9)
})

test('what nothing published answers is said so, never quoted', async () => {
	for (const question of unanswerableQuestions)
		expect((await chat.findAnswer(question)).kind, question).toBe('not-found')
})

test('a draft and a scheduled post are never answered; a post is answerable once published, within the check', async () => {
	// The server's clock only: the database's stays real, so every time written comes from `realNow`.
	const realNow = Date.now()
	vi.useFakeTimers({ toFake: ['Date'] })
	try {
		const word = uniqueName('zarandaja').replace(/[^a-z]/g, '')
		const service = serviceClient(supabase.url)
		const post = (slug: string, publishedAt: string | null) => ({
			title: `Guía ${word} ${slug}`,
			slug: `${slug}-${word}`,
			content: `<p>Todo sobre ${word} para tu negocio.</p>`,
			published_at: publishedAt,
		})
		const inserted = await service
			.from('blog_posts')
			.insert([post('borrador', null), post('programado', new Date(realNow + 86_400_000).toISOString())])
			.select('id, slug')
		expect(inserted.error).toBeNull()
		vi.setSystemTime(realNow + chat.blogCheckMs)
		expect((await chat.findAnswer(word)).kind).toBe('not-found')

		const draft = inserted.data?.find((row) => row.slug.startsWith('borrador'))
		await service
			.from('blog_posts')
			.update({ published_at: new Date(realNow - 60_000).toISOString() })
			.eq('id', draft?.id ?? '')
		vi.setSystemTime(realNow + 2 * chat.blogCheckMs)
		expect(pathsOf(await chat.findAnswer(word))).toEqual([`/blog/borrador-${word}`])
	} finally {
		vi.useRealTimers()
	}
})

test('a question is kept with nothing but what was typed, and questions past 90 days go as new ones come', async () => {
	const service = serviceClient(supabase.url)
	const old = uniqueName('pregunta antigua')
	const inserted = await service.from('asistente_preguntas').insert({
		pregunta: old,
		resultado: 'sin_respuesta',
		created_at: new Date(Date.now() - 91 * 86_400_000).toISOString(),
	})
	expect(inserted.error).toBeNull()
	const question = uniqueName('¿cuánto cuesta el plan Business?')
	await chat.recordQuestion(question, await chat.findAnswer(question))
	const { data } = await service.from('asistente_preguntas').select('*').in('pregunta', [old, question])
	expect(data?.map((row) => row.pregunta)).toEqual([question])
	expect(Object.keys(data?.[0] ?? {}).sort()).toEqual([
		'busqueda',
		'created_at',
		'id',
		'paginas',
		'pregunta',
		'resultado',
	])
	expect(data?.[0]).toMatchObject({ resultado: 'respondida', paginas: expect.arrayContaining(['/tarifas']) })
})
