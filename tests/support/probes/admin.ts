import { defaultBookingReason } from '../../../app/lib/booking-schemas'
import { createAccount, createMeeting } from '../data'
import { assistantOnPlan, failedDocument } from '../documents'
import { serviceClient } from '../supabase'
import { uniqueSlot } from '../unique'
import { portalURL, supabaseURL } from '../urls'
import {
	blankedSent,
	marker,
	optionalSent,
	select,
	sentValues,
	signedIn,
	signedInAdmin,
	supportItem,
	supportThread,
	wasSent,
	type Probe,
} from './common'

/** The actions of the back office, and a client trying it, each reached as the user it is meant for. */
export const adminProbes: Record<string, () => Promise<Probe>> = {
	'admin user update': async () => {
		const admin = await signedInAdmin('hostil-admin')
		const victim = await createAccount('hostil-editado')
		return {
			module: 'routes/portal/admin/users.tsx',
			url: portalURL('/admin/usuarios'),
			cookie: admin.cookie,
			valid: () => ({
				intent: 'update',
				id: victim.id,
				full_name: 'Nombre Editado',
				phone: '+34 600 000 000',
				role: 'cliente',
			}),
			accepted: 302,
			rows: () => select(serviceClient().from('usuarios').select('full_name, phone, role, email').eq('id', victim.id)),
			isWhole: (row, sent) =>
				wasSent(sent, 'full_name', row.full_name) &&
				blankedSent(sent, 'phone', row.phone) &&
				wasSent(sent, 'role', row.role) &&
				row.email === victim.email,
		}
	},
	'admin user invite': async () => {
		const admin = await signedInAdmin('hostil-invita')
		const tag = marker()
		let sent = 0
		return {
			module: 'routes/portal/admin/users.tsx',
			url: portalURL('/admin/usuarios'),
			cookie: admin.cookie,
			valid: () => ({
				intent: 'invite',
				email: `${tag}-${(sent += 1)}@kia.test`,
				full_name: 'Invitada Hostil',
				role: 'cliente',
			}),
			accepted: 302,
			rows: () => select(serviceClient().from('usuarios').select('email, full_name, role').like('email', `${tag}-%`)),
			isWhole: (row, sent) =>
				wasSent(sent, 'email', row.email) &&
				optionalSent(sent, 'full_name', row.full_name) &&
				wasSent(sent, 'role', row.role),
		}
	},
	'admin user invite by a cliente': async () => {
		const cliente = await signedIn('hostil-no-admin-invita')
		const tag = marker()
		return {
			module: 'routes/portal/admin/users.tsx',
			url: portalURL('/admin/usuarios'),
			cookie: cliente.cookie,
			valid: () => ({ intent: 'invite', email: `${tag}@kia.test`, role: 'admin' }),
			// requireAdmin sends a cliente to /dashboard before anything is read.
			accepted: 302,
			rows: () => select(serviceClient().from('usuarios').select('email, role').like('email', `${tag}%`)),
		}
	},
	'admin user delete': async () => {
		const admin = await signedInAdmin('hostil-borra')
		const victim = await createAccount('hostil-borrado')
		return {
			module: 'routes/portal/admin/users.tsx',
			url: portalURL('/admin/usuarios'),
			cookie: admin.cookie,
			valid: () => ({ intent: 'delete', id: victim.id }),
			accepted: 302,
			rows: () => select(serviceClient().from('usuarios').select('id, full_name, role').eq('id', victim.id)),
			// Deleting is all or nothing; no row may be left changed.
			isWhole: () => false,
		}
	},
	'admin meeting create': async () => {
		// One slot per probe, as for the client's booking: the first valid form books it, every later one finds it taken.
		const admin = await signedInAdmin('hostil-admin-reserva')
		const tag = marker()
		const slot = uniqueSlot()
		let sent = 0
		return {
			module: 'routes/portal/admin/bookings.tsx',
			url: portalURL('/admin/reuniones'),
			cookie: admin.cookie,
			valid: () => ({
				intent: 'create',
				email: `${tag}-${(sent += 1)}@kia.test`,
				nombre: 'Cliente Hostil',
				...slot,
				motivo: 'Demo',
			}),
			accepted: 302,
			rows: () =>
				select(
					serviceClient()
						.from('reservas')
						.select('email, nombre, fecha, hora, motivo, status')
						.like('email', `${tag}-%`),
				),
			isWhole: (row, sent) =>
				wasSent(sent, 'email', row.email) &&
				wasSent(sent, 'nombre', row.nombre) &&
				wasSent(sent, 'fecha', row.fecha) &&
				wasSent(sent, 'hora', String(row.hora).slice(0, 5)) &&
				(wasSent(sent, 'motivo', row.motivo) ||
					(row.motivo === defaultBookingReason && sentValues(sent, 'motivo').every((motivo) => motivo === ''))) &&
				row.status === 'confirmada',
		}
	},
	'admin meeting create by a cliente': async () => {
		const cliente = await signedIn('hostil-no-admin-reserva')
		const tag = marker()
		return {
			module: 'routes/portal/admin/bookings.tsx',
			url: portalURL('/admin/reuniones'),
			cookie: cliente.cookie,
			valid: () => ({ intent: 'create', email: `${tag}@kia.test`, nombre: 'Intrusa', ...uniqueSlot() }),
			// requireAdmin sends a cliente to /dashboard before anything is read.
			accepted: 302,
			rows: () => select(serviceClient().from('reservas').select('id').eq('email', `${tag}@kia.test`)),
		}
	},
	'admin meeting reschedule': async () => {
		const admin = await signedInAdmin('hostil-admin-mueve')
		const client = await createAccount('hostil-movido')
		const booking = await createMeeting(client.id, client.email)
		const target = uniqueSlot()
		return {
			module: 'routes/portal/admin/bookings.tsx',
			url: portalURL('/admin/reuniones'),
			cookie: admin.cookie,
			valid: () => ({ intent: 'reschedule', id: booking.id, ...target }),
			accepted: 302,
			rows: () => select(serviceClient().from('reservas').select('id, fecha, hora, status').eq('user_id', client.id)),
			isWhole: (row, sent) =>
				row.status === 'confirmada' &&
				wasSent(sent, 'fecha', row.fecha) &&
				wasSent(sent, 'hora', String(row.hora).slice(0, 5)),
		}
	},
	'admin meeting cancel': async () => {
		const admin = await signedInAdmin('hostil-admin-cancela')
		const client = await createAccount('hostil-cancelado')
		const booking = await createMeeting(client.id, client.email)
		return {
			module: 'routes/portal/admin/bookings.tsx',
			url: portalURL('/admin/reuniones'),
			cookie: admin.cookie,
			valid: () => ({ intent: 'cancel', id: booking.id }),
			accepted: 302,
			rows: () => select(serviceClient().from('reservas').select('id, fecha, hora, status').eq('user_id', client.id)),
			isWhole: (row, sent) =>
				row.status === 'cancelada' && row.fecha === booking.fecha && wasSent(sent, 'intent', 'cancel'),
		}
	},
	'admin meeting cancel by a cliente': async () => {
		const cliente = await signedIn('hostil-no-admin-cancela')
		const other = await createAccount('hostil-reserva-ajena')
		const booking = await createMeeting(other.id, other.email)
		return {
			module: 'routes/portal/admin/bookings.tsx',
			url: portalURL('/admin/reuniones'),
			cookie: cliente.cookie,
			valid: () => ({ intent: 'cancel', id: booking.id }),
			// requireAdmin sends a cliente to /dashboard before anything is read.
			accepted: 302,
			rows: () => select(serviceClient().from('reservas').select('id, status').eq('user_id', other.id)),
		}
	},
	'support item update': async () => {
		const admin = await signedInAdmin('hostil-soporte-gestiona')
		const id = await supportItem('hostil-soporte-gestiona')
		return {
			module: 'routes/portal/admin/inbox-item.tsx',
			url: portalURL(`/admin/soporte/${id}`),
			cookie: admin.cookie,
			valid: () => ({ intent: 'manage', status: 'en_curso', assignee: admin.id }),
			accepted: 302,
			rows: () => select(serviceClient().from('form_submissions').select('id, status, assignee').eq('id', id)),
			isWhole: (row, sent) => wasSent(sent, 'status', row.status) && blankedSent(sent, 'assignee', row.assignee),
		}
	},
	'support note': async () => {
		const admin = await signedInAdmin('hostil-soporte-nota')
		const id = await supportItem('hostil-soporte-nota')
		return {
			module: 'routes/portal/admin/inbox-item.tsx',
			url: portalURL(`/admin/soporte/${id}`),
			cookie: admin.cookie,
			valid: () => ({ intent: 'note', body: 'Nota de prueba' }),
			accepted: 302,
			rows: () => supportThread(id),
			isWhole: (row, sent) => row.kind === 'nota' && row.subject === null && wasSent(sent, 'body', row.body),
		}
	},
	'support reply': async () => {
		const admin = await signedInAdmin('hostil-soporte-responde')
		const id = await supportItem('hostil-soporte-responde')
		return {
			module: 'routes/portal/admin/inbox-item.tsx',
			url: portalURL(`/admin/soporte/${id}`),
			cookie: admin.cookie,
			valid: () => ({ intent: 'reply', subject: 'Re: tu mensaje', body: 'Gracias por escribirnos.' }),
			accepted: 302,
			rows: () => supportThread(id),
			isWhole: (row, sent) =>
				row.kind === 'respuesta' && wasSent(sent, 'subject', row.subject) && wasSent(sent, 'body', row.body),
		}
	},
	'support note by a cliente': async () => {
		const cliente = await signedIn('hostil-soporte-cliente')
		const id = await supportItem('hostil-soporte-cliente')
		return {
			module: 'routes/portal/admin/inbox-item.tsx',
			url: portalURL(`/admin/soporte/${id}`),
			cookie: cliente.cookie,
			valid: () => ({ intent: 'note', body: 'Intrusa' }),
			// requireAdmin sends a cliente to /dashboard before anything is read.
			accepted: 302,
			rows: () => supportThread(id),
		}
	},
	'admin user update by a cliente': async () => {
		const cliente = await signedIn('hostil-no-admin')
		const victim = await createAccount('hostil-intocable')
		return {
			module: 'routes/portal/admin/users.tsx',
			url: portalURL('/admin/usuarios'),
			cookie: cliente.cookie,
			valid: () => ({ intent: 'update', id: victim.id, full_name: 'Hackeado', phone: '', role: 'admin' }),
			// requireAdmin sends a cliente to /dashboard before anything is read.
			accepted: 302,
			rows: () => select(serviceClient().from('usuarios').select('full_name, phone, role').eq('id', victim.id)),
		}
	},
	// A block of dates no test books: the valid form really blocks them, and nothing else reads 2099.
	'booking block': async () => {
		const admin = await signedInAdmin('hostil-ajustes-bloquea')
		const tag = marker()
		return {
			module: 'routes/portal/admin/settings.tsx',
			url: portalURL('/admin/ajustes'),
			cookie: admin.cookie,
			valid: () => ({ intent: 'add-block', desde: '2099-06-01', hasta: '2099-06-02', motivo: tag }),
			accepted: 302,
			rows: () =>
				select(serviceClient().from('bloqueos_reservas').select('desde, hasta, motivo').like('motivo', `%${tag}%`)),
			isWhole: (row, sent) =>
				wasSent(sent, 'desde', row.desde) && wasSent(sent, 'hasta', row.hasta) && wasSent(sent, 'motivo', row.motivo),
		}
	},
	'booking rules by a cliente': async () => {
		const cliente = await signedIn('hostil-ajustes-cliente')
		return {
			module: 'routes/portal/admin/settings.tsx',
			url: portalURL('/admin/ajustes'),
			cookie: cliente.cookie,
			valid: () => ({
				intent: 'rules',
				dias: '6',
				horas: '08:00',
				horizonteDias: '1',
				antelacionHoras: '0',
				maximoPendientes: '20',
			}),
			// requireAdmin sends a cliente to /dashboard before anything is read.
			accepted: 302,
			rows: () =>
				select(serviceClient().from('reglas_reservas').select('dias, horas, horizonte_dias, maximo_pendientes')),
		}
	},
	'assistant by an admin': async () => {
		const admin = await signedInAdmin('hostil-asistentes')
		const owner = await createAccount('hostil-asistente-cliente')
		const tag = marker()
		return {
			module: 'routes/portal/admin/assistants.tsx',
			url: portalURL('/admin/asistentes'),
			cookie: admin.cookie,
			valid: () => ({
				intent: 'create',
				email: owner.email,
				nombre: `Asistente ${tag}`,
				empresa: 'Gestoría',
				canales: 'whatsapp',
				estado: 'en_preparacion',
			}),
			accepted: 302,
			rows: () =>
				select(
					serviceClient()
						.from('asistentes')
						.select('user_id, nombre, empresa, canales, estado')
						.eq('user_id', owner.id)
						.order('id'),
				),
			isWhole: (row, sent) =>
				row.user_id === owner.id &&
				wasSent(sent, 'nombre', row.nombre) &&
				optionalSent(sent, 'empresa', row.empresa) &&
				(row.canales as string[]).every((channel) => wasSent(sent, 'canales', channel)) &&
				wasSent(sent, 'estado', row.estado),
		}
	},
	'admin job retry': async () => {
		const admin = await signedInAdmin('hostil-trabajos')
		const tipo = `prueba.${marker().replaceAll('-', '_')}`
		const { data: job } = await serviceClient()
			.from('trabajos')
			.insert({
				tipo,
				estado: 'fallido',
				intentos: 8,
				ultimo_error: 'rechazado',
				terminado_at: new Date().toISOString(),
			})
			.select('id')
			.single()
			.throwOnError()
		return {
			module: 'routes/portal/admin/jobs.tsx',
			url: portalURL('/admin/trabajos'),
			cookie: admin.cookie,
			valid: () => ({ intent: 'retry', id: String(job.id) }),
			accepted: 302,
			rows: () => select(serviceClient().from('trabajos').select('id, estado, intentos').eq('tipo', tipo)),
			// A retry has no half: the job is back in the queue or untouched, and the worker moves it on by itself.
			isWhole: (row) => row.id === job.id,
		}
	},
	'admin document reprocess': async () => {
		const admin = await signedInAdmin('hostil-reprocesa')
		const owner = await createAccount('hostil-reprocesado')
		const id = await failedDocument(await assistantOnPlan(supabaseURL(), owner, 'business'), owner.id)
		return {
			module: 'routes/portal/admin/documents.tsx',
			url: portalURL('/admin/documentos'),
			cookie: admin.cookie,
			valid: () => ({ documento: id }),
			accepted: 302,
			// The worker takes the document up again as it likes: what is the client's stays theirs.
			rows: () => select(serviceClient().from('documentos').select('id, nombre, user_id').eq('id', id)),
		}
	},
}
