import type { Locator } from '@playwright/test'
import { expect, test } from '../support/e2e-test'
import { siteURL } from '../support/urls'

const postPath = '/blog/verifactu-que-cambia-y-como-prepararte'

// The blog's pictures as a visitor's browser loads them; what the server answers for them (illustrations,
// Open Graph images) is tests/http/blog-images.test.ts's.

async function expectLoadedImage(image: Locator) {
	await image.scrollIntoViewIfNeeded()
	await expect
		.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
		.toBeGreaterThan(0)
}

test.describe('blog pictures', () => {
	test('every card on /blog has its picture, sized, decorative, the first fetched first, lazy after it @phone', async ({
		page,
	}) => {
		await page.goto(siteURL('/blog'))
		const cards = page.getByRole('article')
		expect(await cards.count()).toBeGreaterThanOrEqual(6)
		for (const [index, card] of (await cards.all()).entries()) {
			const image = card.locator('img')
			await expect(image).toHaveAttribute('alt', '')
			await expect(image).toHaveAttribute('width', '800')
			await expect(image).toHaveAttribute('height', '420')
			await expect(image).toHaveAttribute('loading', index === 0 ? 'eager' : 'lazy')
			if (index === 0) await expect(image).toHaveAttribute('fetchpriority', 'high')
			else await expect(image).not.toHaveAttribute('fetchpriority')
			await expectLoadedImage(image)
		}
		// Each seeded topic gets its own drawing.
		const seeded = page.locator('article', { hasText: 'WhatsApp Business y un asistente' }).locator('img')
		await expect(seeded).toHaveAttribute('src', /^\/blog\/imagenes\/chat-\d\.svg$/)
	})

	test("the home's blog block shows the three latest posts with their pictures, lazily", async ({ page }) => {
		await page.goto(siteURL('/'))
		const images = page.locator('#blog article img')
		await expect(images).toHaveCount(3)
		for (const image of await images.all()) {
			await expect(image).toHaveAttribute('loading', 'lazy')
			await expect(image).toHaveAttribute('width', '800')
			await expectLoadedImage(image)
		}
	})

	test('a post page opens with its described picture @phone', async ({ page }) => {
		await page.goto(siteURL(postPath))
		const image = page.getByRole('img', { name: /^Ilustración: dos facturas encadenadas/ })
		await expect(image).toHaveAttribute('width', '800')
		await expect(image).toHaveAttribute('height', '420')
		await expect(image).toHaveAttribute('src', /^\/blog\/imagenes\/factura-\d\.svg$/)
		await expectLoadedImage(image)
	})
})
