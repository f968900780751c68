import { createClient } from '@supabase/supabase-js'
import { describe, expect, test } from 'vitest'
import { noAnswer } from '~/.server/supabase/client'
import { mayHaveApplied } from '~/.server/supabase/writes'

/** A write as supabase-js reports it when its fetch answers `reply` (or throws it). */
async function writeAnswered(reply: () => Promise<Response>) {
	const client = createClient('http://127.0.0.1:1', 'clave', { global: { fetch: reply } })
	const { error, status } = await client.from('form_submissions').insert({ form_type: 'x', data: {} })
	if (!error) throw new Error('the write did not fail')
	return { error, status }
}

const json = (status: number, body: object) => async () => Response.json(body, { status })

describe('whether a failed write may have been done (issue 66)', () => {
	test('PostgREST’s refusals did nothing, nor did a refusal before it; a lost database connection is unknown', async () => {
		expect(mayHaveApplied(await writeAnswered(json(409, { code: '23505', message: 'duplicate key' })))).toBe(false)
		expect(mayHaveApplied(await writeAnswered(json(503, { code: 'PGRST002', message: 'no schema cache' })))).toBe(false)
		expect(mayHaveApplied(await writeAnswered(json(401, { message: 'No API key found in request' })))).toBe(false)
		expect(mayHaveApplied(await writeAnswered(json(503, { code: '08006', message: 'connection failure' })))).toBe(true)
	})

	test('no answer, or a gateway’s page, is unknown, unless the call never left', async () => {
		const thrown = (error: Error) => () => Promise.reject(error)
		expect(mayHaveApplied(await writeAnswered(thrown(new DOMException(noAnswer.sent, 'AbortError'))))).toBe(true)
		expect(mayHaveApplied(await writeAnswered(thrown(new TypeError('fetch failed'))))).toBe(true)
		const gateway = async () => new Response('<h1>504 Gateway Time-out</h1>', { status: 504 })
		expect(mayHaveApplied(await writeAnswered(gateway))).toBe(true)
		expect(mayHaveApplied(await writeAnswered(thrown(new DOMException(noAnswer.unsent, 'AbortError'))))).toBe(false)
	})
})
