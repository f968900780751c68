import { afterAll, beforeAll, expect, test } from 'vitest'
import type { LocalSupabase } from '../../../local/supabase/server'
import { serviceClient, startTestSupabase } from '../../support/supabase'
import { uniqueName } from '../../support/unique'

// The public forms' limits count in Postgres (app/.server/security/rate-limit.ts): a key's window opens at its first hit,
// so a run of hits is counted whole wherever the clock stands.
let supabase: LocalSupabase
beforeAll(async () => {
	supabase = await startTestSupabase()
})
afterAll(() => supabase.stop())

const service = () => serviceClient(supabase.url)
const windowSeconds = 600

async function hit(key: string, limit: number) {
	const { data, error } = await service().rpc('hit_rate_limit', {
		p_key: key,
		p_limit: limit,
		p_window_seconds: windowSeconds,
	})
	if (error) throw error
	return data
}

/** A counter as it stands `minutesAgo` after its window opened, with `hits` counted. */
async function counterOpened(key: string, minutesAgo: number, hits: number) {
	const windowStart = new Date(Date.now() - minutesAgo * 60_000).toISOString()
	await service().from('rate_limits').insert({ key, window_start: windowStart, hits }).throwOnError()
}

test('a key takes its limit, is refused past it, and other keys are not held back', async () => {
	const key = uniqueName('limite')
	expect([await hit(key, 3), await hit(key, 3), await hit(key, 3)]).toEqual([true, true, true])
	expect(await hit(key, 3)).toBe(false)
	expect(await hit(uniqueName('otra'), 3)).toBe(true)
})

test('hits go on counting until the window that the first one opened has ended, whatever the clock says', async () => {
	const key = uniqueName('ventana')
	// Nine minutes in, at the limit: on clock-aligned windows this was refused or let through depending on
	// whether a multiple of ten minutes had passed since.
	await counterOpened(key, 9, 3)
	expect(await hit(key, 3)).toBe(false)
})

test('the first hit after the window has ended opens a new one, counted from one', async () => {
	const key = uniqueName('renovada')
	await counterOpened(key, 11, 40)
	expect([await hit(key, 2), await hit(key, 2)]).toEqual([true, true])
	expect(await hit(key, 2)).toBe(false)
	const { data } = await service()
		.from('rate_limits')
		.select('hits, window_start')
		.eq('key', key)
		.single()
		.throwOnError()
	expect(data.hits).toBe(3)
	expect(Date.now() - new Date(data.window_start).getTime()).toBeLessThan(60_000)
})
