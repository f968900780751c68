import { company } from './company'

/** The forms that take personal data, each with the first-layer notice of what is done with it. */
export type PrivacyNoticeForm = 'contact' | 'investor' | 'newsletter' | 'handover' | 'booking' | 'signup'

/**
 * The first layer of the information the GDPR asks for (art. 13) where the data is given, beside each form's submit
 * button: who is responsible, what for, which rights and where, and the privacy policy for the rest (the AEPD's
 * layered model). The controller's name is the configured one (app/components/privacy-notice.tsx).
 */
export const privacyNotice = {
	controller: 'Responsable',
	purpose: 'Finalidad',
	purposes: {
		contact: 'responder a tu mensaje',
		investor: 'responder a tu interés como inversor y enviarte información del proyecto',
		newsletter: 'enviarte el boletín, del que puedes darte de baja en cualquier envío',
		handover: 'que una persona del equipo responda a tu pregunta por correo',
		booking: 'organizar tu demostración y enviarte la invitación y sus cambios',
		signup: 'crear y gestionar tu cuenta del portal de clientes',
	} satisfies Record<PrivacyNoticeForm, string>,
	rights: 'Derechos',
	rightsText: `acceso, rectificación, supresión y los demás que recoge la política, en ${company.privacyEmail}`,
	more: 'Más información en la',
	policy: 'política de privacidad',
	policyPath: '/politica-privacidad',
} as const
