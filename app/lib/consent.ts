/** Necessary is always true; analytics and marketing are opt-in. */
export type Consent = { necessary: true; analytics: boolean; marketing: boolean }

export const consentStorageKey = 'cookie_consent'

/** The choice mirrored for the server: a cookie named as ours are, whatever the spec calls its storage key. */
export const consentCookieName = 'kia-consent'

export const consentChoices = {
	accept: { necessary: true, analytics: true, marketing: true },
	reject: { necessary: true, analytics: false, marketing: false },
} satisfies Record<string, Consent>

/**
 * The stored choice (cookie or localStorage), or null when it is missing or not ours. Read on every
 * page in the browser, so it is checked by hand rather than with a schema library.
 */
export function parseConsent(raw: string | null | undefined): Consent | null {
	if (!raw) return null
	let value: unknown
	try {
		value = JSON.parse(raw)
	} catch {
		return null
	}
	if (typeof value !== 'object' || value === null) return null
	const { analytics, marketing } = value as Record<string, unknown>
	if (typeof analytics !== 'boolean' || typeof marketing !== 'boolean') return null
	return { necessary: true, analytics, marketing }
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
