import { createTransport } from 'nodemailer'

export type MailSettings = { host: string; port: number; from: string }

export type Mailer = {
	send: (message: { to: string; subject: string; text: string; html: string }) => Promise<void>
}

export function createMailer({ host, port, from }: MailSettings): Mailer {
	const transport = createTransport({ host, port, secure: false, ignoreTLS: true })
	return {
		async send(message) {
			await transport.sendMail({ from, ...message })
		},
	}
}

function layout(title: string, paragraphs: string[], action: { label: string; url: string }) {
	const text = [title, '', ...paragraphs, '', `${action.label}: ${action.url}`].join('\n')
	const html = `<!doctype html><html lang="es"><body style="font-family:system-ui,sans-serif;color:#1f2937;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px">${title}</h1>
${paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join('\n')}
<p><a href="${action.url.replace(/"/g, '&quot;')}" style="display:inline-block;background:#6d28d9;color:#fff;padding:12px 20px;border-radius:999px;text-decoration:none">${action.label}</a></p>
<p style="font-size:12px;color:#6b7280">Si no has sido tú, ignora este mensaje.</p>
</body></html>`
	return { text, html }
}

export function confirmationEmail(url: string) {
	return {
		subject: 'Confirma tu cuenta de KIA',
		...layout(
			'Confirma tu cuenta',
			['Gracias por registrarte en KIA.', 'Pulsa el botón para confirmar tu correo y acceder a tu panel de cliente.'],
			{ label: 'Confirmar mi cuenta', url },
		),
	}
}

export function recoveryEmail(url: string) {
	return {
		subject: 'Restablece tu contraseña de KIA',
		...layout(
			'Restablece tu contraseña',
			['Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de KIA.'],
			{ label: 'Elegir una nueva contraseña', url },
		),
	}
}
