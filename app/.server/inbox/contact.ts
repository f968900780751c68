import { contactSchema, investorSchema } from '~/lib/contact-schemas'
import type { SiteFormType } from '~/lib/inbox'
import { contactDestination } from './forms'
import type { PublicForm } from './public-forms'

const saveFailed = 'Error al guardar los datos. Inténtalo de nuevo.'

/** Contacto General (/contacto) and Contacto Sobre KIA (/sobre-kia): name, e-mail and message. */
export function contactForm(formType: Exclude<SiteFormType, 'investor_contact'>): PublicForm<typeof contactSchema> {
	return {
		formType,
		schema: contactSchema,
		payload: (value) => ({ ...value, destination: contactDestination() }),
		failure: { message: saveFailed, toast: { type: 'error', title: 'Error al enviar', description: saveFailed } },
		success: {
			type: 'success',
			title: '¡Mensaje Enviado!',
			description: 'Gracias por contactar. Te responderemos pronto.',
		},
	}
}

const investorFailure = {
	type: 'error',
	title: 'Error al enviar el formulario.',
	description: 'Por favor, inténtalo de nuevo más tarde.',
} as const

/** The investors' form (/invertir): full name, e-mail, optional entity, message. */
export const investorForm: PublicForm<typeof investorSchema> = {
	formType: 'investor_contact',
	schema: investorSchema,
	failure: { message: investorFailure.title, toast: investorFailure },
	success: {
		type: 'success',
		title: '¡Formulario enviado con éxito!',
		description: 'Gracias por tu interés. Nos pondremos en contacto contigo pronto.',
	},
}
