import { documentLimits, documentsPathPattern } from '~/lib/documents'
import { maxBodyBytes } from '~/.server/http/responses'

/**
 * The largest body a request may declare, refused with 413 before anything reads it: our forms are a few
 * kilobytes, a client's documents up to the upload's limit (app/lib/documents.ts; deploy/nginx says the same).
 */
export function bodyLimitFor(url: string) {
	return documentsPathPattern.test(url) ? documentLimits.maxRequestBytes : maxBodyBytes
}
