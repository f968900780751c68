import { expect, test } from 'vitest'
import { cpuSlowdownFor } from '../../bench/lighthouse'

test('the CPU slowdown follows the points of Lighthouse’s calibration calculator', () => {
	expect(cpuSlowdownFor(2000)).toBeCloseTo(6, 1)
	expect(cpuSlowdownFor(1533)).toBeCloseTo(4, 1)
	expect(cpuSlowdownFor(1300)).toBe(3)
	expect(cpuSlowdownFor(1000)).toBeCloseTo(2.4, 5)
	expect(cpuSlowdownFor(800)).toBe(2)
	expect(cpuSlowdownFor(150)).toBe(1)
	expect(cpuSlowdownFor(100)).toBe(1)
})
