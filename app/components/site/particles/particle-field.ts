/**
 * The hero's decorative particle background. Loaded with a dynamic import once the page is idle, so it
 * weighs nothing on the first load. It draws only while the canvas is on screen and the tab is visible;
 * `data-running` says which, for the tests. Where the browser can, a worker draws it (particle-worker.ts):
 * drawn on the main thread, a frame's paint and commit of a phone-sized canvas took 10-80 ms there, long
 * tasks all through the page's load (Lighthouse's Total Blocking Time on `/`, issue 19).
 */
import { animatedField, type FieldMessage, type FieldSize } from './particle-drawing'

type Renderer = {
	send: (message: Exclude<FieldMessage, { canvas: OffscreenCanvas }>) => void
	stop: () => void
}

function workerRenderer(canvas: HTMLCanvasElement): Renderer {
	const worker = new Worker(new URL('./particle-worker.ts', import.meta.url), { type: 'module' })
	const offscreen = canvas.transferControlToOffscreen()
	worker.postMessage({ canvas: offscreen } satisfies FieldMessage, [offscreen])
	return { send: (message) => worker.postMessage(message), stop: () => worker.terminate() }
}

function pageRenderer(canvas: HTMLCanvasElement): Renderer | null {
	const context = canvas.getContext('2d')
	if (!context) return null
	const field = animatedField(context)
	return {
		send: (message) => {
			if ('size' in message) field.resize(message.size)
			else if ('colour' in message) field.recolour(message.colour)
			else field.run(message.running)
		},
		stop: () => field.run(false),
	}
}

function sizeOf(canvas: HTMLCanvasElement): FieldSize {
	// Decorative dots and hairlines: a 1.5× canvas looks sharp enough and costs half of a 3× one to clear.
	return { width: canvas.clientWidth, height: canvas.clientHeight, ratio: Math.min(window.devicePixelRatio || 1, 1.5) }
}

/** Starts the animation on `canvas` (sized by its CSS box, a fresh element); returns the function that stops it for good. */
export function startParticleField(canvas: HTMLCanvasElement) {
	const renderer =
		typeof Worker === 'function' && 'transferControlToOffscreen' in canvas
			? workerRenderer(canvas)
			: pageRenderer(canvas)
	if (!renderer) return () => {}
	let onScreen = false

	// The canvas's CSS colour (a theme token), read again now and then so a theme switch shows.
	const recolour = () => renderer.send({ colour: getComputedStyle(canvas).color })
	const colourTimer = setInterval(() => canvas.dataset.running === 'true' && recolour(), 1000)

	function update() {
		const running = onScreen && document.visibilityState === 'visible'
		canvas.dataset.running = String(running)
		renderer?.send({ running })
	}

	const resizeObserver = new ResizeObserver(() => renderer.send({ size: sizeOf(canvas) }))
	const intersectionObserver = new IntersectionObserver(([entry]) => {
		onScreen = entry?.isIntersecting ?? false
		update()
	})
	recolour()
	renderer.send({ size: sizeOf(canvas) })
	resizeObserver.observe(canvas)
	intersectionObserver.observe(canvas)
	document.addEventListener('visibilitychange', update)

	return () => {
		renderer.stop()
		clearInterval(colourTimer)
		resizeObserver.disconnect()
		intersectionObserver.disconnect()
		document.removeEventListener('visibilitychange', update)
	}
}
