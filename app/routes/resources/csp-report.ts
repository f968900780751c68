import { logViolations, violationsIn } from '~/.server/security/csp-reports'
import { readBody } from '~/.server/http/responses'
import { isRateLimited } from '~/.server/security/rate-limit'
import type { Route } from './+types/csp-report'

/** Reports are a few hundred bytes; anything much bigger is not one. */
const maxReportBytes = 16 * 1024

/**
 * What the Content-Security-Policy blocked, as browsers report it (no cookie, often no Origin). Answered 204
 * whatever it holds, so it tells a sender nothing; each address is heard a few dozen times in ten minutes, so
 * nobody fills the log through it.
 */
export async function action({ request, context }: Route.ActionArgs) {
	const bytes = await readBody(request)
	if (bytes.byteLength > maxReportBytes) return new Response(null, { status: 413 })
	const body = new TextDecoder().decode(bytes)
	if (!(await isRateLimited(context, 'cspReport'))) logViolations(violationsIn(body))
	return new Response(null, { status: 204 })
}
