import { z } from 'zod'
import { log } from '../log'

/** Where browsers send what the Content-Security-Policy blocked (`report-uri`, and `report-to` by its name). */
export const cspReportPath = '/resources/csp'
export const cspReportGroup = 'csp'

/** The fields a report carries in either format: `report-uri`'s (kebab-case) and the Reporting API's (camelCase). */
const violationSchema = z.looseObject({
	'document-uri': z.string().optional(),
	documentURL: z.string().optional(),
	'violated-directive': z.string().optional(),
	'effective-directive': z.string().optional(),
	effectiveDirective: z.string().optional(),
	'blocked-uri': z.string().optional(),
	blockedURL: z.string().optional(),
})

const reportUriSchema = z.object({ 'csp-report': violationSchema })
const reportingApiSchema = z.array(z.object({ type: z.string(), body: violationSchema }))

type Violation = z.infer<typeof violationSchema>

/** Only the origin of a URL, or the keyword a report uses ('inline', 'eval'): paths and queries may hold tokens. */
function originOnly(value: string | undefined) {
	if (!value) return null
	return URL.canParse(value) ? new URL(value).origin : value.slice(0, 40)
}

function pathOnly(value: string | undefined) {
	return value && URL.canParse(value) ? new URL(value).pathname.slice(0, 200) : null
}

const summary = (violation: Violation) => ({
	directive: (
		violation.effectiveDirective ??
		violation['effective-directive'] ??
		violation['violated-directive'] ??
		''
	).slice(0, 60),
	blocked: originOnly(violation.blockedURL ?? violation['blocked-uri']),
	page: pathOnly(violation.documentURL ?? violation['document-uri']),
})

/** The violations of one report body, as much as it says in either format; none for anything else. */
export function violationsIn(body: string): ReturnType<typeof summary>[] {
	let parsed: unknown
	try {
		parsed = JSON.parse(body)
	} catch {
		return []
	}
	const single = reportUriSchema.safeParse(parsed)
	if (single.success) return [summary(single.data['csp-report'])]
	const batch = reportingApiSchema.safeParse(parsed)
	if (!batch.success) return []
	return batch.data.filter((report) => report.type === 'csp-violation').map((report) => summary(report.body))
}

/** One line each, at info: a report is what a visitor's browser (or anyone) says, not an error of ours. */
export function logViolations(violations: ReturnType<typeof summary>[]) {
	for (const violation of violations.slice(0, 10)) log.info({ violation }, '[csp] blocked')
}
