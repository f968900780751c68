import { parseWithZod } from '@conform-to/zod/v4'
import { data, type RouterContextProvider } from 'react-router'
import { contactSchema, investorSchema } from '~/lib/schemas'
import { contactDestination, rejectSpam, saveSubmission, type FormType } from './forms'
import { getSupabase } from './supabase'
import { redirectWithToast, toastHeaders } from './toast'

const saveFailed = 'Error al guardar los datos. Inténtalo de nuevo.'

/** Contact forms (SPEC §4): validate, save, then a success toast and an empty form, or the spec's errors. */
export async function handleContactForm(request: Request, context: Readonly<RouterContextProvider>, formType: Exclude<FormType, 'investor_contact'>) {
	const formData = await request.formData()
	await rejectSpam(formData)
	const submission = parseWithZod(formData, { schema: contactSchema })
	if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
	const saved = await saveSubmission(getSupabase(context), formType, { ...submission.value, destination: contactDestination() })
	if (!saved) {
		return data(
			{ result: submission.reply({ formErrors: [saveFailed] }) },
			{ status: 500, headers: await toastHeaders({ type: 'error', title: 'Error al enviar', description: saveFailed }) },
		)
	}
	return redirectWithToast(new URL(request.url).pathname, {
		type: 'success',
		title: '¡Mensaje Enviado!',
		description: 'Gracias por contactar. Te responderemos pronto.',
	})
}

export async function handleInvestorForm(request: Request, context: Readonly<RouterContextProvider>) {
	const formData = await request.formData()
	await rejectSpam(formData)
	const submission = parseWithZod(formData, { schema: investorSchema })
	if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
	const saved = await saveSubmission(getSupabase(context), 'investor_contact', submission.value)
	if (!saved) {
		const error = { type: 'error', title: 'Error al enviar el formulario.', description: 'Por favor, inténtalo de nuevo más tarde.' } as const
		return data({ result: submission.reply({ formErrors: [error.title] }) }, { status: 500, headers: await toastHeaders(error) })
	}
	return redirectWithToast(new URL(request.url).pathname, {
		type: 'success',
		title: '¡Formulario enviado con éxito!',
		description: 'Gracias por tu interés. Nos pondremos en contacto contigo pronto.',
	})
}
