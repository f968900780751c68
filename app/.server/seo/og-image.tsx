import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { ogImageSize } from '~/lib/seo'
import { illustrationSvg } from '../blog/illustrations'
import type { OgCard } from './og-cards'

/**
 * Open Graph images: a card drawn with satori (layout and text to SVG, in WebAssembly) and turned into a PNG
 * by resvg's WebAssembly build, since social networks take no SVG. Both are plain WebAssembly, so the
 * server needs no native binary on any platform, and the font is the site's Inter from an npm package.
 */

const require = createRequire(import.meta.url)

/** Inter's Latin files in the two weights the card uses; satori reads WOFF, not WOFF2. */
const interFiles = [
	{ weight: 400, file: '@fontsource/inter/files/inter-latin-400-normal.woff' },
	{ weight: 700, file: '@fontsource/inter/files/inter-latin-700-normal.woff' },
] as const

/**
 * The renderers, their WebAssembly and the fonts, loaded once per process on the first image asked for:
 * imported here rather than at the top, so starting the server does not wait for them.
 */
async function load() {
	const [{ default: satori }, { initWasm, Resvg }] = await Promise.all([import('satori'), import('@resvg/resvg-wasm')])
	await initWasm(await readFile(require.resolve('@resvg/resvg-wasm/index_bg.wasm')))
	const fonts = await Promise.all(
		interFiles.map(async ({ weight, file }) => ({
			name: 'Inter',
			data: await readFile(require.resolve(file)),
			weight,
			style: 'normal' as const,
		})),
	)
	return { satori, Resvg, fonts }
}

let ready: ReturnType<typeof load> | undefined
const prepare = () => (ready ??= load())

const colours = {
	background: '#141229',
	brand: '#6246ea',
	glow: 'rgba(124, 58, 237, 0.55)',
	text: '#f5f5fa',
	muted: '#b9b8d3',
}

/** Long titles get a smaller size, so any title fits in four lines. */
const titleSize = (title: string, wide: boolean) => {
	const length = wide ? title.length * 0.75 : title.length
	return length <= 36 ? 68 : length <= 64 ? 58 : 48
}

const svgDataUrl = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`

const logoSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 64"><rect width="64" height="64" rx="16" fill="${colours.brand}"/><path fill="#fff" d="M32 11c1.9 12.6 6.4 17.1 21 21-14.6 3.9-19.1 8.4-21 21-1.9-12.6-6.4-17.1-21-21 14.6-3.9 19.1-8.4 21-21z"/><g fill="#fff"><rect x="80" y="8" width="11" height="48" rx="1.5"/><polygon points="91,29 109,8 123,8 100,34"/><polygon points="97,31 124,56 110,56 91,38"/><rect x="131" y="8" width="11" height="48" rx="1.5"/><polygon points="151,56 167,8 181,8 197,56 185,56 174,22 163,56"/><rect x="163" y="40" width="22" height="8"/></g></svg>`

function Card({ card }: { card: OgCard }) {
	const wide = !card.illustration
	return (
		<div
			style={{
				width: '100%',
				height: '100%',
				display: 'flex',
				backgroundColor: colours.background,
				backgroundImage: `radial-gradient(circle at 85% 10%, ${colours.glow}, transparent 55%), radial-gradient(circle at 0% 100%, rgba(59, 130, 246, 0.35), transparent 50%)`,
				color: colours.text,
				fontFamily: 'Inter',
			}}
		>
			<div
				style={{
					position: 'absolute',
					top: 60,
					left: 72,
					display: 'flex',
					flexDirection: 'column',
					justifyContent: 'space-between',
					width: card.illustration ? 560 : 1056,
					height: 510,
				}}
			>
				<img src={svgDataUrl(logoSvg)} width={175} height={56} alt="" />
				<div style={{ display: 'flex', flexDirection: 'column' }}>
					<div style={{ display: 'flex', fontSize: 26, fontWeight: 700, color: '#c4b5fd', letterSpacing: 0.5 }}>
						{card.eyebrow}
					</div>
					<div
						style={{
							display: 'flex',
							marginTop: 20,
							fontSize: titleSize(card.title, wide),
							fontWeight: 700,
							lineHeight: 1.12,
							letterSpacing: -1,
						}}
					>
						{card.title}
					</div>
				</div>
				<div style={{ display: 'flex', fontSize: 24, color: colours.muted }}>
					kia.es · Tu asistente inteligente propio
				</div>
			</div>
			{card.illustration ? (
				<div style={{ position: 'absolute', right: 72, top: 0, bottom: 0, display: 'flex', alignItems: 'center' }}>
					<img
						src={svgDataUrl(illustrationSvg(card.illustration))}
						width={440}
						height={231}
						alt=""
						style={{ borderRadius: 24, border: '2px solid rgba(255, 255, 255, 0.18)' }}
					/>
				</div>
			) : null}
		</div>
	)
}

export async function renderOgImage(card: OgCard) {
	const { satori, Resvg, fonts } = await prepare()
	const svg = await satori(<Card card={card} />, { ...ogImageSize, fonts })
	const renderer = new Resvg(svg, { fitTo: { mode: 'width', value: ogImageSize.width } })
	const image = renderer.render()
	try {
		// A copy on a plain ArrayBuffer, which a Response body accepts (the WebAssembly memory is freed below).
		return new Uint8Array(image.asPng())
	} finally {
		image.free()
		renderer.free()
	}
}

export type OgImage = { png: Uint8Array<ArrayBuffer>; etag: string }

/** The last images made, by their card; a card whose title changed is a new entry, the old one ages out. */
const cache = new Map<string, Promise<OgImage>>()
const cacheLimit = 100

export const cardHash = (card: OgCard) => createHash('sha256').update(JSON.stringify(card)).digest('base64url')

/**
 * The card's PNG and whether it came from this process's memory. Concurrent requests for one card share a
 * single rendering; a failed one is forgotten so the next request tries again.
 */
export async function ogImage(card: OgCard): Promise<{ image: OgImage; cached: boolean }> {
	const key = cardHash(card)
	const known = cache.get(key)
	if (known) return { image: await known, cached: true }
	const made = renderOgImage(card).then((png) => ({
		png,
		etag: `"${createHash('sha256').update(png).digest('base64url').slice(0, 22)}"`,
	}))
	cache.set(key, made)
	made.catch(() => cache.delete(key))
	if (cache.size > cacheLimit) {
		const oldest = cache.keys().next().value
		if (oldest !== undefined) cache.delete(oldest)
	}
	return { image: await made, cached: false }
}
