import { expect, test } from 'vitest'
import { networkOf } from '~/.server/security/rate-limit'

// Where the limits count a visitor (decision 014): one IPv4 address, or one IPv6 /64.
test.each([
	['203.0.113.7', '203.0.113.7'],
	['::ffff:203.0.113.7', '203.0.113.7'],
	['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
	['2001:db8:1:2::1', '2001:db8:1:2::/64'],
	['2001:0db8:0001:0002:0000:0000:0000:0099', '2001:db8:1:2::/64'],
	['::1', '::/64'],
	['unknown', 'unknown'],
])('%s counts as %s', (address, network) => {
	expect(networkOf(address)).toBe(network)
})
