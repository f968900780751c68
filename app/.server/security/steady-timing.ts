import { log } from '../log'
/**
 * Answers whose timing must not tell whether an account or a subscriber exists (decision 014): Supabase
 * Auth answers a sign-in for an unknown address at once and checks a known one's password for about a
 * tenth of a second; a recovery or a newsletter sign-up for a known address sends an e-mail first.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)))

/** Waits until `ms` have passed since `started` (a performance.now() reading); at once if they have. */
export function notBefore(started: number, ms: number) {
	return sleep(started + ms - performance.now())
}

/**
 * A floor for one kind of answer that rises to the slowest of them in the last minute (up to `maximumMs`):
 * a fixed floor hides the password check only while the check is shorter, and on a busy server it is not.
 */
export function risingFloor(minimumMs: number, maximumMs: number, windowMs = 60_000) {
	const recent: { at: number; ms: number }[] = []
	return {
		/** Counts the work begun at `started`, then waits until it has taken as long as the slowest recent one. */
		async wait(started: number) {
			const now = performance.now()
			while (recent.length >= 256 || (recent[0] && recent[0].at < now - windowMs)) recent.shift()
			recent.push({ at: now, ms: now - started })
			const floor = Math.min(maximumMs, Math.max(minimumMs, ...recent.map((entry) => entry.ms)))
			await notBefore(started, floor)
		},
	}
}

/**
 * Runs `work` and answers `ms` after the call whatever it does: with its result (or its error) when it is
 * done by then, with `pending` otherwise. Work that is not done goes on after the answer; a failure then is
 * logged, as nobody is waiting for it.
 */
export async function inFixedTime<T>(work: Promise<T>, ms: number, pending: T): Promise<T> {
	const started = performance.now()
	let answered = false
	let outcome: { value: T } | { error: unknown } | undefined
	const finished = work.then(
		(value) => (outcome = { value }),
		(error: unknown) => {
			outcome = { error }
			if (answered) log.error({ err: error }, '[timing] work failed after its answer')
		},
	)
	await Promise.race([finished, sleep(ms)])
	await notBefore(started, ms)
	answered = true
	if (!outcome) return pending
	if ('error' in outcome) throw outcome.error
	return outcome.value
}
