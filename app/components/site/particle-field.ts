/**
 * The hero's decorative particle background (SPEC §5 UI: 50 particles, linked when closer than 150 px).
 * Loaded with a dynamic import once the page is idle, so it weighs nothing on the first load. It draws
 * only while the canvas is on screen and the tab is visible; `data-running` says which, for the tests.
 */
const particleCount = 50
const linkDistance = 150
const maxSpeed = 0.35

type Particle = { x: number; y: number; vx: number; vy: number }

function randomParticle(width: number, height: number): Particle {
	return {
		x: Math.random() * width,
		y: Math.random() * height,
		vx: (Math.random() * 2 - 1) * maxSpeed,
		vy: (Math.random() * 2 - 1) * maxSpeed,
	}
}

function move(particle: Particle, width: number, height: number) {
	particle.x += particle.vx * 2
	particle.y += particle.vy * 2
	if (particle.x < 0 || particle.x > width) particle.vx = -particle.vx
	if (particle.y < 0 || particle.y > height) particle.vy = -particle.vy
}

function draw(context: CanvasRenderingContext2D, particles: Particle[], colour: string) {
	context.fillStyle = colour
	context.strokeStyle = colour
	for (const [index, a] of particles.entries()) {
		context.globalAlpha = 0.55
		context.beginPath()
		context.arc(a.x, a.y, 1.8, 0, Math.PI * 2)
		context.fill()
		for (const b of particles.slice(index + 1)) {
			const distance = Math.hypot(a.x - b.x, a.y - b.y)
			if (distance >= linkDistance) continue
			context.globalAlpha = 0.35 * (1 - distance / linkDistance)
			context.beginPath()
			context.moveTo(a.x, a.y)
			context.lineTo(b.x, b.y)
			context.stroke()
		}
	}
}

/** Starts the animation on `canvas` (sized by its CSS box); returns the function that stops it for good. */
export function startParticleField(canvas: HTMLCanvasElement) {
	const context = canvas.getContext('2d')
	if (!context) return () => {}
	let width = 0
	let height = 0
	let particles: Particle[] = []
	// The canvas's CSS colour (a theme token), read again now and then so a theme switch shows.
	let colour = getComputedStyle(canvas).color
	let frame = 0
	let request = 0
	let onScreen = false

	function resize() {
		// Decorative dots and hairlines: a 1.5× canvas looks sharp enough and costs half of a 3× one to clear.
		const ratio = Math.min(window.devicePixelRatio || 1, 1.5)
		width = canvas.clientWidth
		height = canvas.clientHeight
		canvas.width = Math.round(width * ratio)
		canvas.height = Math.round(height * ratio)
		context?.setTransform(ratio, 0, 0, ratio, 0, 0)
		particles =
			particles.length === particleCount
				? particles.map((p) => ({ ...p, x: Math.min(p.x, width), y: Math.min(p.y, height) }))
				: Array.from({ length: particleCount }, () => randomParticle(width, height))
	}

	// Drawn at 30 frames a second (every other frame), with steps twice as long: the same drift for half the work.
	function tick() {
		frame += 1
		request = requestAnimationFrame(tick)
		if (frame % 2 === 1) return
		if (frame % 60 === 0) colour = getComputedStyle(canvas).color
		context?.clearRect(0, 0, width, height)
		for (const particle of particles) move(particle, width, height)
		if (context) draw(context, particles, colour)
	}

	function update() {
		const run = onScreen && document.visibilityState === 'visible'
		canvas.dataset.running = String(run)
		if (run && request === 0) request = requestAnimationFrame(tick)
		if (!run && request !== 0) {
			cancelAnimationFrame(request)
			request = 0
		}
	}

	const resizeObserver = new ResizeObserver(resize)
	const intersectionObserver = new IntersectionObserver(([entry]) => {
		onScreen = entry?.isIntersecting ?? false
		update()
	})
	resize()
	resizeObserver.observe(canvas)
	intersectionObserver.observe(canvas)
	document.addEventListener('visibilitychange', update)

	return () => {
		cancelAnimationFrame(request)
		resizeObserver.disconnect()
		intersectionObserver.disconnect()
		document.removeEventListener('visibilitychange', update)
	}
}
