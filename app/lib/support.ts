/** What the site's forms store, as form_submissions.form_type: each is a kind of item in the inbox. */
export const formTypes = ['Contacto General', 'Contacto Sobre KIA', 'investor_contact'] as const
export type FormType = (typeof formTypes)[number]

export const supportStatuses = ['nueva', 'en_curso', 'resuelta'] as const
export type SupportStatus = (typeof supportStatuses)[number]

export const isFormType = (value: string): value is FormType => (formTypes as readonly string[]).includes(value)
export const isSupportStatus = (value: string): value is SupportStatus =>
	(supportStatuses as readonly string[]).includes(value)
