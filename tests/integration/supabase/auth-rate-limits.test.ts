import { afterAll, beforeAll, expect, test } from 'vitest'
import type { LocalSupabase } from '../../../local/supabase/server'
import { raw, startTestSupabase } from '../../support/supabase'

// Hosted Auth's per-address limits, as supabase/config.toml sets them, through the stand-in's HTTP API: a
// burst from one address past the bucket of 30 is refused with GoTrue's 429.
let supabase: LocalSupabase
beforeAll(async () => {
	supabase = await startTestSupabase()
})
afterAll(() => supabase.stop())

test('forty sign-ins at once from one address: thirty are answered, the rest get 429 over_request_rate_limit', async () => {
	const signIn = () =>
		raw(supabase.url, '/auth/v1/token?grant_type=password', {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' },
			body: JSON.stringify({ email: 'nadie@kia.test', password: 'incorrecta' }),
		})
	const answers = await Promise.all(Array.from({ length: 40 }, signIn))
	const limited = answers.filter((answer) => answer.status === 429)
	// A token or two may come back while the burst is being answered (10 a second at config.toml's rate).
	expect(limited.length).toBeGreaterThanOrEqual(5)
	expect(answers.filter((answer) => answer.status === 400).length).toBeGreaterThanOrEqual(30)
	expect(await limited[0]?.json()).toEqual({ code: 'over_request_rate_limit', message: 'Request rate limit reached' })
	expect(limited[0]?.headers.get('x-supabase-api-version')).toBe('2024-01-01')
})
