import { createTransport } from 'nodemailer'
import addressparser from 'nodemailer/lib/addressparser'
import { singleLine } from '~/lib/header-text'
import type { InvitationMethod, Party } from '~/lib/ics'
import { env } from './env'
import { log } from './log'

/**
 * Mail is sent while a visitor waits (a booking, a contact form): nodemailer
 * would wait up to 2 minutes for a connection and 10 for a stalled one. A
 * healthy server answers in well under a second.
 */
const transport = createTransport({
	url: env.SMTP_URL,
	connectionTimeout: 5_000,
	greetingTimeout: 5_000,
	socketTimeout: 15_000,
})

export type Mail = {
	to: string
	subject: string
	text: string
	html?: string
	/** Where the recipient's answer goes, when not to the sender (a support reply: the company's inbox). */
	replyTo?: string
	/** A calendar invitation (`.ics`) for the recipient's calendar app. */
	invitation?: { method: InvitationMethod; content: string }
	/**
	 * A list mail's unsubscribe address: `List-Unsubscribe`, and `List-Unsubscribe-Post` so that mail
	 * apps offer their own one-click button, which posts to it (RFC 8058).
	 */
	unsubscribeUrl?: string
}

/**
 * The message as handed to nodemailer: subjects are made one line here,
 * whatever text went into them, so no header can be injected. An invitation
 * travels as Outlook and Gmail send theirs (RFC 6047): a `text/calendar;
 * method=…` alternative of the body, which calendar-aware clients turn into
 * an invitation, plus the same file attached for every other client.
 */
export function composeMail({ invitation, unsubscribeUrl, ...mail }: Mail) {
	return {
		...mail,
		from: env.MAIL_FROM,
		subject: singleLine(mail.subject),
		...(unsubscribeUrl && {
			list: { unsubscribe: unsubscribeUrl },
			headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
		}),
		...(invitation && {
			icalEvent: { method: invitation.method, filename: 'demostracion-kia.ics', content: invitation.content },
		}),
	}
}

/** Sends by SMTP (locally the mail catcher). A failed e-mail is logged and reported, never thrown. */
export async function sendMail(mail: Mail) {
	try {
		await transport.sendMail(composeMail(mail))
		return true
	} catch (error) {
		log.error({ err: error }, `[mail] could not send “${mail.subject}” to ${mail.to}`)
		return false
	}
}

/**
 * Who our e-mails come from, as a calendar party: the organizer of our
 * invitations must be the sender, or calendars may not trust its updates.
 */
export function mailSender(): Party {
	const [sender] = addressparser(env.MAIL_FROM, { flatten: true })
	return { name: sender?.name || 'KIA', email: sender?.address || env.MAIL_FROM }
}
