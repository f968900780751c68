import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { readForm } from '~/.server/http'
import { isRateLimited, rateLimitedMessage, rateLimitedToast } from '~/.server/rate-limit'
import { redirectWithToast } from '~/.server/toast'
import { safeRedirect } from '~/lib/safe-redirect'
import { newsletterSchema } from '~/lib/schemas'
import type { Route } from './+types/newsletter'

/** SPEC §5: the e-mail is checked, then only an info toast; nothing is sent or stored yet. */
export async function action({ request, context }: Route.ActionArgs) {
	const formData = await readForm(request)
	const submission = parseWithZod(formData, { schema: newsletterSchema })
	if (submission.status !== 'success') {
		return data({ result: submission.reply() }, { status: 400 })
	}
	if (await isRateLimited(context, 'newsletter')) {
		return data(
			{ result: submission.reply({ formErrors: [rateLimitedMessage] }) },
			{ status: 429, headers: await rateLimitedToast() },
		)
	}
	return redirectWithToast(safeRedirect(formData.get('redirectTo')), {
		type: 'info',
		title: 'Función en desarrollo',
		description: 'La suscripción al boletín todavía no está disponible. ¡Gracias por tu interés!',
	})
}
