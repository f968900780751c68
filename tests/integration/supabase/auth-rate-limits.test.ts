import { afterAll, beforeAll, expect, test } from 'vitest'
import { readAuthConfig } from '../../../local/supabase/config'
import type { LocalSupabase } from '../../../local/supabase/server'
import { raw, startTestSupabase } from '../../support/supabase'

// Hosted Auth's per-address limits, as supabase/config.toml sets them, through the stand-in's HTTP API: a
// burst from one address past the bucket of 30 is refused with GoTrue's 429.
let supabase: LocalSupabase
beforeAll(async () => {
	supabase = await startTestSupabase()
})
afterAll(() => supabase.stop())

test('a burst of sign-ins from one address: the bucket of 30 and its refill are answered, the rest get 429', async () => {
	const refillPerSecond = (await readAuthConfig()).rate_limit.token_refresh / 300
	const signIn = () =>
		raw(supabase.url, '/auth/v1/token?grant_type=password', {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' },
			body: JSON.stringify({ email: 'nadie@kia.test', password: 'incorrecta' }),
		})
	const started = performance.now()
	const answers = await Promise.all(Array.from({ length: 80 }, signIn))
	const seconds = (performance.now() - started) / 1000
	const answered = answers.filter((answer) => answer.status === 400).length
	const limited = answers.filter((answer) => answer.status === 429)
	// The bucket refills while the burst is being answered: under load, forty took 1.2 s and twelve more were let
	// through. So the bound is the bucket plus what the time taken refilled, whatever the machine's speed.
	expect(answered + limited.length).toBe(answers.length)
	expect(answered).toBeGreaterThanOrEqual(30)
	expect(answered).toBeLessThanOrEqual(30 + Math.ceil(refillPerSecond * seconds))
	expect(limited.length).toBeGreaterThan(0)
	expect(await limited[0]?.json()).toEqual({ code: 'over_request_rate_limit', message: 'Request rate limit reached' })
	expect(limited[0]?.headers.get('x-supabase-api-version')).toBe('2024-01-01')
})
