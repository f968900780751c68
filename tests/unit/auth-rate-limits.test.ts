import { expect, test } from 'vitest'
import { readAuthConfig } from '../../local/supabase/config'
import { createAuthLimiter, RateLimited } from '../../local/supabase/auth/rate-limits'

// The Supabase stand-in's copy of hosted Auth's limits (supabase/config.toml `[auth.rate_limit]`), on a clock
// the test moves.
const config = await readAuthConfig()
const limits = { ...config.rate_limit, token_refresh: 150, email_sent: 3 }

function limiterAt(start = 1_000_000) {
	const clock = { now: start }
	return { clock, limiter: createAuthLimiter({ ...config, rate_limit: limits }, () => clock.now) }
}

const refusal = (take: () => void) => {
	try {
		take()
		return undefined
	} catch (error) {
		return error instanceof RateLimited ? error.code : error
	}
}

test('an address gets a burst of 30, then one more each 300 s / rate, as GoTrue’s token bucket', () => {
	const { clock, limiter } = limiterAt()
	const take = () => refusal(() => limiter.take('token_refresh', '203.0.113.7'))
	expect(Array.from({ length: 30 }, take)).toEqual(Array(30).fill(undefined))
	expect(take()).toBe('over_request_rate_limit')
	// 150 per 5 minutes: one token every 2 s.
	clock.now += 1_999
	expect(take()).toBe('over_request_rate_limit')
	clock.now += 1
	expect(take()).toBeUndefined()
	expect(take()).toBe('over_request_rate_limit')
})

test('addresses and limits have buckets of their own; an hour of quiet forgets one', () => {
	const { clock, limiter } = limiterAt()
	for (let index = 0; index < 30; index++) limiter.take('token_refresh', '203.0.113.7')
	expect(refusal(() => limiter.take('token_refresh', '203.0.113.8'))).toBeUndefined()
	expect(refusal(() => limiter.take('sign_in_sign_ups', '203.0.113.7'))).toBeUndefined()
	clock.now += 3_600_000
	for (let index = 0; index < 30; index++)
		expect(refusal(() => limiter.take('token_refresh', '203.0.113.7'))).toBeUndefined()
})

test('e-mails: email_sent an hour for the whole project, counted from the first', () => {
	const { clock, limiter } = limiterAt()
	const send = () => refusal(() => limiter.takeEmail())
	expect([send(), send(), send()]).toEqual([undefined, undefined, undefined])
	expect(send()).toBe('over_email_send_rate_limit')
	clock.now += 3_599_999
	expect(send()).toBe('over_email_send_rate_limit')
	clock.now += 1
	expect(send()).toBeUndefined()
})

test('e-mails are not counted while confirmations are off, as GoTrue’s autoconfirm skips the limit', () => {
	const limiter = createAuthLimiter({
		...config,
		rate_limit: { ...limits, email_sent: 0 },
		email: { ...config.email, enable_confirmations: false },
	})
	expect(refusal(() => limiter.takeEmail())).toBeUndefined()
})
