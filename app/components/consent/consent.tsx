import {
	createContext,
	lazy,
	useCallback,
	useContext,
	useEffect,
	useMemo,
	useState,
	useSyncExternalStore,
	type ReactNode,
} from 'react'
import { useFetcher } from 'react-router'
import { useHydrated } from '~/components/hydrated'
import { Icon } from '~/components/ui/icon'
import { cookieTexts } from '~/content/cookies'
import {
	consentChoices,
	consentCookieName,
	consentStorageKey,
	gtagConsent,
	parseConsent,
	type Consent,
} from '~/lib/consent'
import { preferenceCookie } from '~/lib/preference-cookie'
import { consentAction, RedirectBack, type ConsentFetcher } from './consent-form'
import { Button } from '../ui/button'
import { DeferredDialog, preloadDialog } from '../ui/deferred-dialog'

const preferencesPage = '/politica-cookies#preferencias'

// The switches open in a dialog only a few visitors ask for; both are fetched on demand.
const loadPreferencesForm = () => import('./consent-preferences')
const ConsentPreferencesForm = lazy(() =>
	loadPreferencesForm().then((module) => ({ default: module.ConsentPreferencesForm })),
)

/** For the buttons that open the preferences: their code starts loading on pointer-down or focus. */
export function preloadPreferences() {
	preloadDialog()
	void loadPreferencesForm()
}

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
		// A failed read is logged and the banner shown.
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
export function ConsentProvider({
	initial,
	showBanner = true,
	children,
}: {
	initial: Consent | null
	showBanner?: boolean
	children: ReactNode
}) {
	const fetcher = useFetcher<{ consent: Consent | null }>({ key: 'cookie-consent' })
	const storedRaw = useSyncExternalStore(subscribeToNothing, readStoredConsent, () => null)
	const stored = useMemo(() => parseConsent(storedRaw), [storedRaw])
	const [preferencesOpen, setPreferencesOpen] = useState(false)
	const consent = fetcher.data?.consent ?? initial ?? stored
	const openPreferences = useCallback(() => setPreferencesOpen(true), [])

	useEffect(() => {
		// The cookie was lost but the browser still has the choice: tell the server again.
		if (!initial && stored) {
			document.cookie = preferenceCookie(
				consentCookieName,
				JSON.stringify(stored),
				window.location.protocol === 'https:',
			)
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
			{/* The banner and the footer open it: focus goes back to whichever button did. */}
			<DeferredDialog
				open={preferencesOpen}
				onOpenChange={setPreferencesOpen}
				title={cookieTexts.dialogTitle}
				description={cookieTexts.dialogText}
			>
				{/* No Suspense of its own: the dialog waits for its form, so focus lands on the first switch. */}
				<ConsentPreferencesForm
					consent={consent ?? consentChoices.reject}
					fetcher={fetcher}
					onSubmit={() => setPreferencesOpen(false)}
				/>
			</DeferredDialog>
		</ConsentContext.Provider>
	)
}

function ConsentBanner({ fetcher, onCustomize }: { fetcher: ConsentFetcher; onCustomize: () => void }) {
	const hydrated = useHydrated()
	return (
		<section
			data-cookie-banner
			aria-label={cookieTexts.bannerLabel}
			className="fixed inset-x-2 bottom-2 z-40 mx-auto max-w-3xl rounded-2xl border bg-surface p-4 shadow-2xl sm:inset-x-6 sm:bottom-6 sm:p-5"
		>
			{/* On a phone it keeps to a quarter of the screen: no icon, smaller text, the three choices on one row. */}
			<div className="flex gap-3">
				<Icon name="cookie" className="mt-0.5 hidden size-5 shrink-0 text-brand-ink sm:block" />
				<div>
					<h2 className="text-sm font-semibold sm:text-base">{cookieTexts.bannerHeading}</h2>
					<p className="mt-1 text-xs leading-snug text-muted-foreground sm:text-sm sm:leading-normal">
						{cookieTexts.bannerText}
					</p>
				</div>
			</div>
			<fetcher.Form
				method="post"
				action={consentAction}
				className="mt-3 grid grid-cols-3 gap-2 *:px-2 *:text-[13px] sm:mt-4 sm:flex sm:flex-wrap sm:justify-end sm:*:px-5 sm:*:text-sm"
			>
				<RedirectBack />
				{hydrated ? (
					<Button
						type="button"
						variant="ghost"
						aria-haspopup="dialog"
						onPointerDown={preloadPreferences}
						onFocus={preloadPreferences}
						onClick={onCustomize}
					>
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
