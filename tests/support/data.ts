// Test data as the app's own users and fixtures make it, in the database of the app under test
// (tests/support/urls.ts): no browser needed.
import type { Json, TablesInsert } from '../../app/lib/database.types'
import { serviceClient } from './supabase'
import { uniqueEmail, uniqueSlot } from './unique'

export const testPassword = 'contraseña-segura-1'

/** A confirmed account made through the admin API, as a real fixture would. */
export async function createAccount(label: string, fullName = 'Cliente de Prueba') {
	const email = uniqueEmail(label)
	const { data, error } = await serviceClient().auth.admin.createUser({
		email,
		password: testPassword,
		email_confirm: true,
		user_metadata: { full_name: fullName },
	})
	if (error) throw error
	return { id: data.user.id, email, password: testPassword, fullName }
}

/** A confirmed account with the admin role, as the back office's tests need. */
export async function createAdminAccount(label: string, fullName = `Admin ${label}`) {
	const account = await createAccount(label, fullName)
	await serviceClient().from('usuarios').update({ role: 'admin' }).eq('id', account.id).throwOnError()
	return account
}

/** A confirmed meeting in a slot of its own (tests/support/unique.ts); `overrides` may change anything but the slot. */
export async function createMeeting(
	userId: string,
	email: string,
	overrides: Pick<TablesInsert<'reservas'>, 'status' | 'motivo'> = {},
) {
	const { data, error } = await serviceClient()
		.from('reservas')
		.insert({
			user_id: userId,
			...uniqueSlot(),
			motivo: 'Demostración del asistente KIA',
			nombre: 'Cliente de Prueba',
			email,
			meet_url: 'https://meet.jit.si/kia-prueba',
			...overrides,
		})
		.select('id, fecha, hora')
		.single()
	if (error) throw error
	return data
}

/** A client's support request as the portal stores it (the database writes in who sent it); its id. */
export async function createSupportRequest(userId: string, subject = 'Una duda') {
	const { data } = await serviceClient()
		.from('form_submissions')
		.insert({ form_type: 'soporte', solicitante: userId, data: { subject, message: 'Hola' } })
		.select('id')
		.single()
		.throwOnError()
	return data.id
}

/** The address a stored form submission carries: its `data` is whatever the form sent. */
export const submittedEmail = (data: Json) =>
	typeof data === 'object' && data !== null && !Array.isArray(data) ? data.email : undefined

/** The link of an auth e-mail: our callback page with the token hash (supabase/templates). */
export function linkFrom(mail: { html: string }) {
	const href = /href="([^"]+\/auth\/callback\?token_hash=[^"]+)"/.exec(mail.html)?.[1]
	if (!href) throw new Error('No e-mail link in the mail')
	return href.replace(/&amp;/g, '&')
}
