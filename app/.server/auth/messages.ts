import { isAuthApiError, isAuthRetryableFetchError } from '@supabase/supabase-js'
import { authCopy } from '~/content/auth'
import { serviceUnavailableCopy } from '~/content/errors'
import { rateLimitedMessage } from '../security/rate-limit'

/** Supabase Auth speaks English; people read Spanish. Unknown messages pass through. */
export function authMessage(error: { code?: string; message: string }) {
	if (isAuthRetryableFetchError(error)) return serviceUnavailableCopy.message
	const messages: Record<string, string> = {
		invalid_credentials: 'El email o la contraseña no son correctos.',
		email_not_confirmed: 'Tu email aún no está confirmado. Revisa tu bandeja de entrada.',
		weak_password: 'La contraseña debe tener al menos 6 caracteres.',
		same_password: 'La nueva contraseña debe ser distinta de la actual.',
		user_already_exists: 'Este email ya está registrado.',
		over_email_send_rate_limit: authCopy.limited.recover,
		over_request_rate_limit: rateLimitedMessage,
		validation_failed: 'Revisa los datos introducidos.',
	}
	return (error.code && messages[error.code]) || error.message
}

/** Auth declining to send an e-mail: to an address it mailed less than a minute ago, or past the project's hourly allowance. */
export function isEmailSendRefusal(error: unknown) {
	return isAuthApiError(error) && error.code === 'over_email_send_rate_limit'
}

/**
 * The status of a failed auth call: 503 when Supabase Auth could not answer and 429 when it is busy
 * (trying later helps), 400 otherwise.
 */
export function authStatus(error: unknown) {
	if (isAuthRetryableFetchError(error)) return 503
	return isAuthApiError(error) && error.status === 429 ? 429 : 400
}
