import { illustrationSize, type IllustrationKey, type IllustrationMotif } from '~/lib/blog-images'
import {
	amber,
	check,
	circle,
	green,
	group,
	ink,
	palettes,
	qrBlock,
	rect,
	shadow,
	softInk,
	sparkle,
	tag,
	textLines,
	white,
	type Palette,
} from './svg'

function invoice(x: number, y: number, width: number, height: number, palette: Palette, withQr: boolean) {
	return group(
		rect(x, y, width, height, white, { rx: 16 }) +
			rect(x + 20, y + 22, width * 0.45, 14, palette.from, { rx: 7 }) +
			textLines(x + 20, y + 56, [width - 40, width - 70, width - 55]) +
			tag('line', { x1: x + 20, y1: y + 124, x2: x + width - 20, y2: y + 124, stroke: softInk, 'stroke-width': 2 }) +
			textLines(x + 20, y + 140, [width * 0.4, width * 0.3], softInk) +
			rect(x + width - 20 - width * 0.3, y + 140, width * 0.3, 12, palette.accent, { rx: 6 }) +
			(withQr
				? qrBlock(x + 20, y + height - 84, 64) +
					textLines(x + 100, y + height - 76, [width - 130, width - 150], softInk)
				: ''),
		shadow,
	)
}

function chain(cx: number, cy: number) {
	const link = (x: number, y: number, rotate: number) =>
		tag('rect', {
			x: x - 26,
			y: y - 13,
			width: 52,
			height: 26,
			rx: 13,
			fill: 'none',
			stroke: white,
			'stroke-width': 7,
			transform: `rotate(${rotate} ${x} ${y})`,
		})
	return link(cx - 20, cy + 8, -28) + link(cx + 20, cy - 8, -28)
}

function drawFactura(palette: Palette) {
	return (
		group(invoice(170, 92, 200, 250, palette, false), { transform: 'rotate(-7 270 217)', opacity: 0.82 }) +
		chain(400, 205) +
		invoice(430, 62, 210, 300, palette, true) +
		check(632, 72, 26)
	)
}

function bubble(x: number, y: number, width: number, height: number, fill: string, lines: number[]) {
	return rect(x, y, width, height, fill, { rx: 12 }) + textLines(x + 12, y + 12, lines, '#94a3b8', 14, 6)
}

function drawChat(palette: Palette) {
	const phone =
		rect(296, 24, 208, 376, '#0f172a', { rx: 34, ...shadow }) +
		rect(308, 56, 184, 318, '#efeae2', { rx: 6 }) +
		rect(308, 56, 184, 42, '#128c7e', { rx: 6 }) +
		circle(332, 77, 12, '#d1fae5') +
		rect(352, 70, 70, 8, '#d1fae5', { rx: 4 }) +
		rect(370, 34, 60, 10, '#1e293b', { rx: 5 })
	const conversation =
		bubble(318, 112, 130, 46, white, [104, 70]) +
		bubble(352, 170, 128, 46, '#d9fdd3', [100, 80]) +
		bubble(318, 228, 146, 60, white, [120, 96, 60]) +
		rect(318, 300, 60, 30, white, { rx: 12 }) +
		[336, 348, 360].map((cx) => circle(cx, 315, 4, '#94a3b8')).join('')
	const floating =
		group(
			circle(190, 140, 46, white, { opacity: 0.16 }) +
				circle(190, 140, 30, green) +
				textLines(176, 132, [28, 18], white, 12, 5),
		) +
		group(circle(612, 268, 52, white, { opacity: 0.16 }) + circle(612, 268, 34, palette.accent) + sparkle(612, 268, 16))
	return phone + conversation + floating + sparkle(226, 300, 12, palette.glow) + sparkle(586, 112, 10, palette.glow)
}

function drawCorreo(palette: Palette) {
	const envelope = group(
		rect(120, 120, 240, 160, white, { rx: 16 }) +
			tag('path', {
				d: 'M124 132 L240 212 L356 132',
				fill: 'none',
				stroke: palette.from,
				'stroke-width': 8,
				'stroke-linejoin': 'round',
			}) +
			tag('path', { d: 'M124 272 L206 204 M356 272 L274 204', fill: 'none', stroke: softInk, 'stroke-width': 5 }),
		{ ...shadow, transform: 'rotate(-6 240 200)' },
	)
	const labels = [amber, green, palette.accent, '#f472b6']
	const rows = labels
		.map((label, i) => {
			const y = 96 + i * 66
			return (
				circle(452, y + 22, 16, i === 0 ? palette.from : softInk) +
				textLines(478, y + 10, [120 - i * 12, 90 + i * 8], ink, 18) +
				rect(612, y + 14, 36, 16, label, { rx: 8 })
			)
		})
		.join('')
	const inbox = group(rect(420, 70, 250, 290, white, { rx: 18 }) + rows, shadow)
	return envelope + inbox + sparkle(380, 96, 16) + sparkle(110, 320, 10, palette.glow) + check(660, 80, 20)
}

function paper(x: number, y: number, rotate: number, palette: Palette) {
	return group(
		tag('path', { d: `M${x} ${y + 12}q0-12 12-12h100l36 36v152q0 12-12 12h-124q-12 0-12-12z`, fill: white }) +
			tag('path', { d: `M${x + 112} ${y}v28q0 8 8 8h28`, fill: softInk }) +
			rect(x + 18, y + 22, 60, 10, palette.from, { rx: 5 }) +
			textLines(x + 18, y + 50, [110, 90, 114, 70, 100, 84]),
		{ transform: `rotate(${rotate} ${x + 74} ${y + 100})`, ...shadow },
	)
}

function drawDocumentos(palette: Palette) {
	const docs = paper(110, 120, -12, palette) + paper(150, 100, -3, palette) + paper(196, 90, 6, palette)
	const flow = tag('path', {
		d: 'M372 210 C 420 170, 450 250, 500 210',
		fill: 'none',
		stroke: white,
		'stroke-width': 5,
		'stroke-dasharray': '2 14',
		'stroke-linecap': 'round',
	})
	const arrow = tag('path', {
		d: 'M492 196 l14 14 l-16 10',
		fill: 'none',
		stroke: white,
		'stroke-width': 5,
		'stroke-linecap': 'round',
		'stroke-linejoin': 'round',
	})
	const nodes: [number, number][] = [
		[-30, -22],
		[26, -30],
		[34, 18],
		[-18, 30],
		[0, 0],
	]
	const brain =
		circle(600, 210, 96, white, { opacity: 0.14 }) +
		circle(600, 210, 72, white, shadow) +
		nodes
			.slice(0, 4)
			.map(([dx, dy]) =>
				tag('line', { x1: 600, y1: 210, x2: 600 + dx, y2: 210 + dy, stroke: palette.accent, 'stroke-width': 4 }),
			)
			.join('') +
		nodes.map(([dx, dy]) => circle(600 + dx, 210 + dy, dx === 0 ? 14 : 9, palette.from)).join('') +
		sparkle(664, 142, 14, palette.glow)
	return docs + flow + arrow + brain
}

function drawCalendario(palette: Palette) {
	const cells = Array.from({ length: 20 }, (_, i) => {
		const col = i % 5
		const row = Math.floor(i / 5)
		const x = 194 + col * 48
		const y = 156 + row * 44
		const fill = i === 7 ? amber : i === 13 ? palette.from : i === 17 ? '#fca5a5' : '#eef2ff'
		return rect(x, y, 38, 34, fill, { rx: 8 }) + (i === 13 ? check(x + 19, y + 17, 10, palette.from) : '')
	}).join('')
	const calendar = group(
		rect(170, 70, 280, 300, white, { rx: 20 }) +
			tag('path', { d: 'M170 90q0-20 20-20h240q20 0 20 20v42h-280z', fill: palette.from }) +
			rect(200, 54, 12, 34, '#1e1b4b', { rx: 6 }) +
			rect(408, 54, 12, 34, '#1e1b4b', { rx: 6 }) +
			rect(260, 96, 100, 12, white, { rx: 6, opacity: 0.8 }) +
			cells,
		shadow,
	)
	const bell =
		circle(442, 78, 26, amber) +
		tag('path', { d: 'M432 88h20l-4-6v-10a6 6 0 0 0-12 0v10z', fill: white }) +
		circle(442, 92, 3, white)
	const list = group(
		rect(490, 120, 170, 210, white, { rx: 18 }) +
			[0, 1, 2, 3]
				.map(
					(i) =>
						(i < 3 ? check(518, 154 + i * 46, 12) : circle(518, 154 + i * 46, 12, softInk)) +
						textLines(540, 150 + i * 46, [96 - i * 10], ink),
				)
				.join(''),
		shadow,
	)
	return calendar + bell + list + sparkle(640, 96, 12, palette.glow)
}

function drawNegocio(palette: Palette) {
	const bars = [70, 104, 96, 150, 196]
		.map((height, i) => rect(186 + i * 50, 318 - height, 32, height, i === 4 ? palette.from : ink, { rx: 8 }))
		.join('')
	const chart = group(
		rect(150, 70, 300, 280, white, { rx: 20 }) +
			rect(176, 96, 90, 12, palette.from, { rx: 6 }) +
			bars +
			tag('path', {
				d: 'M190 230 L250 196 L300 206 L350 150 L410 100',
				fill: 'none',
				stroke: green,
				'stroke-width': 6,
				'stroke-linecap': 'round',
				'stroke-linejoin': 'round',
			}) +
			tag('path', {
				d: 'M392 96 L414 96 L414 118',
				fill: 'none',
				stroke: green,
				'stroke-width': 6,
				'stroke-linecap': 'round',
				'stroke-linejoin': 'round',
			}),
		shadow,
	)
	const tools: [number, number][] = [
		[540, 110],
		[640, 170],
		[560, 260],
		[660, 320],
	]
	const links = tag('path', {
		d: `M${tools.map(([x, y]) => `${x} ${y}`).join(' L')} M540 110 L560 260`,
		fill: 'none',
		stroke: white,
		'stroke-width': 4,
		opacity: 0.6,
	})
	const glyphs = [
		tag('path', {
			d: 'M528 102h24v16h-24z M528 102l12 9l12-9',
			fill: 'none',
			stroke: palette.from,
			'stroke-width': 3,
			'stroke-linejoin': 'round',
		}),
		rect(626, 160, 28, 20, palette.from, { rx: 4 }) + rect(626, 165, 28, 4, white, { rx: 0 }),
		rect(548, 250, 24, 22, 'none', { rx: 4, stroke: palette.from, 'stroke-width': 3 }) +
			rect(548, 250, 24, 6, palette.from, { rx: 2 }),
		tag('path', { d: 'M648 326a8 8 0 0 1 2-15a11 11 0 0 1 21 3a7 7 0 0 1-1 12z', fill: palette.from }),
	]
	const nodes = tools.map(([x, y], i) => circle(x, y, 30, white, shadow) + (glyphs[i] ?? '')).join('')
	return chart + links + nodes + sparkle(486, 70, 12, palette.glow)
}

function drawRed(palette: Palette) {
	const center: [number, number] = [400, 210]
	const around = Array.from({ length: 8 }, (_, i) => {
		const angle = (Math.PI * 2 * i) / 8 + 0.3
		return [Math.round(center[0] + Math.cos(angle) * 230), Math.round(center[1] + Math.sin(angle) * 140)] as const
	})
	const spokes = around
		.map(([x, y]) =>
			tag('line', { x1: center[0], y1: center[1], x2: x, y2: y, stroke: white, 'stroke-width': 3, opacity: 0.5 }),
		)
		.join('')
	const ring = around
		.map(([x, y], i) => {
			const [nx, ny] = around[(i + 1) % around.length] ?? [x, y]
			return tag('line', { x1: x, y1: y, x2: nx, y2: ny, stroke: white, 'stroke-width': 2, opacity: 0.3 })
		})
		.join('')
	const nodes = around.map(([x, y], i) => circle(x, y, i % 3 === 0 ? 22 : 15, i % 2 ? white : palette.glow)).join('')
	const core =
		circle(center[0], center[1], 92, white, { opacity: 0.14 }) +
		circle(center[0], center[1], 66, white, shadow) +
		circle(center[0], center[1], 48, palette.from) +
		sparkle(center[0], center[1], 28) +
		sparkle(center[0] + 24, center[1] - 22, 9)
	return spokes + ring + nodes + core
}

const drawings: Record<IllustrationMotif, (palette: Palette) => string> = {
	factura: drawFactura,
	chat: drawChat,
	correo: drawCorreo,
	documentos: drawDocumentos,
	calendario: drawCalendario,
	negocio: drawNegocio,
	red: drawRed,
}

/** Soft circles behind the drawing, placed by the variant so two posts on one topic still differ. */
function backdrop(variant: number, palette: Palette) {
	const spots = [
		[
			[90, 60, 140],
			[720, 380, 180],
		],
		[
			[720, 50, 150],
			[80, 380, 160],
		],
		[
			[400, -40, 170],
			[760, 300, 130],
		],
	][variant] ?? [[90, 60, 140]]
	return spots.map(([cx = 0, cy = 0, r = 0]) => circle(cx, cy, r, palette.glow, { opacity: 0.18 })).join('')
}

export function illustrationSvg({ motif, variant }: IllustrationKey) {
	const palette = palettes[variant % palettes.length] ?? palettes[0]!
	const { width, height } = illustrationSize
	const defs = tag(
		'defs',
		{},
		tag(
			'linearGradient',
			{ id: 'bg', x1: 0, y1: 0, x2: 1, y2: 1 },
			tag('stop', { offset: 0, 'stop-color': palette.from }) + tag('stop', { offset: 1, 'stop-color': palette.to }),
		) +
			tag(
				'pattern',
				{ id: 'dots', width: 24, height: 24, patternUnits: 'userSpaceOnUse' },
				circle(2, 2, 1.6, white, { opacity: 0.22 }),
			) +
			tag(
				'filter',
				{ id: 'shadow', x: '-20%', y: '-20%', width: '140%', height: '150%' },
				tag('feDropShadow', { dx: 0, dy: 10, stdDeviation: 12, 'flood-color': '#0b0620', 'flood-opacity': 0.35 }),
			),
	)
	return (
		`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">` +
		defs +
		rect(0, 0, width, height, 'url(#bg)', { rx: 0 }) +
		rect(0, 0, width, height, 'url(#dots)', { rx: 0 }) +
		backdrop(variant, palette) +
		drawings[motif](palette) +
		'</svg>'
	)
}
