import { mailURL } from './urls'

/** Reads the local mail catcher (MailDev's JSON API), as a person would read their inbox. */
export type CaughtMail = {
	id: string
	subject: string
	text: string
	html: string
	to: { address: string; name: string }[]
	date: string
	/** Parts of the body other than text and HTML: a calendar invitation's text/calendar part. */
	alternatives?: { contentType: string; method?: string }[]
	attachments?: { contentType: string; generatedFileName: string }[]
	/** The message's headers, names lower-cased. */
	headers?: Record<string, string>
}

/** Every mail the catcher holds for `recipient`, oldest first. */
export async function inbox(recipient: string): Promise<CaughtMail[]> {
	const response = await fetch(`${mailURL()}/email`)
	const all = (await response.json()) as CaughtMail[]
	return all.filter((mail) => mail.to.some((to) => to.address.toLowerCase() === recipient.toLowerCase()))
}

/**
 * The newest mail to `recipient` whose subject matches. An inbox other tests write to too (the company's)
 * needs `mentioning`: text only this test's mail holds.
 */
export async function waitForMail(recipient: string, subject: RegExp, mentioning?: string, timeoutMs = 10_000) {
	const deadline = Date.now() + timeoutMs
	while (Date.now() < deadline) {
		const match = (await inbox(recipient))
			.filter((mail) => subject.test(mail.subject))
			.filter((mail) => mentioning === undefined || mail.text.includes(mentioning))
			.at(-1)
		if (match) return match
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
	const about = mentioning === undefined ? '' : ` that mentions ${mentioning}`
	throw new Error(`No mail to ${recipient} matching ${subject}${about} within ${timeoutMs} ms`)
}

/**
 * The calendar invitation a mail carries, as a calendar app finds it: the method its text/calendar part
 * names, and the attached file byte for byte (the JSON of the catcher turns its CRLFs into LFs). Null when
 * the mail carries none.
 */
export async function invitationIn(mail: CaughtMail) {
	const part = mail.alternatives?.find((alternative) => alternative.contentType === 'text/calendar')
	const file = mail.attachments?.find((attachment) => attachment.contentType === 'application/ics')
	if (!part && !file) return null
	if (!part || !file) throw new Error(`"${mail.subject}" carries only half an invitation`)
	const response = await fetch(`${mailURL()}/email/${mail.id}/attachment/${encodeURIComponent(file.generatedFileName)}`)
	return { method: part.method, ics: await response.text() }
}

/** The first link in the mail's HTML whose URL contains `fragment`. */
export function linkIn(mail: CaughtMail, fragment: string) {
	const links = [...mail.html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]?.replace(/&amp;/g, '&') ?? '')
	const link = links.find((href) => href.includes(fragment))
	if (!link) throw new Error(`No link containing ${fragment} in "${mail.subject}"`)
	return link
}

/** The link of an auth e-mail (supabase/templates): our callback page, with the token hash and whose link it is. */
export function authLinkIn(mail: CaughtMail) {
	return new URL(linkIn(mail, 'token_hash='))
}
