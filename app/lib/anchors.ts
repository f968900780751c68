/** A heading's fragment identifier: '3. Finalidades y bases legales' → '3-finalidades-y-bases-legales'. */
export function anchorId(heading: string) {
	return heading
		.normalize('NFD')
		.replace(/\p{Diacritic}/gu, '')
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-|-$/g, '')
}
