/** Lower-case words that belong to the surname after them: 'de la Fuente', 'del Río', 'San Martín'. */
const particles = new Set(['de', 'del', 'la', 'las', 'los', 'y', 'da', 'do', 'dos', 'van', 'von'])

/**
 * The name given at sign-up, split the Spanish way into nombre and apellidos: the last two
 * surnames (each with its particles) are apellidos and the rest is the given name, so 'María José
 * García López' is María José / García López. A guess the person can correct on their profile.
 */
export function splitFullName(fullName: string): { nombre: string; apellidos: string } {
	const groups: string[] = []
	let pending: string[] = []
	for (const word of fullName.trim().split(/\s+/).filter(Boolean)) {
		pending.push(word)
		if (!particles.has(word.toLowerCase())) {
			groups.push(pending.join(' '))
			pending = []
		}
	}
	if (pending.length > 0) groups.push(pending.join(' '))
	if (groups.length <= 1) return { nombre: groups[0] ?? '', apellidos: '' }
	const surnames = groups.length === 2 ? 1 : 2
	return { nombre: groups.slice(0, -surnames).join(' '), apellidos: groups.slice(-surnames).join(' ') }
}
