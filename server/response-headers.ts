/** Headers that describe one transfer, not the page: a kept page (or its copy in the bench) makes its own. */
export const perResponseHeaders = new Set([
	'content-length',
	'content-encoding',
	'transfer-encoding',
	'date',
	'connection',
	'x-request-id',
	'keep-alive',
])
