/**
 * The blog's illustrations, drawn as SVG from a motif and a variant. They carry their own deep background,
 * so they read the same in the light and the dark theme (an <img> cannot see the page's theme), and hold
 * no text, so nothing in them needs translating or fails a contrast check.
 */

export type Palette = { from: string; to: string; glow: string; accent: string }

export const palettes: Palette[] = [
	{ from: '#3b2fc4', to: '#7c3aed', glow: '#a78bfa', accent: '#818cf8' },
	{ from: '#1e3a8a', to: '#0e7490', glow: '#67e8f9', accent: '#60a5fa' },
	{ from: '#4c1d95', to: '#be185d', glow: '#f9a8d4', accent: '#c084fc' },
]

export const white = '#ffffff'

export const ink = '#c7d2fe'

export const softInk = '#e0e7ff'

export const green = '#22c55e'

export const amber = '#f59e0b'

type Attributes = Record<string, string | number>

const attributes = (attrs: Attributes) =>
	Object.entries(attrs)
		.map(([name, value]) => ` ${name}="${value}"`)
		.join('')

export const tag = (name: string, attrs: Attributes, children = '') =>
	children ? `<${name}${attributes(attrs)}>${children}</${name}>` : `<${name}${attributes(attrs)}/>`

export const rect = (x: number, y: number, width: number, height: number, fill: string, extra: Attributes = {}) =>
	tag('rect', { x, y, width, height, rx: Math.min(8, height / 2), fill, ...extra })

export const circle = (cx: number, cy: number, r: number, fill: string, extra: Attributes = {}) =>
	tag('circle', { cx, cy, r, fill, ...extra })

export const group = (children: string, extra: Attributes = {}) => tag('g', extra, children)

/** Lines of text as grey bars, the way a sketch suggests writing. */
export const textLines = (x: number, y: number, widths: number[], fill = ink, gap = 18, height = 8) =>
	widths.map((width, i) => rect(x, y + i * gap, width, height, fill, { rx: height / 2 })).join('')

export const check = (cx: number, cy: number, r: number, fill = green) =>
	circle(cx, cy, r, fill) +
	tag('path', {
		d: `M${cx - r * 0.45} ${cy + r * 0.02} l${r * 0.3} ${r * 0.32} l${r * 0.6} ${-r * 0.66}`,
		fill: 'none',
		stroke: white,
		'stroke-width': Math.max(3, r * 0.22),
		'stroke-linecap': 'round',
		'stroke-linejoin': 'round',
	})

export const sparkle = (cx: number, cy: number, size: number, fill = white) =>
	tag('path', {
		d: `M${cx} ${cy - size}Q${cx} ${cy} ${cx + size} ${cy}Q${cx} ${cy} ${cx} ${cy + size}Q${cx} ${cy} ${cx - size} ${cy}Q${cx} ${cy} ${cx} ${cy - size}Z`,
		fill,
	})

export const shadow = { filter: 'url(#shadow)' }

/** A QR-like block: a fixed pattern with the three corner squares a reader looks for. */
export function qrBlock(x: number, y: number, size: number) {
	const cell = size / 7
	const dots = [
		[3, 0],
		[4, 1],
		[3, 2],
		[0, 3],
		[2, 3],
		[3, 4],
		[5, 3],
		[6, 4],
		[4, 5],
		[6, 6],
		[4, 6],
		[5, 5],
	]
	const finder = (fx: number, fy: number) =>
		tag('rect', {
			x: fx,
			y: fy,
			width: cell * 3,
			height: cell * 3,
			fill: 'none',
			stroke: '#1e1b4b',
			'stroke-width': cell * 0.7,
		}) + tag('rect', { x: fx + cell, y: fy + cell, width: cell, height: cell, fill: '#1e1b4b' })
	return (
		finder(x, y) +
		finder(x + cell * 4, y) +
		finder(x, y + cell * 4) +
		dots
			.map(([dx = 0, dy = 0]) =>
				tag('rect', { x: x + dx * cell, y: y + dy * cell, width: cell, height: cell, fill: '#1e1b4b' }),
			)
			.join('')
	)
}
