import { expect, test } from 'vitest'
import { parseGoDuration, readAuthConfig } from '../../local/supabase/config'

// config.toml's durations are read as the Supabase CLI reads them, with Go's time.ParseDuration; the cases
// are from Go's own tests (time_test.go parseDurationTests), in milliseconds.
test('the spellings Go accepts', () => {
	const accepted: [string, number][] = [
		['0', 0],
		['-0', 0],
		['5s', 5000],
		['+5s', 5000],
		['-5s', -5000],
		['5.6s', 5600],
		['5.s', 5000],
		['.5s', 500],
		['10ns', 1e-5],
		['11us', 0.011],
		['12µs', 0.012],
		['12μs', 0.012],
		['13ms', 13],
		['15m', 900_000],
		['16h', 57_600_000],
		['1m0s', 60_000],
		['3h30m', 12_600_000],
		['10.5s4m', 250_500],
		['-2m3.4s', -123_400],
	]
	for (const [text, ms] of accepted) expect(parseGoDuration(text), text).toBeCloseTo(ms, 9)
})

test('the ones it refuses', () => {
	for (const text of ['', '3', '-', 's', '.', '-.', '.s', '+.s', '1d', '1 s', '1mss', '60'])
		expect(parseGoDuration(text), JSON.stringify(text)).toBeUndefined()
})

test('supabase/config.toml sets [auth.email] max_frequency to hosted Supabase’s minute', async () => {
	expect((await readAuthConfig()).email.max_frequency).toBe(60_000)
})
