import type { Locator, Page } from '@playwright/test'
import { billedClient } from '../support/billing'
import { expect, openApp, test } from '../support/e2e-test'
import { expectNoSidewaysScroll } from '../support/layout'
import { uniqueName } from '../support/unique'
import { portalURL, siteURL } from '../support/urls'
import { createAccount, createAdminAccount, createMeeting } from '../support/data'
import { acceptCookies, startSession } from '../support/browser'
import { serviceClient } from '../support/supabase'
import { screenshotThemes } from '../support/screenshots'

/** Issue 20's phone: 390 px wide. */
const phone = { width: 390, height: 844 }

/**
 * Shown, and wholly within the screen's width once the page is scrolled down to it: only the page
 * scrolls, so a table that scrolled sideways would leave it past the edge.
 */
async function expectWithinWidth(locator: Locator) {
	await locator.evaluate((element) =>
		window.scrollTo({
			top: window.scrollY + element.getBoundingClientRect().top - window.innerHeight / 2,
			behavior: 'instant',
		}),
	)
	await expect(locator).toBeVisible()
	const box = await locator.boundingBox()
	expect(box).not.toBeNull()
	expect(box?.x).toBeGreaterThanOrEqual(0)
	expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(phone.width)
}

test.describe('the site’s long pages on a phone', () => {
	test.use({ viewport: phone })

	// Issue 55: the deferred blocks' stand-in size once widened every page to 408 px until scrolled to the bottom.
	for (const path of [
		'/',
		'/tarifas',
		'/tarifas/starter',
		'/tarifas/business',
		'/tarifas/enterprise',
		'/como-funciona',
		'/webapp-incluida',
		'/proyectos',
		'/sobre-kia',
		'/blog',
		'/contacto',
	]) {
		test(`${path} is no wider than the screen on load, nor at any point scrolled down @phone`, async ({ page }) => {
			await openApp(page, siteURL(path))
			await expectNoSidewaysScroll(page)
		})
	}
})

// Issue 68: beside the side menu, one line of a meeting's actions clipped 'Reprogramar' and pushed 'Cancelar' out.
test.describe('the client’s meetings beside the side menu', () => {
	for (const width of [1024, 1280]) {
		test(`${width} px wide: every action of a meeting shows whole, and the table does not scroll`, async ({ page }) => {
			await page.setViewportSize({ width, height: 800 })
			const cliente = await createAccount(`reuniones-${width}`)
			// A reason with an e-mail address in it, a word no line can break: it widened the table past the frame.
			await createMeeting(cliente.id, cliente.email, {
				motivo: 'Integración con WhatsApp Business y la agenda de citas@gestoriadelmediterraneoyasociados.es',
			})
			await startSession(page, cliente.email)
			await openApp(page, portalURL('/dashboard/reuniones'))
			const table = page.getByRole('table')
			const frame = table.locator('..')
			const row = page.getByRole('row').filter({ hasText: 'Integración con WhatsApp Business' })
			const frameBox = await frame.boundingBox()
			for (const action of [
				row.getByRole('link', { name: 'Unirse' }),
				row.getByRole('button', { name: 'Reprogramar' }),
				row.getByRole('button', { name: 'Cancelar' }),
			]) {
				await expect(action).toBeInViewport({ ratio: 1 })
				const box = await action.boundingBox()
				expect(box && frameBox && box.x + box.width <= frameBox.x + frameBox.width, 'inside the frame').toBe(true)
			}
			expect(await frame.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0)
			await expectNoSidewaysScroll(page)
		})
	}

	test('screenshots of the meetings, desktop and phone, dark and light', async ({ browser, page }) => {
		const cliente = await createAccount('reuniones-capturas')
		await createMeeting(cliente.id, cliente.email, { motivo: 'Integración con WhatsApp Business y la agenda' })
		await createMeeting(cliente.id, cliente.email)
		await startSession(page, cliente.email)
		const cookies = await page.context().cookies()
		await screenshotThemes(browser, { name: 'reuniones', url: portalURL('/dashboard/reuniones'), cookies })
	})
})

test.describe('portal and admin tables on a phone', () => {
	test.use({ viewport: phone })

	test('the client’s meetings are stacked rows with their status and actions in sight @phone', async ({ page }) => {
		const cliente = await createAccount('reuniones-movil')
		await createMeeting(cliente.id, cliente.email, { motivo: 'Integración con WhatsApp Business y la agenda' })
		await startSession(page, cliente.email)
		await openApp(page, portalURL('/dashboard/reuniones'))
		const row = page.getByRole('row').filter({ hasText: 'Integración con WhatsApp Business' })
		await expectWithinWidth(row.getByText('Confirmada', { exact: true }))
		for (const action of ['Unirse', 'Reprogramar', 'Cancelar']) {
			await expectWithinWidth(row.getByRole(action === 'Unirse' ? 'link' : 'button', { name: action }))
		}
		// The headings are left to screen readers: each value carries its own label.
		await expect(page.getByRole('columnheader', { name: 'Estado' })).not.toBeInViewport()
		await expectNoSidewaysScroll(page)
		// The dialog trigger works from the stacked row.
		await row.getByRole('button', { name: 'Reprogramar' }).click()
		await expect(page.getByRole('dialog')).toBeVisible()
	})

	test('the client’s invoices show their status and links, with no sideways scroll @phone', async ({ page }) => {
		const cliente = await createAccount('facturas-movil')
		const tag = uniqueName('kia').replaceAll('-', '_')
		await serviceClient()
			.from('suscripciones')
			.insert({
				id: `sub_${tag}`,
				user_id: cliente.id,
				customer_id: `cus_${tag}`,
				price_id: 'price_business_monthly',
				plan: 'business',
				periodo: 'monthly',
				status: 'active',
				amount: 19900,
				currency: 'eur',
				price_interval: 'month',
				current_period_end: '2026-12-20T10:00:00Z',
			})
			.throwOnError()
		await serviceClient()
			.from('facturas')
			.insert({
				id: `in_${tag}`,
				user_id: cliente.id,
				customer_id: `cus_${tag}`,
				subscription_id: `sub_${tag}`,
				number: `KIA-${tag.slice(-6)}`,
				status: 'open',
				currency: 'eur',
				total: 19900,
				amount_due: 19900,
				amount_paid: 0,
				billing_reason: 'subscription_cycle',
				hosted_invoice_url: `https://invoice.stripe.com/i/${tag}`,
				invoice_pdf: `https://pay.stripe.com/invoice/${tag}/pdf`,
			})
			.throwOnError()
		await startSession(page, cliente.email)
		await openApp(page, portalURL('/dashboard/suscripcion'))
		const invoices = page.getByRole('region', { name: 'Facturas' })
		await expectWithinWidth(invoices.getByText('Pendiente de pago', { exact: true }))
		await expectWithinWidth(invoices.getByRole('link', { name: /^Pagar factura/ }))
		await expectWithinWidth(invoices.getByRole('link', { name: /PDF/ }))
		await expectNoSidewaysScroll(page)
	})

	test('Facturación’s lists are stacked rows with their status and Stripe link in sight @phone', async ({ page }) => {
		const admin = await createAdminAccount('facturacion-movil')
		const cliente = await billedClient('facturacion-movil-cliente')
		await startSession(page, admin.email)
		await openApp(page, portalURL(`/admin/facturacion?q=${encodeURIComponent(cliente.email)}`))
		// The unpaid Starter subscription of billedClient's three objects.
		const row = page.getByRole('row').filter({ hasText: cliente.email }).filter({ hasText: 'Pago pendiente' })
		await expectWithinWidth(row.getByText('Pago pendiente', { exact: true }))
		await expectWithinWidth(row.getByRole('link', { name: /Ver en Stripe/ }))
		await expectNoSidewaysScroll(page)
	})

	test('Facturación’s per-plan figures keep each label apart from its value @phone', async ({ page }) => {
		const admin = await createAdminAccount('por-plan-movil')
		await startSession(page, admin.email)
		await openApp(page, portalURL('/admin/facturacion'))
		const table = page.getByRole('heading', { name: 'Por plan' }).locator('xpath=following-sibling::table')
		await table.scrollIntoViewIfNeeded()
		// The label is the cell's ::before (its data-label); the value is the cell's own text.
		const cells = await table.locator('td[data-label]').evaluateAll((tds) =>
			tds.map((td) => {
				const style = getComputedStyle(td)
				const label = getComputedStyle(td, '::before')
				const labelRight = td.getBoundingClientRect().left + parseFloat(style.paddingLeft) + parseFloat(label.width)
				const value = document.createRange()
				value.selectNodeContents(td)
				const valueBox = value.getBoundingClientRect()
				return { label: td.getAttribute('data-label'), gap: Math.round(valueBox.left - labelRight) }
			}),
		)
		expect(cells.map((cell) => cell.label)).toContain('Suscripciones mensuales')
		for (const cell of cells)
			expect(cell.gap, `${cell.label}: space between label and value`).toBeGreaterThanOrEqual(16)
	})
})

/** Whatever a tap is meant for: buttons, button-styled links and plain links, submit buttons. */
const tappable = 'a[href], button, input[type="submit"], input[type="button"], [role="button"], summary'

/** Whether the chat button shows: stepped aside it is see-through, still on the page and in the Tab order. */
const shown = (chat: Locator) => chat.evaluate((element) => element.checkVisibility({ opacityProperty: true }))

/** The page's visible tappable things whose boxes meet the chat button's, while the button shows. */
function underTheChat(page: Page) {
	return page.evaluate((selector) => {
		const chat = document.querySelector<HTMLElement>('button[aria-label="Abrir chat con KIA"]')
		if (!chat) return ['no chat button']
		if (!chat.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return []
		const button = chat.getBoundingClientRect()
		return [...document.querySelectorAll<HTMLElement>(selector)]
			.filter((element) => !element.closest('[data-chat]'))
			.filter((element) => element.checkVisibility({ opacityProperty: true, visibilityProperty: true }))
			.filter((element) => {
				const box = element.getBoundingClientRect()
				return (
					box.width > 0 &&
					box.height > 0 &&
					box.left < button.right &&
					box.right > button.left &&
					box.top < button.bottom &&
					box.bottom > button.top
				)
			})
			.map((element) => element.textContent?.trim() || element.getAttribute('aria-label') || element.tagName)
	}, tappable)
}

test.describe('the chat button on a phone', () => {
	test.use({ viewport: phone })

	for (const path of ['/', '/tarifas', '/tarifas/business', '/contacto', '/como-funciona']) {
		test(`never covers a button or link of ${path}, top to bottom @phone`, async ({ page, context }) => {
			await acceptCookies(context)
			await openApp(page, siteURL(path))
			const chat = page.getByRole('button', { name: 'Abrir chat con KIA' })
			// It comes in the browser's first idle moment after hydration.
			await expect(chat).toBeAttached({ timeout: 20_000 })
			const height = await page.evaluate(() => window.innerHeight)
			// Asked again at every step: the page grows as its deferred blocks (render-when-near) render on the way down.
			const scrollable = () => page.evaluate(() => (document.scrollingElement?.scrollHeight ?? 0) - window.innerHeight)
			const stride = Math.floor(height / 3)
			for (let top = 0; top < (await scrollable()) + stride; top += stride) {
				await page.evaluate((y) => window.scrollTo({ top: y, behavior: 'instant' }), Math.min(top, await scrollable()))
				await expect.poll(() => underTheChat(page), { message: `scrolled to ${top}` }).toEqual([])
			}
			// At the very bottom the page has made room for it: the last links are clear and the chat is there.
			await expect.poll(() => shown(chat)).toBe(true)
			await expect(chat).toBeInViewport({ ratio: 1 })
		})
	}

	test('waits aside while the cookie banner is under it at load, without showing first; comes once it goes @phone', async ({
		page,
	}) => {
		// From the first frame on, the most the chat button has shown (its opacity, mid-transition included).
		await page.addInitScript(() => {
			const seen = window as Window & { chatShown?: number }
			seen.chatShown = 0
			const sample = () => {
				const chat = document.querySelector('button[aria-label="Abrir chat con KIA"]')
				if (chat) seen.chatShown = Math.max(seen.chatShown ?? 0, Number(getComputedStyle(chat).opacity))
				requestAnimationFrame(sample)
			}
			requestAnimationFrame(sample)
		})
		await openApp(page, siteURL('/'))
		const chat = page.getByRole('button', { name: 'Abrir chat con KIA' })
		await expect(chat).toBeAttached({ timeout: 20_000 })
		const banner = page.getByRole('region', { name: 'Consentimiento de cookies' })
		// The banner's last button is in the chat's corner (within its 8 px clearance): what the chat would cover.
		const [chatBox, acceptBox] = await Promise.all([
			chat.boundingBox(),
			banner.getByRole('button', { name: 'Aceptar todo' }).boundingBox(),
		])
		const meet = (a: typeof chatBox, b: typeof chatBox) =>
			!!a &&
			!!b &&
			a.x - 8 < b.x + b.width &&
			b.x < a.x + a.width + 8 &&
			a.y - 8 < b.y + b.height &&
			b.y < a.y + a.height + 8
		expect(meet(chatBox, acceptBox)).toBe(true)
		// Shown at mount, it would be recorded by the first frame it is drawn in, whenever the browser reports; the
		// wait lets the report come, after which it must still be aside.
		await page.waitForTimeout(1_000)
		expect(await page.evaluate(() => (window as Window & { chatShown?: number }).chatShown)).toBe(0)
		await expect(chat).toHaveCSS('pointer-events', 'none')

		await banner.getByRole('button', { name: 'Aceptar todo' }).click()
		await expect(banner).toBeHidden()
		await expect.poll(() => shown(chat)).toBe(true)
	})

	test('steps aside while a call to action passes under it, and comes back @phone', async ({ page, context }) => {
		await acceptCookies(context)
		await openApp(page, siteURL('/tarifas'))
		const chat = page.getByRole('button', { name: 'Abrir chat con KIA' })
		await expect(chat).toBeAttached({ timeout: 20_000 })
		// Bring a plan's button to the chat's corner.
		const cta = page.locator('main a[href^="/tarifas/"]').first()
		const target = await cta.evaluate((element) => {
			const box = element.getBoundingClientRect()
			const y = window.scrollY + box.top - (window.innerHeight - 4 - 56 - 16) + box.height / 2
			window.scrollTo({ top: y, behavior: 'instant' })
			return y
		})
		expect(target).toBeGreaterThan(0)
		await expect.poll(() => shown(chat)).toBe(false)
		// Aside it lets taps through to the page; it stays in the Tab order (a11y.spec's keyboard walk reaches it).
		await expect(chat).toHaveCSS('pointer-events', 'none')
		await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }))
		await expect.poll(() => shown(chat)).toBe(true)
	})
})
