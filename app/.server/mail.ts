import { createTransport } from 'nodemailer'
import { singleLine } from '~/lib/header-text'
import { env } from './env'

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
	attachments?: { filename: string; content: string; contentType: string }[]
}

/**
 * The message as handed to nodemailer: subjects and file names are made one
 * line here, whatever text went into them, so no header can be injected.
 */
export function composeMail(mail: Mail) {
	return {
		...mail,
		from: env.MAIL_FROM,
		subject: singleLine(mail.subject),
		attachments: mail.attachments?.map((attachment) => ({
			...attachment,
			filename: singleLine(attachment.filename, 100),
		})),
	}
}

/** Sends by SMTP (locally the mail catcher). A failed e-mail is logged and reported, never thrown. */
export async function sendMail(mail: Mail) {
	try {
		await transport.sendMail(composeMail(mail))
		return true
	} catch (error) {
		console.error(`[mail] could not send "${mail.subject}" to ${mail.to}`, error)
		return false
	}
}
