import { createTransport } from 'nodemailer'
import { env } from './env'

const transport = createTransport(env.SMTP_URL)

export type Mail = {
	to: string
	subject: string
	text: string
	html?: string
	attachments?: { filename: string; content: string; contentType: string }[]
}

/** Sends by SMTP (locally the mail catcher). A failed e-mail is logged and reported, never thrown. */
export async function sendMail(mail: Mail) {
	try {
		await transport.sendMail({ from: env.MAIL_FROM, ...mail })
		return true
	} catch (error) {
		console.error(`[mail] could not send "${mail.subject}" to ${mail.to}`, error)
		return false
	}
}
