/**
 * What people send, as form_submissions.form_type: the site's forms, confirmed newsletter sign-ups
 * ('boletin'), the chat's hand-overs to a person ('chat') and the clients' support requests from
 * the portal ('soporte'). Each is a kind of item in the inbox.
 */
export const formTypes = [
	'Contacto General',
	'Contacto Sobre KIA',
	'investor_contact',
	'boletin',
	'chat',
	'soporte',
] as const
export type FormType = (typeof formTypes)[number]
/** The forms of the public site, which our server stores for visitors. */
export type SiteFormType = Exclude<FormType, 'soporte'>

export const inboxStatuses = ['nueva', 'en_curso', 'resuelta'] as const
export type InboxStatus = (typeof inboxStatuses)[number]

export const isFormType = (value: string): value is FormType => (formTypes as readonly string[]).includes(value)
export const isInboxStatus = (value: string): value is InboxStatus =>
	(inboxStatuses as readonly string[]).includes(value)
