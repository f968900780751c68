import { createHash } from 'node:crypto'
import { createTransport } from 'nodemailer'
import addressparser from 'nodemailer/lib/addressparser'
import { singleLine } from '~/lib/header-text'
import type { InvitationMethod, Party } from '~/lib/ics'
import { callSignal } from './budget'
import { env } from './env'
import { PermanentJobError } from './jobs/worker'

/**
 * Mail is sent by the work queue's worker, whose jobs have a deadline: nodemailer would wait up to 2 minutes for a
 * connection (its connection timeout covers the DNS lookup and connecting) and 10 for a stalled one, where a
 * healthy server answers in well under a second.
 */
const transport = createTransport({
	url: env.SMTP_URL,
	connectionTimeout: 5_000,
	greetingTimeout: 5_000,
	socketTimeout: 15_000,
})

/**
 * The most one message may take in all, however slowly the server answers each command (or what is left of
 * the request's budget, when less).
 */
const messageTimeoutMs = 20_000

export type Mail = {
	to: string
	subject: string
	text: string
	html?: string
	/**
	 * Where the recipient's answer goes, when not to the sender: the company's inbox for a support reply, the
	 * visitor for a form the site sends the company.
	 */
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

/**
 * Sends by SMTP (locally the mail catcher), as the job `key` asks: its Message-ID is the key's, the same on every
 * attempt, so a message sent again after a worker died before recording it is the same message, which mail
 * systems keep once. Throws when it could not be sent, a PermanentJobError when the server refused the recipient or
 * the message for good (a 5xx to RCPT TO or DATA): retrying would be refused the same.
 */
export async function sendMail(mail: Mail, key: string) {
	try {
		await transport.sendMail({
			...composeMail(mail),
			messageId: messageIdFor(key),
			signal: callSignal(messageTimeoutMs),
		})
	} catch (error) {
		if (isRefusedForGood(error)) throw new PermanentJobError(`el servidor de correo lo rechaza: ${errorText(error)}`)
		throw new Error(`no se pudo enviar: ${errorText(error)}`, { cause: error })
	}
}

export const messageIdFor = (key: string) =>
	`<${createHash('sha256').update(key).digest('hex').slice(0, 32)}@${senderDomain()}>`

const senderDomain = () => mailSender().email.split('@')[1] ?? 'kia.es'

function isRefusedForGood(error: unknown) {
	if (!(error instanceof Error)) return false
	const { responseCode, command } = error as Error & { responseCode?: number; command?: string }
	return responseCode !== undefined && responseCode >= 500 && (command === 'RCPT TO' || command === 'DATA')
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * Who our e-mails come from, as a calendar party: the organizer of our
 * invitations must be the sender, or calendars may not trust its updates.
 */
export function mailSender(): Party {
	const [sender] = addressparser(env.MAIL_FROM, { flatten: true })
	return { name: sender?.name || 'KIA', email: sender?.address || env.MAIL_FROM }
}
