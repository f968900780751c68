import { Cookie } from 'lucide-react'
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react'
import { useFetcher, useLocation } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import { cookieTexts } from '~/content/pages'
import { consentChoices, consentStorageKey, gtagConsent, parseConsent, type Consent } from '~/lib/consent'
import { Button } from './ui/button'
import { Dialog, DialogContent } from './ui/dialog'
import { Switch } from './ui/switch'

const consentAction = '/resources/consent'
const preferencesPage = '/politica-cookies#preferencias'

type ConsentState = { consent: Consent | null; openPreferences: () => void }
const ConsentContext = createContext<ConsentState | null>(null)

export function useConsent() {
	const state = useContext(ConsentContext)
	if (!state) throw new Error('useConsent must be used inside <ConsentProvider>')
	return state
}

declare global {
	interface Window {
		gtag?: (command: 'consent', action: 'update', values: Record<string, string>) => void
	}
}

/** Stores the choice where the spec says (localStorage) and tells Google's consent mode, when present. */
function applyInBrowser(consent: Consent) {
	try {
		window.localStorage.setItem(consentStorageKey, JSON.stringify(consent))
	} catch (error) {
		console.warn('[consent] could not save the choice in localStorage', error)
	}
	window.gtag?.('consent', 'update', gtagConsent(consent))
}

function readStoredConsent(): string | null {
	try {
		return window.localStorage.getItem(consentStorageKey)
	} catch (error) {
		// SPEC §8: a failed read is logged and the banner shown.
		console.warn('[consent] could not read localStorage', error)
		return null
	}
}

const subscribeToNothing = () => () => {}

/**
 * Cookie banner and preferences dialog. The server knows the choice from a
 * cookie mirrored from localStorage, so the banner is rendered only when
 * needed; every button is a form post, so it all works without JavaScript.
 */
export function ConsentProvider({ initial, showBanner = true, children }: { initial: Consent | null; showBanner?: boolean; children: ReactNode }) {
	const fetcher = useFetcher<{ consent: Consent | null }>({ key: 'cookie-consent' })
	const storedRaw = useSyncExternalStore(subscribeToNothing, readStoredConsent, () => null)
	const stored = useMemo(() => parseConsent(storedRaw), [storedRaw])
	const [preferencesOpen, setPreferencesOpen] = useState(false)
	const opener = useRef<HTMLElement | null>(null)
	const consent = fetcher.data?.consent ?? initial ?? stored

	// The dialog has no trigger of its own (the banner and the footer open it), so Radix
	// cannot hand focus back on close; it goes back to whichever button opened it.
	const openPreferences = useCallback(() => {
		opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
		setPreferencesOpen(true)
	}, [])
	const returnFocus = useCallback((event: Event) => {
		if (!opener.current?.isConnected) return
		event.preventDefault()
		opener.current.focus()
	}, [])

	useEffect(() => {
		// The cookie was lost but the browser still has the choice: tell the server again.
		if (!initial && stored) {
			document.cookie = `${consentStorageKey}=${encodeURIComponent(JSON.stringify(stored))}; path=/; max-age=31536000; samesite=lax`
		}
	}, [initial, stored])

	useEffect(() => {
		if (fetcher.data?.consent) applyInBrowser(fetcher.data.consent)
	}, [fetcher.data])

	const state = useMemo(() => ({ consent, openPreferences }), [consent, openPreferences])
	const pending = fetcher.state !== 'idle'

	return (
		<ConsentContext.Provider value={state}>
			{children}
			{consent || pending || !showBanner ? null : <ConsentBanner fetcher={fetcher} onCustomize={openPreferences} />}
			<Dialog open={preferencesOpen} onOpenChange={setPreferencesOpen}>
				<DialogContent title={cookieTexts.dialogTitle} description={cookieTexts.dialogText} onCloseAutoFocus={returnFocus}>
					<ConsentPreferencesForm consent={consent ?? consentChoices.reject} fetcher={fetcher} onSubmit={() => setPreferencesOpen(false)} />
				</DialogContent>
			</Dialog>
		</ConsentContext.Provider>
	)
}

type ConsentFetcher = ReturnType<typeof useFetcher<{ consent: Consent | null }>>

function RedirectBack() {
	const location = useLocation()
	const hydrated = useHydrated()
	// Only without JavaScript does the post navigate, and then it must come back here.
	return hydrated ? null : <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
}

function ConsentBanner({ fetcher, onCustomize }: { fetcher: ConsentFetcher; onCustomize: () => void }) {
	const hydrated = useHydrated()
	return (
		<section
			aria-label={cookieTexts.bannerLabel}
			className="fixed inset-x-3 bottom-3 z-40 mx-auto max-w-3xl rounded-2xl border bg-surface p-5 shadow-2xl sm:inset-x-6 sm:bottom-6"
		>
			<div className="flex gap-3">
				<Cookie aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-ink" />
				<div>
					<h2 className="font-semibold">{cookieTexts.bannerHeading}</h2>
					<p className="mt-1 text-sm text-muted-foreground">{cookieTexts.bannerText}</p>
				</div>
			</div>
			<fetcher.Form method="post" action={consentAction} className="mt-4 flex flex-wrap justify-end gap-2">
				<RedirectBack />
				{hydrated ? (
					<Button type="button" variant="ghost" onClick={onCustomize}>
						{cookieTexts.customize}
					</Button>
				) : (
					<Button asChild variant="ghost">
						<a href={preferencesPage}>{cookieTexts.customize}</a>
					</Button>
				)}
				<Button type="submit" name="intent" value="reject" variant="secondary">
					{cookieTexts.reject}
				</Button>
				<Button type="submit" name="intent" value="accept">
					{cookieTexts.accept}
				</Button>
			</fetcher.Form>
		</section>
	)
}

/** The switches; also shown on the cookie policy page, where it works without JavaScript. */
export function ConsentPreferencesForm({ consent, fetcher, onSubmit }: { consent: Consent; fetcher?: ConsentFetcher; onSubmit?: () => void }) {
	const ownFetcher = useFetcher<{ consent: Consent | null }>({ key: 'cookie-consent' })
	const form = fetcher ?? ownFetcher
	const hydrated = useHydrated()
	const [analytics, setAnalytics] = useState(consent.analytics)
	const [marketing, setMarketing] = useState(consent.marketing)
	const options: { id: string; label: string; text: string; checked: boolean; disabled?: boolean; onChange?: (checked: boolean) => void }[] = [
		{ id: 'necessary', ...cookieTexts.options.necessary, checked: true, disabled: true },
		{ id: 'analytics', ...cookieTexts.options.analytics, checked: analytics, onChange: setAnalytics },
		{ id: 'marketing', ...cookieTexts.options.marketing, checked: marketing, onChange: setMarketing },
	]
	return (
		<form.Form method="post" action={consentAction} className="space-y-4" onSubmit={onSubmit}>
			<RedirectBack />
			<ul className="space-y-3">
				{options.map((option) => (
					<li key={option.id} className="flex items-start justify-between gap-4 rounded-xl border p-4">
						<div>
							<label htmlFor={`consent-${option.id}`} className="font-medium">
								{option.label}
							</label>
							<p className="mt-0.5 text-sm text-muted-foreground">{option.text}</p>
						</div>
						{hydrated ? (
							<Switch
								id={`consent-${option.id}`}
								name={option.disabled ? undefined : option.id}
								checked={option.checked}
								disabled={option.disabled}
								onCheckedChange={option.onChange}
							/>
						) : (
							<input
								id={`consent-${option.id}`}
								type="checkbox"
								name={option.disabled ? undefined : option.id}
								defaultChecked={option.checked}
								disabled={option.disabled}
								className="mt-1 size-5 accent-brand"
							/>
						)}
					</li>
				))}
			</ul>
			<div className="flex flex-wrap justify-end gap-2">
				<Button type="submit" name="intent" value="reject" variant="secondary">
					{cookieTexts.rejectAll}
				</Button>
				<Button type="submit" name="intent" value="save">
					{cookieTexts.save}
				</Button>
			</div>
		</form.Form>
	)
}
