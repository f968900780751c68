/**
 * Phone numbers as people read them. A Spanish number (+34, or nine digits from 6 to 9 with no prefix) is grouped
 * as Spain writes it: '+34 612 34 56 78', and freephone and premium numbers (800, 900, 901…) in threes,
 * '900 123 456'. Anything else is shown as it was typed: grouping another country's numbers needs that country's
 * rules, and a wrong grouping reads worse than none.
 */
export function formatPhone(value: string) {
	const typed = value.trim()
	const compact = typed.replace(/[\s.\-()]/g, '')
	const international = /^(?:\+|00)34(\d{9})$/.exec(compact)
	const national = international?.[1] ?? (/^\d{9}$/.test(compact) ? compact : null)
	if (!national || !/^[6-9]/.test(national)) return typed
	return `${international ? '+34 ' : ''}${groupSpanish(national)}`
}

function groupSpanish(digits: string) {
	const groups = /^[89]0/.test(digits)
		? [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)]
		: [digits.slice(0, 3), digits.slice(3, 5), digits.slice(5, 7), digits.slice(7)]
	return groups.join(' ')
}
