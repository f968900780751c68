import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { siteWording } from '~/.server/chat/model'
import { postPassages, sitePassages } from '~/.server/chat/passages'
import { indexPassages } from '~/.server/chat/search'
import { companyIdentity as identity, parseEnv } from '~/.server/env'
import { modelPieces, wholeWords } from '~/.server/language-model'
import { log } from '~/.server/log'
import { chatKeywords } from '~/content/chat-keywords'
import { asksForAPerson, isSmallTalk, trimPassage } from '~/lib/chat'
import { indexTerms, questionTerm, questionTerms } from '~/lib/spanish-text'
import { startFakeModel } from '../support/fake-model'

describe('Spanish words as the index and a question see them', () => {
	const indexed = (word: string) => indexTerms(word) ?? []
	test.each([
		['tardais', 'tarda'],
		['tardáis', 'tarda'],
		['facturacion', 'facturas'],
		['metricas', 'métricas'],
		['verifactu', 'VERIFACTU'],
		['tecnologia', 'tecnología'],
	])('%s finds %s', (typed, written) => {
		expect(indexed(written)).toContain(questionTerm(typed))
	})

	test('words that say nothing of what is asked are left out', () => {
		for (const word of ['¿qué', 'de', 'tenéis', 'hacéis', 'el']) expect(questionTerm(word.replace('¿', ''))).toBeNull()
		for (const word of ['días', 'trabajáis']) expect(questionTerm(word)).not.toBeNull()
	})

	test('what the asker wants is asked, not the wanting', () => {
		expect(questionTerms('quiero ver una demo', ['KIA'])).toEqual([questionTerm('demo')])
		expect(questionTerms('me gustaría saber el precio', ['KIA'])).toEqual([questionTerm('precio')])
	})

	test('the company is asked about only when nothing else is', () => {
		expect(questionTerms('¿KIA es una empresa sostenible?', ['KIA'])).not.toContain('kia')
		for (const question of ['¿Quiénes sois?', '¿Qué es KIA?', 'háblame de vosotros'])
			expect(questionTerms(question, ['KIA']), question).toEqual(['kia'])
		expect(questionTerms('¿Qué tal?', ['KIA'])).toEqual([])
	})
})

describe("what the site's pages answer", () => {
	// The post the blog really has, whose title says 'empresa' as 'una empresa sostenible' does.
	const post = postPassages({
		slug: 'como-entrenar-un-asistente-con-tus-documentos',
		title: 'Cómo entrenar un asistente con los documentos de tu empresa',
		excerpt:
			'Manuales, tarifas, contratos y preguntas frecuentes: así convertimos el conocimiento de tu negocio en un asistente.',
		content: '<p>Un asistente genérico sabe de todo un poco; el tuyo tiene que saber de tu negocio.</p>',
	})
	const index = indexPassages(sitePassages(identity))
	index.replaceChanging(post)

	test.each([
		['quiero ver una demo', '/solicitar-demostracion-kia'],
		['¿KIA es una empresa sostenible?', '/sostenibilidad'],
		['¿Cómo es trabajar con vosotros?', '/como-funciona'],
		['¿me recuerda los impuestos trimestrales?', '/funcionalidades/recordatorios-fiscales'],
	])('%s is answered from %s', (question, page) => {
		expect(index.search(question)[0]?.passage.path).toBe(page)
	})

	test('who trades as KIA is answered from the legal notice, in the configured words', () => {
		const [best] = index.search('¿Cuál es el NIF de vuestra empresa?')
		expect(best?.passage).toMatchObject({ path: '/politica-privacidad', anchor: 'aviso-legal' })
		expect(best?.passage.text).toContain(`NIF ${identity.nif}`)
		expect(best?.passage.text).toContain(identity.legalName)
	})

	test("each page's other words belong to a page the chat answers from", () => {
		const paths = new Set(sitePassages(identity).map((passage) => passage.path))
		for (const path of Object.keys(chatKeywords)) expect(paths, path).toContain(path)
	})
})

describe('what the chat reads in a question', () => {
	test.each([
		'Quiero hablar con una persona',
		'quiero hablar con alguien',
		'¿Me pasas con un humano?',
		'ponme con el equipo comercial',
	])('%s asks for a person', (question) => expect(asksForAPerson(question)).toBe(true))
	test.each(['¿Cuánto cuesta el plan Business?', '¿Cuántas personas pueden usar el plan Starter?'])(
		'%s is a question',
		(question) => expect(asksForAPerson(question)).toBe(false),
	)
	test('a hello or a thanks alone is small talk, a question is not', () => {
		expect(isSmallTalk('¡Hola!')).toBe(true)
		expect(isSmallTalk('Muchas gracias')).toBe(true)
		expect(isSmallTalk('Hola, ¿cuánto cuesta?')).toBe(false)
	})
	test('a long passage is cut at a sentence, a short one kept', () => {
		const long = `${'Primera frase bastante larga para llenar el espacio disponible. '.repeat(8)}Fin.`
		const cut = trimPassage(long, 200)
		expect(cut.length).toBeLessThanOrEqual(200)
		expect(cut.endsWith('.')).toBe(true)
		expect(trimPassage('Corta.', 200)).toBe('Corta.')
	})
})

describe('the language model settings', () => {
	test('URL, key and model go together; none of them is the extractive assistant', () => {
		expect(parseEnv({}).LANGUAGE_MODEL_URL).toBeUndefined()
		const env = parseEnv({
			LANGUAGE_MODEL_URL: 'https://llm.example/v1',
			LANGUAGE_MODEL_KEY: 'k',
			LANGUAGE_MODEL: 'm',
		})
		expect(env.LANGUAGE_MODEL_TIMEOUT_MS).toBe(10_000)
		expect(() => parseEnv({ LANGUAGE_MODEL_URL: 'https://llm.example/v1' })).toThrow(/LANGUAGE_MODEL_KEY/)
		// The names these had before are refused with the new one, rather than ignored.
		expect(() => parseEnv({ ASSISTANT_MODEL_URL: 'https://llm.example/v1' })).toThrow(/LANGUAGE_MODEL_URL/)
		expect(() => parseEnv({ LANGUAGE_MODEL_URL: 'llm', LANGUAGE_MODEL_KEY: 'k', LANGUAGE_MODEL: 'm' })).toThrow(
			/LANGUAGE_MODEL_URL/,
		)
	})
})

describe('a chat-completions API, streamed', () => {
	let model: Awaited<ReturnType<typeof startFakeModel>>
	beforeAll(async () => {
		model = await startFakeModel()
	})
	afterAll(() => model.stop())
	const quotes = [
		{ heading: '¿Cuánto se tarda?', text: 'Entre 2 y 4 semanas.', href: '/#faq', page: 'Preguntas frecuentes' },
	]
	const settings = () => ({ url: model.url, key: 'clave-de-prueba', model: 'modelo-de-prueba', timeoutMs: 1_000 })

	test('its pieces come as they are sent, and it is asked with the passages only', async () => {
		model.behave('answer')
		const pieces = []
		for await (const piece of modelPieces(
			settings(),
			siteWording('cuanto tardais', quotes),
			AbortSignal.timeout(5_000),
		))
			pieces.push(piece)
		expect(pieces).toEqual(['Tu asistente ', 'está listo ', 'en 2 a 4 semanas.'])
		const asked = model.requests.at(-1)
		expect(asked?.authorization).toBe('Bearer clave-de-prueba')
		expect(asked?.body).toMatchObject({ model: 'modelo-de-prueba', stream: true })
		expect(asked?.body.messages.at(-1)?.content).toContain('Entre 2 y 4 semanas.')
	})

	test('an error or a stream that never ends gives no answer, so the passages stand', async () => {
		const warn = vi.spyOn(log, 'warn').mockImplementation(() => {})
		model.behave('fail')
		expect(await wholeWords(settings(), siteWording('cuanto tardais', quotes))).toBeNull()
		model.behave('stall')
		const started = Date.now()
		expect(await wholeWords(settings(), siteWording('cuanto tardais', quotes))).toBeNull()
		expect(Date.now() - started).toBeLessThan(3_000)
		expect(warn).toHaveBeenCalledTimes(2)
		model.behave('answer')
		expect(await wholeWords(settings(), siteWording('cuanto tardais', quotes))).toBe(
			'Tu asistente está listo en 2 a 4 semanas.',
		)
	})
})
