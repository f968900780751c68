/**
 * What people send, as form_submissions.form_type: the site's forms, confirmed newsletter sign-ups
 * ('newsletter'), the chat's hand-overs to a person ('chat') and the clients' support requests from
 * the portal ('soporte'). Each is a kind of item in the inbox.
 */
export const formTypes = [
	'Contacto General',
	'Contacto Sobre KIA',
	'investor_contact',
	'newsletter',
	'chat',
	'soporte',
] as const
export type FormType = (typeof formTypes)[number]
/** The forms of the public site, which our server stores for visitors. */
export type SiteFormType = Exclude<FormType, 'soporte'>

export const supportStatuses = ['nueva', 'en_curso', 'resuelta'] as const
export type SupportStatus = (typeof supportStatuses)[number]

export const isFormType = (value: string): value is FormType => (formTypes as readonly string[]).includes(value)
export const isSupportStatus = (value: string): value is SupportStatus =>
	(supportStatuses as readonly string[]).includes(value)
