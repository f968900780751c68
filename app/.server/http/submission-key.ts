import { createHash } from 'node:crypto'
import { z } from 'zod'
import { submissionKeyField } from '~/lib/submission-key'

const pageKey = z.uuid()

/** A key for the forms of one page: the root loader's, rendered by SubmissionKeyInput. */
export const newPageKey = () => crypto.randomUUID()

/**
 * The key a submission is stored with: the same for the form sent again from its page with the same values, so a
 * repeat (after an answer that never came) meets what the first one stored instead of storing it twice. The page's
 * key alone is not enough: the shared cache gives every visitor of a page the same one, and a page may send its form
 * again with other values; with what was sent, it is one visitor's one submission. `scope` starts it: the client's
 * id for the rows they write themselves (the database checks that it is theirs), the form's type for the server's.
 * Null when the post carries no key of ours (a page of an older release, a post made by hand): stored unkeyed.
 */
export function submissionKey(formData: FormData, scope: string, sent: unknown) {
	const key = pageKey.safeParse(formData.get(submissionKeyField))
	if (!key.success) return null
	const digest = createHash('sha256')
		.update(`${key.data}\n${JSON.stringify(sent)}`)
		.digest('base64url')
	return `${scope}:${digest}`
}
