import * as z from 'zod/mini'

/** SPEC §3: necessary is always true; analytics and marketing are opt-in. */
export const consentSchema = z.object({
	necessary: z.catch(z.literal(true), true),
	analytics: z.boolean(),
	marketing: z.boolean(),
})

export type Consent = z.infer<typeof consentSchema>

export const consentStorageKey = 'cookie_consent'

export const consentChoices = {
	accept: { necessary: true, analytics: true, marketing: true },
	reject: { necessary: true, analytics: false, marketing: false },
} satisfies Record<string, Consent>

export function parseConsent(raw: string | null | undefined): Consent | null {
	if (!raw) return null
	try {
		const parsed = consentSchema.safeParse(JSON.parse(raw))
		return parsed.success ? parsed.data : null
	} catch {
		return null
	}
}

/** The Google consent mode update the spec asks for. */
export function gtagConsent(consent: Consent) {
	const state = (granted: boolean) => (granted ? 'granted' : 'denied')
	return {
		analytics_storage: state(consent.analytics),
		ad_storage: state(consent.marketing),
		ad_user_data: state(consent.marketing),
		ad_personalization: state(consent.marketing),
	}
}
