import { avatarLimits, accountPathPattern } from '~/lib/avatars'
import { documentLimits, documentsPathPattern } from '~/lib/documents'
import { maxBodyBytes } from '~/.server/http/responses'

/**
 * The largest body a request may declare, refused with 413 before anything reads it: our forms are a few
 * kilobytes, a client's documents up to the upload's limit (app/lib/documents.ts), Mi Cuenta's form with its photo
 * up to its own (app/lib/avatars.ts); deploy/nginx says the same.
 */
export function bodyLimitFor(url: string) {
	if (documentsPathPattern.test(url)) return documentLimits.maxRequestBytes
	return accountPathPattern.test(url) ? avatarLimits.maxRequestBytes : maxBodyBytes
}
