import { expect, test } from 'vitest'
import { cpuSlowdownFor, longMainThreadWork } from '../../bench/lighthouse'

test('the CPU slowdown follows the points of Lighthouse’s calibration calculator', () => {
	expect(cpuSlowdownFor(2000)).toBeCloseTo(6, 1)
	expect(cpuSlowdownFor(1533)).toBeCloseTo(4, 1)
	expect(cpuSlowdownFor(1300)).toBe(3)
	expect(cpuSlowdownFor(1000)).toBeCloseTo(2.4, 5)
	expect(cpuSlowdownFor(800)).toBe(2)
	expect(cpuSlowdownFor(150)).toBe(1)
	expect(cpuSlowdownFor(100)).toBe(1)
})

test('the long tasks’ wall and CPU time are the main thread’s, from the page’s navigation, in tasks Lantern keeps', () => {
	const main = { pid: 2, tid: 2 }
	const task = (ts: number, dur: number, tdur: number, thread = main) => ({
		name: 'RunTask',
		ph: 'X',
		ts,
		dur,
		tdur,
		...thread,
	})
	const navigation = (ts: number, url: string) => ({
		name: 'navigationStart',
		ph: 'R',
		ts,
		...main,
		args: { data: { isLoadingMainFrame: true, documentLoaderURL: url } },
	})
	const events = [
		navigation(0, ''),
		task(500, 40_000, 30_000),
		navigation(1_000, 'http://kia.localhost/'),
		task(2_000, 32_000, 11_000),
		task(40_000, 9_999, 9_000),
		task(60_000, 21_000, 400),
		task(60_000, 50_000, 50_000, { pid: 2, tid: 3 }),
		task(60_000, 50_000, 50_000, { pid: 1, tid: 2 }),
	]
	expect(longMainThreadWork(events)).toEqual({ wallMs: 53, cpuMs: 11 })
	expect(longMainThreadWork(events.filter((event) => event.name !== 'navigationStart' || event.ts === 0))).toBeNull()
})
