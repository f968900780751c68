import type { Page } from '@playwright/test'
import { contractingTerms, cookiePolicy, privacyPolicy } from '../../app/content/legal'
import { aboutVisuals, planDelivery, projectScenes, webappScreens } from '../../app/content/page-visuals'
import { comparison } from '../../app/content/plans'
import { productVisuals } from '../../app/content/product-visuals'
import { projects } from '../../app/content/projects'
import { anchorId } from '../../app/lib/anchors'
import { expect, openApp, test } from '../support/e2e-test'
import { expectFullRows, expectLinedUp, expectNoSidewaysScroll, expectSameWidth } from '../support/layout'
import { screenshotThemes } from '../support/screenshots'
import { siteURL } from '../support/urls'

// Issue 20: the pictures of the product, the hero's particle canvas, and the site's layout fixes.

const particles = 'canvas[data-particles]'

/**
 * The chat button is rendered in the first idle moment after hydration, as the canvas is: once it shows,
 * the canvas has had its turn. On a busy machine that takes longer than an assertion's 5 s.
 */
async function waitForIdleWidgets(page: Page) {
	await expect(page.getByRole('button', { name: 'Abrir chat con KIA' })).toBeVisible({ timeout: 20_000 })
}

test.describe('pictures of the product', () => {
	test('the home shows the assistant at work, the portal and the channels, each with a text alternative', async ({
		page,
	}) => {
		await page.goto(siteURL('/'))
		for (const label of [productVisuals.chat.label, productVisuals.email.label, productVisuals.portal.label]) {
			await expect(page.getByRole('img', { name: label, exact: true })).toBeVisible()
		}
		const channels = page.getByRole('list', { name: productVisuals.channels.heading })
		for (const name of productVisuals.channels.items) {
			await expect(channels.getByRole('listitem').filter({ hasText: name })).toBeVisible()
		}
		const steps = page.locator('#magia').getByRole('listitem')
		await expect(steps).toHaveCount(4)
		for (const step of await steps.all()) await expect(step.getByRole('img')).toHaveAccessibleName(/^Ilustración: /)
	})

	test('every step of /como-funciona is illustrated, and the channels are named', async ({ page }) => {
		await page.goto(siteURL('/como-funciona'))
		const steps = page.getByRole('list').filter({ hasText: 'Paso 1' }).getByRole('listitem')
		await expect(steps).toHaveCount(6)
		const names = await Promise.all((await steps.all()).map((step) => step.getByRole('img').getAttribute('aria-label')))
		expect(new Set(names).size).toBe(6)
		await expect(page.getByRole('list', { name: productVisuals.channels.heading })).toBeVisible()
	})

	test('the product pictures fit a phone screen: no page scrolls sideways @phone', async ({ page }) => {
		for (const path of [
			'/',
			'/como-funciona',
			'/invertir',
			'/sobre-kia',
			'/proyectos',
			'/webapp-incluida',
			'/tarifas/enterprise',
			'/politica-privacidad',
		]) {
			await page.goto(siteURL(path))
			await expectNoSidewaysScroll(page)
		}
		await page.goto(siteURL('/'))
		await expect(page.getByRole('img', { name: productVisuals.chat.label, exact: true })).toBeInViewport({
			ratio: 0.01,
		})
	})
})

// Issue 55: /webapp-incluida, /proyectos, the plan pages and /sobre-kia told of the product in text alone.
test.describe('pages that show the product', () => {
	const screen = (page: Page, label: string) => page.getByRole('img', { name: label, exact: true })
	const { gallery } = webappScreens

	for (const viewport of [
		{ width: 390, height: 844 },
		{ width: 1280, height: 900 },
	]) {
		test.describe(`${viewport.width} px wide`, () => {
			test.use({ viewport })

			test('/webapp-incluida shows its start page and each of its screens with what it is for', async ({ page }) => {
				await page.goto(siteURL('/webapp-incluida'))
				await expect(screen(page, webappScreens.home.label)).toBeInViewport({ ratio: 0.1 })
				for (const item of [gallery.meetings, gallery.billing, gallery.assistants, gallery.support]) {
					const shown = screen(page, item.label)
					await shown.scrollIntoViewIfNeeded()
					await expect(shown).toBeVisible()
					const figure = page.getByRole('listitem').filter({ has: shown })
					await expect(figure.getByRole('heading', { name: item.caption })).toBeVisible()
				}
			})

			test('/proyectos shows each case at work, with its figures', async ({ page }) => {
				await page.goto(siteURL('/proyectos'))
				for (const project of projects.items) {
					const article = page.locator(`article#${project.id}`)
					await article.scrollIntoViewIfNeeded()
					await expect(article.getByRole('img', { name: projectScenes[project.id].label, exact: true })).toBeVisible()
					const figures = article.getByRole('list', { name: projects.figuresLabel }).getByRole('listitem')
					await expect(figures).toHaveText(project.figures.map((figure) => `${figure.value}${figure.label}`))
					await expect(article.getByText(project.client)).toBeVisible()
				}
			})

			test('each plan page shows the plan in figures and the assistant it delivers', async ({ page }) => {
				for (const plan of ['starter', 'business', 'enterprise'] as const) {
					await page.goto(siteURL(`/tarifas/${plan}`))
					const figures = page.getByRole('region', { name: 'El plan en cifras' })
					for (const row of comparison.filter((entry) => ['Canales', 'Documentos'].includes(entry.label))) {
						await expect(figures.getByRole('definition').filter({ hasText: row.values[plan] })).toBeVisible()
					}
					const delivered = screen(page, planDelivery[plan].label)
					await delivered.scrollIntoViewIfNeeded()
					await expect(delivered).toBeVisible()
				}
			})

			test('/sobre-kia shows an assistant’s day, the facts and its showcased projects at work', async ({ page }) => {
				await page.goto(siteURL('/sobre-kia'))
				await expect(screen(page, aboutVisuals.day.label)).toBeInViewport({ ratio: 0.1 })
				await expect(page.getByRole('complementary', { name: aboutVisuals.facts.heading })).toBeVisible()
				const showcase = page.locator('#proyectos-destacados')
				await showcase.scrollIntoViewIfNeeded()
				for (const id of ['asistente-fiscal-whatsapp', 'reservas-eventos-casas'] as const) {
					await expect(showcase.getByRole('img', { name: projectScenes[id].label, exact: true })).toBeVisible()
				}
			})
		})
	}
})

test.describe('particle background', () => {
	test('starts after hydration, hidden from assistive technology, and pauses off-screen and in hidden tabs', async ({
		page,
	}) => {
		await openApp(page, siteURL('/'))
		await waitForIdleWidgets(page)
		const canvas = page.locator(particles)
		await expect(canvas).toHaveAttribute('data-running', 'true')
		await expect(canvas).toHaveAttribute('aria-hidden', 'true')
		expect(await canvas.evaluate((element) => getComputedStyle(element).position)).toBe('absolute')
		// Handed to the worker that draws it (issue 19): a canvas whose control was transferred has no context here.
		const drawnBy = await canvas.evaluate((element: HTMLCanvasElement) => {
			try {
				element.getContext('2d')
				return 'page'
			} catch {
				return 'worker'
			}
		})
		expect(drawnBy).toBe('worker')

		await page.locator('#faq').scrollIntoViewIfNeeded()
		await expect(canvas).toHaveAttribute('data-running', 'false')
		await page.evaluate(() => window.scrollTo(0, 0))
		await expect(canvas).toHaveAttribute('data-running', 'true')

		await page.evaluate(() => {
			Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
			document.dispatchEvent(new Event('visibilitychange'))
		})
		await expect(canvas).toHaveAttribute('data-running', 'false')
	})

	test('is not drawn for visitors who ask for reduced motion', async ({ browser }) => {
		const context = await browser.newContext({ reducedMotion: 'reduce' })
		const page = await context.newPage()
		await openApp(page, siteURL('/'))
		await waitForIdleWidgets(page)
		await expect(page.locator(particles)).toHaveCount(0)
		await context.close()
	})

	test('is not in the page without JavaScript', async ({ browser }) => {
		const context = await browser.newContext({ javaScriptEnabled: false })
		const page = await context.newPage()
		await page.goto(siteURL('/'))
		await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
		await expect(page.locator('canvas')).toHaveCount(0)
		await expect(page.getByRole('img', { name: productVisuals.chat.label, exact: true })).toBeVisible()
		await context.close()
	})
})

test.describe('layout fixes', () => {
	test("the home's blog block has its own 'Ver todas las entradas'; the newsletter card does not", async ({ page }) => {
		await page.goto(siteURL('/'))
		const blog = page.locator('#blog')
		await expect(blog.getByRole('link', { name: 'Ver todas las entradas' })).toHaveAttribute('href', '/blog')
		const newsletterCard = blog.locator('div.rounded-3xl', { has: page.getByRole('textbox') })
		await expect(newsletterCard.getByRole('link', { name: 'Ver todas las entradas' })).toHaveCount(0)
	})

	test('capability cards line up their icons and titles across a row', async ({ page }) => {
		await page.setViewportSize({ width: 1440, height: 900 })
		await page.goto(siteURL('/'))
		const cards = page.locator('#funciones li')
		const tops = async (selector: string) =>
			Promise.all(
				(await cards.all()).slice(0, 4).map((card) =>
					card
						.locator(selector)
						.first()
						.evaluate((e) => e.getBoundingClientRect().top),
				),
			)
		for (const selector of ['span', 'h3', 'p']) expect(new Set(await tops(selector)).size, selector).toBe(1)
	})

	test('/invertir: each figure reads number first with its caption under it, and every card has a heading', async ({
		page,
	}) => {
		await page.goto(siteURL('/invertir'))
		const figures = page.locator('#cifras li')
		await expect(figures).toHaveCount(4)
		await expect(figures.first()).toHaveText(/^\+3 millones\s*de autónomos en España\s*Fuente: Seguridad Social/)
		// The market's figures are the market's, with their sources, apart from KIA's own (issue 68).
		const market = page.getByRole('region', { name: 'El mercado', exact: true })
		await expect(market).toContainText('Datos públicos del mercado español, no de KIA.')
		await expect(market.locator('li')).toHaveCount(2)
		for (const figure of await market.locator('li').all()) await expect(figure).toContainText('Fuente:')
		const own = page.getByRole('region', { name: 'KIA', exact: true })
		await expect(own.locator('li')).toHaveText([/^30 días/, /^3 canales/])
		for (const figure of await figures.all()) {
			const [number, caption] = await Promise.all([
				figure.getByRole('heading').boundingBox(),
				figure.locator('p').boundingBox(),
			])
			expect(number && caption && caption.y > number.y).toBe(true)
		}
		const numberTops = await Promise.all(
			(await figures.all()).map((f) => f.getByRole('heading').evaluate((e) => e.getBoundingClientRect().top)),
		)
		expect(new Set(numberTops).size).toBe(1)
		for (const card of await page.locator('main li.rounded-2xl, main div.rounded-2xl.border').all()) {
			await expect(card.getByRole('heading')).not.toHaveCount(0)
		}
	})

	test('text pages keep the title and the text in one column', async ({ page }) => {
		await page.setViewportSize({ width: 1440, height: 900 })
		for (const [path, body] of [
			['/sobre-kia', page.getByRole('heading', { name: 'Cómo nació el asistente' })],
			['/politica-privacidad', page.getByText(privacyPolicy.intro)],
		] as const) {
			await page.goto(siteURL(path))
			const [title, text] = await Promise.all([
				page.getByRole('heading', { level: 1 }).boundingBox(),
				body.boundingBox(),
			])
			expect(title && text && Math.abs(title.x - text.x), path).toBeLessThanOrEqual(1)
		}
	})

	for (const [path, document, extra] of [
		['/politica-privacidad', privacyPolicy, ['aviso-legal']],
		['/politica-cookies', cookiePolicy, ['preferencias', 'aviso-legal']],
		['/terminos-contratacion', contractingTerms, ['aviso-legal']],
	] as const) {
		test(`${path} has a table of contents whose links jump to its sections, without JavaScript`, async ({
			browser,
		}) => {
			const context = await browser.newContext({ javaScriptEnabled: false })
			const page = await context.newPage()
			await page.goto(siteURL(path))
			const contents = page.getByRole('navigation', { name: 'En esta página' })
			const links = contents.getByRole('link')
			const expected = [...document.sections.map((section) => anchorId(section.heading)), ...extra]
			await expect(links).toHaveCount(expected.length)
			for (const [index, id] of expected.entries()) {
				await expect(links.nth(index)).toHaveAttribute('href', `#${id}`)
				await expect(page.locator(`[id="${id}"]`).getByRole('heading', { level: 2 })).toHaveCount(1)
			}
			const last = expected.at(-1) ?? ''
			await links.last().click()
			await expect(page).toHaveURL(new RegExp(`#${last}$`))
			await expect(page.locator(`[id="${last}"]`).getByRole('heading', { level: 2 })).toBeInViewport()
			await context.close()
		})
	}
})

// Issue 55: 'Servicios adicionales' sat indented from its title and left a card alone on its last row, as did the
// sections of /webapp-incluida.
test.describe('cards on a page', () => {
	for (const width of [390, 800, 1280, 1440]) {
		test(`fill every row and start under their titles, ${width} px wide`, async ({ page }) => {
			await page.setViewportSize({ width, height: 900 })
			await page.goto(siteURL('/tarifas'))
			await expectFullRows(page.locator('main article').first().locator('..'))
			const services = page.getByRole('region', { name: 'Servicios adicionales' })
			await expectFullRows(services.getByRole('list'))
			await expectLinedUp(services.getByRole('heading', { level: 2 }), services.getByRole('list'))
			const table = page.getByRole('region', { name: 'Comparativa de planes' })
			await expectLinedUp(page.getByRole('heading', { name: 'Compara los planes' }), table)
			// The services' list spans the section as the table above does: no list with empty space beside it (issue 68).
			await expectSameWidth(table, services.getByRole('list'))

			await page.goto(siteURL('/webapp-incluida'))
			const sections = page.locator('main section#que-es').locator('..')
			await expectFullRows(sections)
			await expectLinedUp(page.getByRole('heading', { level: 1 }), sections)
		})
	}
})

// Issue 68: on a phone the comparison cut off the plans' names and prices at the screen's edge, with nothing to say
// that the table went on.
test.describe('the plans’ comparison', () => {
	const comparisonOf = (page: Page) => page.getByRole('region', { name: 'Comparativa de planes' })
	const swipeHint = 'Desliza la tabla para ver los tres planes.'

	test('on a phone it keeps its labels in sight while each plan scrolls in whole beside them @phone', async ({
		page,
	}) => {
		await page.setViewportSize({ width: 390, height: 844 })
		await page.goto(siteURL('/tarifas'))
		const table = comparisonOf(page)
		await table.scrollIntoViewIfNeeded()
		await expect(page.getByRole('main').getByText(swipeHint)).toBeVisible()
		const label = table.getByRole('rowheader', { name: 'Funciones activas' })
		for (const plan of ['Starter', 'Business', 'Enterprise']) {
			const heading = table.getByRole('columnheader', { name: new RegExp(`^${plan}`) })
			await heading.evaluate((cell) => cell.scrollIntoView({ inline: 'end', block: 'nearest', behavior: 'instant' }))
			const [box, cell, labels] = await Promise.all([table.boundingBox(), heading.boundingBox(), label.boundingBox()])
			if (!box || !cell || !labels) throw new Error('the comparison is not laid out')
			// The labels stay at the table's left edge; the plan, its name and price, is wholly beside them.
			expect(Math.round(labels.x), `${plan}: the labels stay in sight`).toBe(Math.round(box.x + 1))
			expect(cell.x, `${plan} is not under the labels`).toBeGreaterThanOrEqual(labels.x + labels.width - 1)
			expect(cell.x + cell.width, `${plan} is not cut off at the right`).toBeLessThanOrEqual(box.x + box.width)
			await expect(heading).toContainText(/\d[\d.]*\s*€/)
		}
		await expectNoSidewaysScroll(page)
	})

	test('on a desktop it shows every plan at once, without the phone’s hint', async ({ page }) => {
		await page.setViewportSize({ width: 1440, height: 900 })
		await page.goto(siteURL('/tarifas'))
		const table = comparisonOf(page)
		await table.scrollIntoViewIfNeeded()
		await expect(page.getByRole('main').getByText(swipeHint)).toBeHidden()
		expect(await table.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0)
	})

	test('screenshots of /tarifas, desktop and phone, dark and light', async ({ browser }) => {
		await screenshotThemes(browser, { name: 'tarifas', url: siteURL('/tarifas'), fullPage: true })
		await screenshotThemes(browser, {
			name: 'tarifas-comparativa',
			url: siteURL('/tarifas'),
			prepare: (page) => page.locator('#comparativa').evaluate((section) => section.scrollIntoView()),
		})
	})
})
