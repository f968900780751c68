import { subscribe } from '../billing'
import { assistantOnPlan, failedDocument } from '../documents'
import { createAccount, createMeeting, createSupportRequest, testPassword } from '../data'
import { serviceClient } from '../supabase'
import { uniqueSlot } from '../unique'
import { portalURL, supabaseURL } from '../urls'
import { marker, optionalSent, select, sentValues, signedIn, supportThread, wasSent, type Probe } from './common'

const profileFields = ['nombre', 'apellidos', 'prefijo_pais', 'telefono', 'preferencia_comunicacion']

/** The actions of a client’s portal, each reached as the user it is meant for. */
export const portalProbes: Record<string, () => Promise<Probe>> = {
	'meeting reschedule': async () => {
		const user = await signedIn('hostil-mueve')
		const booking = await createMeeting(user.id, user.email)
		// One target slot: every variant that gets through moves the meeting to the same place.
		const target = uniqueSlot()
		return {
			module: 'routes/portal/dashboard/bookings.tsx',
			url: portalURL('/dashboard/reuniones'),
			cookie: user.cookie,
			valid: () => ({ intent: 'reschedule', id: booking.id, ...target }),
			accepted: 302,
			rows: () => select(serviceClient().from('reservas').select('id, fecha, hora, status').eq('user_id', user.id)),
			isWhole: (row, sent) =>
				row.status === 'confirmada' &&
				wasSent(sent, 'fecha', row.fecha) &&
				wasSent(sent, 'hora', String(row.hora).slice(0, 5)),
		}
	},
	'meeting cancel': async () => {
		const user = await signedIn('hostil-cancela')
		const booking = await createMeeting(user.id, user.email)
		return {
			module: 'routes/portal/dashboard/bookings.tsx',
			url: portalURL('/dashboard/reuniones'),
			cookie: user.cookie,
			valid: () => ({ intent: 'cancel', id: booking.id }),
			accepted: 302,
			rows: () => select(serviceClient().from('reservas').select('id, fecha, hora, status').eq('user_id', user.id)),
			isWhole: (row, sent) =>
				row.status === 'cancelada' && row.fecha === booking.fecha && wasSent(sent, 'intent', 'cancel'),
		}
	},
	profile: async () => {
		const user = await signedIn('hostil-perfil')
		const tag = marker()
		return {
			module: 'routes/portal/dashboard/account.tsx',
			url: portalURL('/dashboard/cuenta'),
			cookie: user.cookie,
			valid: () => ({
				intent: 'profile',
				nombre: 'Ana',
				apellidos: `Prueba ${tag}`,
				prefijo_pais: '+34',
				telefono: '600 111 222',
				preferencia_comunicacion: 'whatsapp',
			}),
			accepted: 302,
			rows: () =>
				select(
					serviceClient()
						.from('usuarios')
						.select(
							'nombre, apellidos, full_name, prefijo_pais, telefono, phone, preferencia_comunicacion, avatar_url, role, email',
						)
						.eq('id', user.id),
				),
			// Only a post of the whole form changes the profile: a field left out is no field emptied.
			isWhole: (row, sent) => {
				const telefonos = sentValues(sent, 'telefono').map((telefono) => telefono.replace(/\s/g, ''))
				return (
					profileFields.every((name) => sentValues(sent, name).length > 0) &&
					optionalSent(sent, 'nombre', row.nombre) &&
					optionalSent(sent, 'apellidos', row.apellidos) &&
					row.full_name === ([row.nombre, row.apellidos].filter(Boolean).join(' ') || null) &&
					(wasSent(sent, 'prefijo_pais', row.prefijo_pais) ||
						(row.prefijo_pais === '+34' && sentValues(sent, 'prefijo_pais').every((given) => given === ''))) &&
					(row.telefono === null
						? telefonos.every((given) => given === '')
						: telefonos.includes(String(row.telefono))) &&
					row.phone === (row.telefono ? `${String(row.prefijo_pais)}${String(row.telefono)}` : null) &&
					(wasSent(sent, 'preferencia_comunicacion', row.preferencia_comunicacion) ||
						(row.preferencia_comunicacion === 'email' &&
							sentValues(sent, 'preferencia_comunicacion').every((given) => given === ''))) &&
					// A photo is a file the server stores, never an address a post names.
					row.avatar_url === null &&
					row.role === 'cliente' &&
					row.email === user.email
				)
			},
		}
	},
	'password change': async () => {
		const user = await signedIn('hostil-cambia')
		return {
			module: 'routes/portal/dashboard/account.tsx',
			url: portalURL('/dashboard/cuenta'),
			cookie: user.cookie,
			// Once changed, the current password is another: later valid-looking posts are refused (400), never 5xx.
			valid: () => ({
				intent: 'password',
				currentPassword: testPassword,
				password: 'otra-clave-segura',
				confirm: 'otra-clave-segura',
			}),
			accepted: 302,
			passwordOf: user.email,
		}
	},
	'subscription management': async () => {
		const user = await signedIn('hostil-suscripcion')
		const { subscriptionId } = await subscribe({ cookie: user.cookie, userId: user.id })
		return {
			module: 'routes/portal/dashboard/subscription.tsx',
			url: portalURL('/dashboard/suscripcion'),
			cookie: user.cookie,
			// Resuming a subscription that is not cancelling changes nothing, so every variant must leave it as it is.
			valid: () => ({ intent: 'resume', subscription: subscriptionId }),
			accepted: 303,
			rows: () =>
				select(
					serviceClient()
						.from('suscripciones')
						.select('id, price_id, status, cancel_at_period_end, current_period_end')
						.eq('user_id', user.id),
				),
		}
	},
	'support request from the portal': async () => {
		const cliente = await signedIn('hostil-solicitud')
		return {
			module: 'routes/portal/dashboard/support.tsx',
			url: portalURL('/dashboard/soporte'),
			cookie: cliente.cookie,
			valid: () => ({ subject: 'Una duda', message: 'Necesito ayuda con mi asistente.' }),
			accepted: 302,
			rows: () =>
				select(serviceClient().from('form_submissions').select('data, asistente_id').eq('solicitante', cliente.id)),
			isWhole: (row, sent) => {
				const data = row.data as Record<string, unknown>
				return (
					wasSent(sent, 'subject', data.subject) &&
					wasSent(sent, 'message', data.message) &&
					optionalSent(sent, 'assistant', row.asistente_id) &&
					data.email === cliente.email
				)
			},
		}
	},
	'support request follow-up': async () => {
		const cliente = await signedIn('hostil-seguimiento')
		const id = await createSupportRequest(cliente.id)
		return {
			module: 'routes/portal/dashboard/support-request.tsx',
			url: portalURL(`/dashboard/soporte/${id}`),
			cookie: cliente.cookie,
			valid: () => ({ message: 'Sigue sin funcionar.' }),
			accepted: 302,
			rows: () => supportThread(id),
			isWhole: (row, sent) => row.kind === 'cliente' && wasSent(sent, 'message', row.body),
		}
	},
	'support request follow-up by another cliente': async () => {
		const owner = await createAccount('hostil-seguimiento-dueno')
		const other = await signedIn('hostil-seguimiento-ajeno')
		const id = await createSupportRequest(owner.id)
		return {
			module: 'routes/portal/dashboard/support-request.tsx',
			url: portalURL(`/dashboard/soporte/${id}`),
			cookie: other.cookie,
			valid: () => ({ message: 'Intrusa' }),
			// Another client's request is none of theirs: 404 before anything is read.
			accepted: 404,
			rows: () => supportThread(id),
		}
	},
	'assistant change by a cliente': async () => {
		const cliente = await signedIn('hostil-asistente-propio')
		const { data, error } = await serviceClient()
			.from('asistentes')
			.insert({ user_id: cliente.id, nombre: 'Propio' })
			.select('id')
			.single()
		if (error) throw error
		return {
			module: 'routes/portal/admin/assistants.tsx',
			url: portalURL('/admin/asistentes'),
			cookie: cliente.cookie,
			valid: () => ({ intent: 'update', id: data.id, nombre: 'Hackeado', canales: 'web', estado: 'activo' }),
			// requireAdmin sends a cliente to /dashboard before anything is read.
			accepted: 302,
			rows: () => select(serviceClient().from('asistentes').select('nombre, estado').eq('user_id', cliente.id)),
		}
	},
	'document delete': async () => {
		const user = await signedIn('hostil-documento')
		const assistant = await assistantOnPlan(supabaseURL(), user, 'starter')
		const id = await failedDocument(assistant, user.id)
		return {
			module: 'routes/portal/dashboard/assistant-documents.tsx',
			url: portalURL(`/dashboard/asistentes/${assistant}/documentos`),
			cookie: user.cookie,
			valid: () => ({ documento: id }),
			accepted: 200,
			rows: () => select(serviceClient().from('documentos').select('id, nombre, estado').eq('id', id)),
			// Deleting is all or nothing; no row may be left changed.
			isWhole: () => false,
		}
	},
	'document upload as a form': async () => {
		const user = await signedIn('hostil-subida')
		const assistant = await assistantOnPlan(supabaseURL(), user, 'starter')
		return {
			module: 'routes/portal/dashboard/assistant-documents-upload.ts',
			url: portalURL(`/dashboard/asistentes/${assistant}/documentos/subir`),
			cookie: user.cookie,
			// The page's script sends files as multipart; a form of fields is not an upload.
			valid: () => ({ nota: 'Horario de 9 a 18' }),
			accepted: 415,
			rows: () => select(serviceClient().from('documentos').select('id, nombre').eq('asistente_id', assistant)),
		}
	},
}
