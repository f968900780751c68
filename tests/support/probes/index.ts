import { adminProbes } from './admin'
import type { Probe } from './common'
import { portalProbes } from './portal'
import { siteProbes } from './site'

export * from './common'

export const probeFactories = { ...siteProbes, ...portalProbes, ...adminProbes }

let sharedProbes: Promise<Probe[]> | undefined

/**
 * One set of probes per worker for the tests that only check nothing changes, built one after another: built all at
 * once, their forty-odd sign-ups and sign-ins queued together at the local Supabase (one process, one database
 * connection), and on a machine whose cores were busy the last ones waited past the app's 10 s bound on a Supabase
 * call (503). Four at a time, the subscription probe's webhook once took past 15 s on an idle machine. One at a time,
 * the e-mails each waits for add up (21 s on an idle machine): the tests that may build them (each worker builds its
 * own) get a longer budget.
 */
export const buildProbes = () => (sharedProbes ??= buildInTurn())
export const probesBudget = 180_000

async function buildInTurn() {
	const probes: Probe[] = []
	for (const factory of Object.values(probeFactories)) probes.push(await factory())
	return probes
}
