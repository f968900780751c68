import { useEffect } from 'react'
import { Form, useFetchers, useLocation, useRevalidator } from 'react-router'
import { useHydrated } from '~/components/hydrated'
import { Icon, type IconName } from '~/components/ui/icon'
import { hostKindOf, type HostKind } from '~/lib/host'
import { preferenceCookieAttributes } from '~/lib/preference-cookie'
import { defaultTheme, parseTheme, themeLabels, themeStorageKey, type Theme } from '~/lib/theme'
import { cn } from '~/lib/utils'
import { useVisitorView } from '~/lib/wrong-host'

const themeAction = '/resources/theme'

/** The theme the page shows now: a choice being saved wins over the one the server knows. */
export function useTheme(): Theme {
	const visitor = useVisitorView()
	const pending = useFetchers().find((fetcher) => fetcher.formAction === themeAction)
	return parseTheme(pending?.formData?.get('theme')) ?? visitor?.theme ?? defaultTheme
}

/**
 * Runs before the first paint: keeps localStorage in step with the cookie,
 * and restores the cookie from localStorage when it has been lost. The page
 * shows the cookie's theme even when the server rendered another: a choice
 * saved while the page was on its way (Claro, then a reload at once) sets the
 * cookie after the request left without it.
 */
export function themeScript(host: HostKind) {
	const key = JSON.stringify(themeStorageKey(host))
	return `(function(){try{var k=${key},d=document.documentElement,v=function(t){return t==='light'||t==='dark'||t==='system'},m=document.cookie.match(new RegExp('(?:^|; )'+k+'=([^;]*)'));if(m&&v(m[1])){d.dataset.theme=m[1];localStorage.setItem(k,m[1]);return}var s=localStorage.getItem(k);if(v(s)){d.dataset.theme=s;document.cookie=k+'='+s+${JSON.stringify(preferenceCookieAttributes)}+(location.protocol==='https:'?'; Secure':'')}}catch(e){}})()`
}

/**
 * Keeps a choice in localStorage as it is made (where the spec keeps the theme); on every load, themeScript keeps it
 * in step with the cookie. Only a choice is stored, never the theme a render shows: a render can show the server's
 * last answer, as when the revalidation after a choice is cut short by a reload.
 */
function storeTheme(theme: Theme) {
	try {
		window.localStorage.setItem(themeStorageKey(hostKindOf(window.location.hostname)), theme)
	} catch {
		// Storage can be disabled; the cookie still carries the choice.
	}
}

/**
 * When the page shows another theme than the server rendered with (themeScript restored the cookie from localStorage,
 * or followed a cookie the request went without), the loaders are asked again, now with that cookie, so that the
 * switch and the toasts follow the page.
 */
export function useThemeInStep(theme: Theme) {
	const { revalidate } = useRevalidator()
	useEffect(() => {
		if (parseTheme(document.documentElement.dataset.theme) !== theme) void revalidate()
	}, [theme, revalidate])
}

const options: { value: Theme; icon: IconName }[] = [
	{ value: 'light', icon: 'sun' },
	{ value: 'dark', icon: 'moon' },
	{ value: 'system', icon: 'monitor' },
]

/**
 * Claro / Oscuro / Sistema. A plain form post, so it also works without JavaScript; with it, the post goes as a
 * fetcher's and the page stays. A `Form` rather than `useFetcher`: a switch unmounts when the page hydrates (the
 * phone menu's script-free panel), and an unmounting fetcher has React Router re-render the whole page.
 */
export function ThemeSwitch({ className }: { className?: string }) {
	const location = useLocation()
	const theme = useTheme()
	// Without JavaScript the post comes back here; with it, the fetcher stays on the page.
	const hydrated = useHydrated()
	return (
		<Form
			method="post"
			action={themeAction}
			navigate={false}
			fetcherKey="theme"
			className={cn('inline-flex items-center gap-0.5 rounded-full border bg-surface p-0.5', className)}
		>
			{hydrated ? null : <input type="hidden" name="redirectTo" value={location.pathname + location.search} />}
			<span className="sr-only">Tema</span>
			{options.map(({ value, icon }) => (
				<button
					key={value}
					type="submit"
					name="theme"
					value={value}
					aria-pressed={theme === value}
					aria-label={themeLabels[value]}
					onClick={() => storeTheme(value)}
					title={themeLabels[value]}
					className={cn(
						'inline-flex size-8 items-center justify-center rounded-full text-muted-foreground transition-colors hover:text-foreground',
						theme === value && 'bg-brand/15 text-foreground',
					)}
				>
					<Icon name={icon} className="size-4" />
				</button>
			))}
		</Form>
	)
}
