import { createTransport } from 'nodemailer'

export type MailSettings = { host: string; port: number; from: string }

export type Mailer = {
	send: (message: { to: string; subject: string; html: string }) => Promise<void>
}

export function createMailer({ host, port, from }: MailSettings): Mailer {
	const transport = createTransport({ host, port, secure: false, ignoreTLS: true })
	return {
		async send(message) {
			await transport.sendMail({ from, ...message })
		},
	}
}
