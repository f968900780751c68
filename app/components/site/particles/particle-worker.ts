/**
 * Draws the hero's particles off the page's main thread, on the canvas the page handed over
 * (transferControlToOffscreen): each frame is drawn and committed here, so the animation costs the
 * main thread nothing while the page loads and responds to input.
 */
import { animatedField, type FieldMessage } from './particle-drawing'

let field: ReturnType<typeof animatedField> | null = null

self.addEventListener('message', (event: MessageEvent<FieldMessage>) => {
	const message = event.data
	if ('canvas' in message) {
		const context = message.canvas.getContext('2d')
		if (context) field = animatedField(context)
	} else if ('size' in message) field?.resize(message.size)
	else if ('colour' in message) field?.recolour(message.colour)
	else field?.run(message.running)
})
