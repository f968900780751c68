/**
 * The particles themselves (50 particles, linked when closer than 150 px): moved and drawn on
 * a 2D context, the page's own canvas or one a worker draws on (particle-worker.ts).
 */
const particleCount = 50
const linkDistance = 150
const maxSpeed = 0.35

type Particle = { x: number; y: number; vx: number; vy: number }
type Context = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D

/** The canvas's CSS box, and how many pixels it holds per CSS pixel. */
export type FieldSize = { width: number; height: number; ratio: number }

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

function draw(context: Context, particles: Particle[], colour: string) {
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

/** A field on `context`: sized by `resize`, coloured by `recolour`, one step drawn per `step`. */
export function createParticleField(context: Context) {
	let width = 0
	let height = 0
	let colour = 'currentColor'
	let frame = 0
	let particles: Particle[] = []

	return {
		resize(size: FieldSize) {
			width = size.width
			height = size.height
			context.canvas.width = Math.round(width * size.ratio)
			context.canvas.height = Math.round(height * size.ratio)
			context.setTransform(size.ratio, 0, 0, size.ratio, 0, 0)
			particles =
				particles.length === particleCount
					? particles.map((p) => ({ ...p, x: Math.min(p.x, width), y: Math.min(p.y, height) }))
					: Array.from({ length: particleCount }, () => randomParticle(width, height))
		},
		recolour(next: string) {
			colour = next
		},
		// Drawn at 30 frames a second (every other frame), with steps twice as long: the same drift for half the work.
		step() {
			frame += 1
			if (frame % 2 === 1) return
			context.clearRect(0, 0, width, height)
			for (const particle of particles) move(particle, width, height)
			draw(context, particles, colour)
		},
	}
}

/** What the page tells the worker that draws the field. */
export type FieldMessage = { canvas: OffscreenCanvas } | { size: FieldSize } | { colour: string } | { running: boolean }

/** A field that animates itself while it runs: on animation frames where there are any, else at 60 a second. */
export function animatedField(context: Context) {
	const field = createParticleField(context)
	const nextFrame = (callback: () => void) =>
		typeof requestAnimationFrame === 'function' ? requestAnimationFrame(callback) : setTimeout(callback, 16)
	const cancelFrame = (id: number | ReturnType<typeof setTimeout>) =>
		typeof cancelAnimationFrame === 'function' && typeof id === 'number' ? cancelAnimationFrame(id) : clearTimeout(id)
	let request: ReturnType<typeof nextFrame> | null = null

	function tick() {
		request = nextFrame(tick)
		field.step()
	}

	return {
		...field,
		run(running: boolean) {
			if (running && request === null) request = nextFrame(tick)
			if (!running && request !== null) {
				cancelFrame(request)
				request = null
			}
		},
	}
}
