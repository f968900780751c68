/**
 * React 19 sets a hydrated <textarea> back to the text the server rendered (its `initTextarea`, unlike
 * `initInput`, does not check whether it is hydrating), so whatever someone wrote while the page's
 * scripts were still loading would be lost. Read before hydrating; the returned function puts it back.
 */
export function rememberTypedTextareas() {
	const typed = [...document.querySelectorAll('textarea')]
		.filter((textarea) => textarea.value !== textarea.defaultValue)
		.map((textarea) => ({ textarea, value: textarea.value }))
	return function restoreTypedTextareas() {
		// Only where React reset it: text typed again since then is newer.
		for (const { textarea, value } of typed)
			if (textarea.isConnected && textarea.value === textarea.defaultValue) textarea.value = value
	}
}
