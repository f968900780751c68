import { afterAll, beforeAll, expect, test } from 'vitest'
import type { LocalSupabase } from '../../local/supabase/server'
import { serviceClient, startTestSupabase } from '../support/supabase'
import { uniqueName } from '../support/unique'

// How a webhook delivery claims a Stripe event before handling it (issue 66), at the database.
let supabase: LocalSupabase
beforeAll(async () => {
	supabase = await startTestSupabase()
})
afterAll(() => supabase.stop())

const claim = async (id: string, leaseSeconds = 120) => {
	const { data, error } = await serviceClient(supabase.url).rpc('claim_stripe_event', {
		p_id: id,
		p_type: 'invoice.paid',
		p_lease_seconds: leaseSeconds,
	})
	if (error) throw error
	return data[0]
}
const settle = async (id: string, claimId: string | null | undefined, handled: boolean) => {
	const { error } = await serviceClient(supabase.url).rpc('settle_stripe_event', {
		p_id: id,
		p_claim: claimId ?? '',
		p_handled: handled,
	})
	if (error) throw error
}

test('one claim at a time; given back, the next delivery claims it; handled, it stays handled', async () => {
	const id = `evt_${uniqueName('reclamo')}`
	const first = await claim(id)
	expect(first).toMatchObject({ state: 'claimed' })
	expect(await claim(id)).toEqual({ state: 'in_progress', claim: null })
	await settle(id, first?.claim, false)
	const second = await claim(id)
	expect(second).toMatchObject({ state: 'claimed' })
	expect(second?.claim).not.toBe(first?.claim)
	// The first delivery's claim is not the event's any more: it settles nothing.
	await settle(id, first?.claim, true)
	expect(await claim(id)).toEqual({ state: 'in_progress', claim: null })
	await settle(id, second?.claim, true)
	expect(await claim(id)).toEqual({ state: 'handled', claim: null })
})

test('a claim whose lease ran out (its process died) goes to the next delivery', async () => {
	const id = `evt_${uniqueName('caducado')}`
	expect(await claim(id, 0)).toMatchObject({ state: 'claimed' })
	await new Promise((resolve) => setTimeout(resolve, 20))
	expect(await claim(id)).toMatchObject({ state: 'claimed' })
})

test('ten claims at once: one wins', async () => {
	const id = `evt_${uniqueName('diez')}`
	const states = await Promise.all(Array.from({ length: 10 }, () => claim(id)))
	expect(states.filter((answer) => answer?.state === 'claimed')).toHaveLength(1)
	expect(states.filter((answer) => answer?.state === 'in_progress')).toHaveLength(9)
})

test('an event recorded before claims existed is handled', async () => {
	const id = `evt_${uniqueName('antiguo')}`
	await serviceClient(supabase.url).from('stripe_eventos').insert({ id, type: 'invoice.paid' }).throwOnError()
	expect(await claim(id)).toEqual({ state: 'handled', claim: null })
})
