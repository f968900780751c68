// `npm run screenshots -- <base port> <path…>`: PNGs of pages on both hosts, desktop and phone, dark and light,
// into test-results/screenshots, to look at every page a change touches. With SCREENSHOT_LOGIN=email:password
// every page is taken signed in (the session is shared by both hosts).
import { mkdirSync } from 'node:fs'
import { chromium, devices } from '@playwright/test'
import { launchOptions } from '../playwright.config'

const [portArg = '5173', ...paths] = process.argv.slice(2)
const targets = paths.length > 0 ? paths : ['site:/', 'portal:/auth', 'site:/no-existe']
const outDir = 'test-results/screenshots'
mkdirSync(outDir, { recursive: true })

const browser = await chromium.launch(launchOptions)
// A Spanish visitor's browser: date fields read dd/mm/aaaa, as our users see them.
const spanish = { locale: 'es-ES', timezoneId: 'Europe/Madrid' }

/** Signs in once (SCREENSHOT_LOGIN=email:password) and hands every page the session: the sign-in form is rate limited. */
async function signedInState() {
	const login = process.env.SCREENSHOT_LOGIN
	if (!login) return undefined
	const [email = '', password = ''] = login.split(':')
	const portal = `http://portal.kia.localhost:${portArg}`
	const context = await browser.newContext(spanish)
	const page = await context.newPage()
	await page.goto(`${portal}/auth`)
	await page.locator('#signin').getByLabel('Email').fill(email)
	await page.locator('#signin').getByLabel('Contraseña').fill(password)
	await page.locator('#signin').getByRole('button', { name: 'Iniciar Sesión' }).click()
	await page.waitForURL(`${portal}/dashboard`)
	const state = await context.storageState()
	await context.close()
	return state
}

const storageState = await signedInState()
for (const target of targets) {
	const [host = 'site', path = '/'] = target.split(/:(.*)/s)
	const origin = `http://${host === 'portal' ? 'portal.' : ''}kia.localhost:${portArg}`
	for (const [device, options] of [
		['desktop', { viewport: { width: 1440, height: 900 } }],
		['phone', devices['Pixel 7']],
	] as const) {
		for (const theme of ['dark', 'light'] as const) {
			const context = await browser.newContext({ ...options, ...spanish, storageState })
			await context.addCookies([
				{ name: host === 'portal' ? 'kia-portal-theme' : 'kia-theme', value: theme, url: origin },
			])
			const page = await context.newPage()
			await page.goto(origin + path, { waitUntil: 'networkidle' })
			const name = `${host}${path.replace(/[/?=&]+/g, '_')}-${device}-${theme}.png`
			await page.screenshot({ path: `${outDir}/${name}`, fullPage: true })
			console.info(`${outDir}/${name}`)
			await context.close()
		}
	}
}
await browser.close()
