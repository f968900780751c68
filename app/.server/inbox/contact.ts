import { parseWithZod } from '@conform-to/zod/v4'
import { data, type RouterContextProvider } from 'react-router'
import { adminCopy } from '~/content/admin'
import { contactSchema, investorSchema } from '~/lib/contact-schemas'
import type { SiteFormType } from '~/lib/inbox'
import { contactDestination, rejectSpam, saveSubmission } from './forms'
import { readForm } from '../http/responses'
import { sendMail } from '../mail'
import { isRateLimited, rateLimitedMessage, rateLimitedToast } from '../security/rate-limit'
import { getRequestInfo } from '../http/request'
import { redirectWithToast, toastHeaders } from '../http/toast'

const saveFailed = 'Error al guardar los datos. Inténtalo de nuevo.'

/** Contact forms: validate, save, then a success toast and an empty form, or the spec's errors. */
export async function handleContactForm(
	request: Request,
	context: Readonly<RouterContextProvider>,
	formType: Exclude<SiteFormType, 'investor_contact'>,
) {
	const formData = await readForm(request)
	await rejectSpam(formData)
	const submission = parseWithZod(formData, { schema: contactSchema })
	if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
	if (await isRateLimited(context, 'contact')) {
		return data(
			{ result: submission.reply({ formErrors: [rateLimitedMessage] }) },
			{ status: 429, headers: await rateLimitedToast() },
		)
	}
	const payload = { ...submission.value, destination: contactDestination() }
	const saved = await saveSubmission(formType, payload)
	if (!saved) {
		return data(
			{ result: submission.reply({ formErrors: [saveFailed] }) },
			{
				status: 500,
				headers: await toastHeaders({ type: 'error', title: 'Error al enviar', description: saveFailed }),
			},
		)
	}
	await notifyCompany(formType, payload)
	return redirectWithToast(getRequestInfo(context).url.pathname, {
		type: 'success',
		title: '¡Mensaje Enviado!',
		description: 'Gracias por contactar. Te responderemos pronto.',
	})
}

export async function handleInvestorForm(request: Request, context: Readonly<RouterContextProvider>) {
	const formData = await readForm(request)
	await rejectSpam(formData)
	const submission = parseWithZod(formData, { schema: investorSchema })
	if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
	if (await isRateLimited(context, 'contact')) {
		return data(
			{ result: submission.reply({ formErrors: [rateLimitedMessage] }) },
			{ status: 429, headers: await rateLimitedToast() },
		)
	}
	const saved = await saveSubmission('investor_contact', submission.value)
	if (saved) await notifyCompany('investor_contact', submission.value)
	if (!saved) {
		const error = {
			type: 'error',
			title: 'Error al enviar el formulario.',
			description: 'Por favor, inténtalo de nuevo más tarde.',
		} as const
		return data(
			{ result: submission.reply({ formErrors: [error.title] }) },
			{ status: 500, headers: await toastHeaders(error) },
		)
	}
	return redirectWithToast(getRequestInfo(context).url.pathname, {
		type: 'success',
		title: '¡Formulario enviado con éxito!',
		description: 'Gracias por tu interés. Nos pondremos en contacto contigo pronto.',
	})
}

/** The company hears of every saved submission; a failed e-mail is logged and loses nothing (it is stored). */
export async function notifyCompany(formType: SiteFormType, payload: Record<string, string | undefined>) {
	const { kinds, fields } = adminCopy.inbox
	const kind = kinds[formType]
	const lines = Object.entries(payload)
		.filter(([key, value]) => key !== 'destination' && value)
		.map(([key, value]) => `${key in fields ? fields[key as keyof typeof fields] : key}: ${value}`)
	await sendMail({
		to: contactDestination(),
		subject: `Nuevo formulario: ${kind.charAt(0).toLowerCase()}${kind.slice(1)}`,
		text: `Se ha recibido un formulario «${kind}» en la web:\n\n${lines.join('\n')}`,
	})
}
