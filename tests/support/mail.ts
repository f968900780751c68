/** Reads the local mail catcher (MailDev's JSON API), as a person would read their inbox. */
export type CaughtMail = {
	id: string
	subject: string
	text: string
	html: string
	to: { address: string; name: string }[]
	date: string
	attachments?: { contentType: string; generatedFileName: string }[]
}

export async function inbox(mailUrl: string, recipient: string): Promise<CaughtMail[]> {
	const response = await fetch(`${mailUrl}/email`)
	const all = (await response.json()) as CaughtMail[]
	return all.filter((mail) => mail.to.some((to) => to.address.toLowerCase() === recipient.toLowerCase()))
}

/** Waits for the newest mail to `recipient` whose subject matches. */
export async function waitForMail(mailUrl: string, recipient: string, subject: RegExp, timeoutMs = 10_000) {
	const deadline = Date.now() + timeoutMs
	while (Date.now() < deadline) {
		const match = (await inbox(mailUrl, recipient)).filter((mail) => subject.test(mail.subject)).at(-1)
		if (match) return match
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
	throw new Error(`No mail to ${recipient} matching ${subject} within ${timeoutMs} ms`)
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
