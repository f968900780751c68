import { createClient } from '@supabase/supabase-js'
import { defaultBookingReason } from '../../../app/lib/booking-schemas'
import { createAccount, linkFrom, testPassword } from '../data'
import { localAnonKey } from '../keys'
import { waitForMail } from '../mail'
import { honeypotFields } from '../honeypot'
import { recoverySessionCookie } from '../hostile-input'
import { confirmedSubscriber, confirmSubject, linkInText, subscribeByPost } from '../newsletter'
import { serviceClient } from '../supabase'
import { uniqueSlot } from '../unique'
import { portalURL, siteURL, supabaseURL } from '../urls'
import { marker, select, sentValues, signedIn, submissionProbe, submissionRows, wasSent, type Probe } from './common'

/** The actions of the public site and the portal’s sign-in (every visitor’s forms), each reached as the user it is meant for. */
export const siteProbes: Record<string, () => Promise<Probe>> = {
	'contact form': async () =>
		submissionProbe('routes/site/contact.tsx', '/contacto', 'Contacto General', (tag) => ({
			name: `Ana ${tag}`,
			email: `${tag}@kia.test`,
			message: `Hola ${tag}`,
		})),
	'Sobre KIA contact form': async () =>
		submissionProbe('routes/site/about.tsx', '/sobre-kia', 'Contacto Sobre KIA', (tag) => ({
			name: `Luis ${tag}`,
			email: `${tag}@kia.test`,
			message: `Hola ${tag}`,
		})),
	'investor form': async () =>
		submissionProbe(
			'routes/site/invest.tsx',
			'/invertir',
			'investor_contact',
			(tag) => ({
				fullName: `Inversora ${tag}`,
				email: `${tag}@fondo.es`,
				entity: `Fondo ${tag}`,
				message: `Ronda ${tag}`,
			}),
			['entity'],
		),
	newsletter: async () => {
		const tag = marker()
		let sent = 0
		return {
			module: 'routes/resources/newsletter.ts',
			url: siteURL('/resources/newsletter'),
			valid: () => ({ email: `${tag}-${(sent += 1)}@kia.test`, redirectTo: '/' }),
			accepted: 302,
			rows: () =>
				select(serviceClient().from('boletin_suscriptores').select('email, estado').like('email', `${tag}-%`)),
			isWhole: (row, sent) => row.estado === 'pendiente' && wasSent(sent, 'email', row.email),
		}
	},
	'site chat question': async () => {
		const tag = marker()
		return {
			module: 'routes/resources/chat-answer.ts',
			url: siteURL('/resources/asistente'),
			valid: () => ({ pregunta: `¿Cuánto cuesta el plan Starter? ${tag}` }),
			accepted: 200,
			rows: () =>
				select(serviceClient().from('asistente_preguntas').select('id, pregunta').like('pregunta', `%${tag}%`)),
			isWhole: (row, sent) => wasSent(sent, 'pregunta', row.pregunta),
		}
	},
	'site chat handover': async () => {
		const tag = marker()
		const since = new Date(Date.now() - 60_000).toISOString()
		const hidden = await honeypotFields(siteURL('/asistente'))
		return {
			module: 'routes/site/chat.tsx',
			url: siteURL('/asistente'),
			valid: () => ({ email: `${tag}@kia.test`, pregunta: `¿Podéis llamarme? ${tag}`, ...hidden }),
			accepted: 200,
			rows: () => submissionRows(tag, since),
			isWhole: (row, sent) => {
				const data = row.data as Record<string, unknown>
				return row.form_type === 'chat' && wasSent(sent, 'email', data.email) && wasSent(sent, 'pregunta', data.message)
			},
		}
	},
	'newsletter confirmation': async () => {
		const email = `${marker()}@kia.test`
		const signUp = await subscribeByPost(email)
		if (signUp.status !== 302) throw new Error(`The sign-up answered ${signUp.status}`)
		const link = linkInText(await waitForMail(email, confirmSubject), '/boletin/confirmar')
		return {
			module: 'routes/site/newsletter-confirm.tsx',
			url: link,
			valid: () => ({}),
			accepted: 200,
			rows: () => select(serviceClient().from('boletin_suscriptores').select('estado').eq('email', email)),
			isWhole: (row) => row.estado === 'confirmado',
		}
	},
	'newsletter one-click unsubscribe': async () => {
		const email = `${marker()}@kia.test`
		const { unsubscribeUrl } = await confirmedSubscriber(email)
		return {
			module: 'routes/site/newsletter-unsubscribe.tsx',
			url: unsubscribeUrl,
			valid: () => ({ 'List-Unsubscribe': 'One-Click' }),
			accepted: 200,
			rows: () => select(serviceClient().from('boletin_suscriptores').select('estado').eq('email', email)),
			isWhole: (row) => row.estado === 'baja',
		}
	},
	'theme switch': async () => ({
		module: 'routes/resources/theme.ts',
		url: portalURL('/resources/theme'),
		valid: () => ({ theme: 'light', redirectTo: '/auth' }),
		accepted: 302,
	}),
	'cookie consent': async () => ({
		module: 'routes/resources/consent.ts',
		url: siteURL('/resources/consent'),
		valid: () => ({ intent: 'save', analytics: 'on', marketing: 'on', redirectTo: '/' }),
		accepted: 302,
	}),
	'demo booking, signed out': async () => {
		// One slot per probe: signed out nothing is booked, and signed in the first valid form books it and every
		// later variant finds it taken (or the client's limit reached), which is also a refusal with nothing written.
		const slot = uniqueSlot()
		return {
			module: 'routes/site/demo.tsx',
			url: siteURL('/solicitar-demostracion-kia'),
			valid: () => ({ nombre: 'Visitante', email: `${marker()}@kia.test`, ...slot, motivo: 'Quiero verlo' }),
			accepted: 302,
		}
	},
	'demo booking, signed in': async () => {
		const user = await signedIn('hostil-reserva', 'Cliente Hostil')
		const tag = marker()
		const slot = uniqueSlot()
		return {
			module: 'routes/site/demo.tsx',
			url: siteURL('/solicitar-demostracion-kia'),
			cookie: user.cookie,
			valid: () => ({ ...slot, motivo: `Demo ${tag}` }),
			accepted: 200,
			rows: () =>
				select(
					serviceClient()
						.from('reservas')
						.select('id, fecha, hora, motivo, nombre, email, status, meet_url')
						.eq('user_id', user.id)
						.order('id'),
				),
			isWhole: (row, sent) =>
				wasSent(sent, 'fecha', row.fecha) &&
				wasSent(sent, 'hora', String(row.hora).slice(0, 5)) &&
				(wasSent(sent, 'motivo', row.motivo) ||
					(row.motivo === defaultBookingReason && sentValues(sent, 'motivo').every((motivo) => motivo === ''))) &&
				row.nombre === user.fullName &&
				row.email === user.email &&
				row.status === 'confirmada' &&
				typeof row.meet_url === 'string',
		}
	},
	'plan checkout': async () => {
		const user = await signedIn('hostil-compra')
		return {
			module: 'routes/site/plan.tsx',
			url: siteURL('/tarifas/business'),
			cookie: user.cookie,
			valid: () => ({ period: 'monthly' }),
			accepted: 303,
			rows: () =>
				select(serviceClient().from('stripe_customers').select('user_id, customer_id').eq('user_id', user.id)),
			isWhole: (row) => row.user_id === user.id && String(row.customer_id).startsWith('cus_'),
		}
	},
	'sign-in': async () => {
		const user = await createAccount('hostil-entra')
		return {
			module: 'routes/portal/auth.tsx',
			url: portalURL('/auth'),
			valid: () => ({ intent: 'signin', email: user.email, password: testPassword, redirectTo: '/dashboard' }),
			accepted: 302,
		}
	},
	'sign-up': async () => {
		const tag = marker()
		let count = 0
		return {
			module: 'routes/portal/auth.tsx',
			url: portalURL('/auth'),
			valid: () => ({
				intent: 'signup',
				fullName: `Alta ${tag}`,
				email: `${tag}-${(count += 1)}@kia.test`,
				password: 'contraseña-1',
				redirectTo: '/dashboard',
			}),
			accepted: 302,
			rows: () =>
				select(
					serviceClient()
						.from('usuarios')
						.select('id, email, full_name, role')
						.like('email', `${tag}-%`)
						.order('email'),
				),
			isWhole: (row, sent) =>
				wasSent(sent, 'email', row.email) && wasSent(sent, 'fullName', row.full_name) && row.role === 'cliente',
		}
	},
	'password recovery': async () => {
		const user = await createAccount('hostil-olvido')
		return {
			module: 'routes/portal/auth.tsx',
			url: portalURL('/auth'),
			valid: () => ({ intent: 'recover', email: user.email }),
			accepted: 302,
		}
	},
	'Google sign-in': async () => ({
		module: 'routes/portal/auth.tsx',
		url: portalURL('/auth'),
		valid: () => ({ intent: 'google', redirectTo: '/dashboard' }),
		accepted: 302,
	}),
	'auth callback': async () => ({
		module: 'routes/portal/auth-callback.tsx',
		url: portalURL('/auth/callback'),
		valid: () => ({ access_token: 'no-es-un-token', refresh_token: 'tampoco', type: '', next: '/dashboard' }),
		accepted: 302,
	}),
	'e-mail link': async () => {
		const user = await createAccount('hostil-enlace')
		const supabase = createClient(supabaseURL(), localAnonKey, {
			auth: { persistSession: false },
		})
		await supabase.auth.resetPasswordForEmail(user.email, { redirectTo: portalURL('/auth/callback') })
		const link = new URL(linkFrom(await waitForMail(user.email, /Restablece/)))
		return {
			module: 'routes/portal/auth-callback.tsx',
			url: portalURL('/auth/callback'),
			valid: () => Object.fromEntries(link.searchParams),
			accepted: 302,
		}
	},
	'new password': async () => {
		// The page sets a password only for a session a recovery link has just started.
		const user = await createAccount('hostil-clave')
		return {
			module: 'routes/portal/new-password.tsx',
			url: portalURL('/auth/nueva-contrasena'),
			cookie: await recoverySessionCookie(user.email),
			valid: () => ({ password: 'otra-clave-segura', confirm: 'otra-clave-segura' }),
			accepted: 302,
			passwordOf: user.email,
		}
	},
	'sign-out': async () => {
		const user = await signedIn('hostil-salir')
		return {
			module: 'routes/portal/sign-out.ts',
			url: portalURL('/auth/salir'),
			cookie: user.cookie,
			valid: () => ({}),
			accepted: 302,
		}
	},
	'unknown path': async () => ({
		module: 'routes/not-found.tsx',
		url: siteURL('/no-existe/accion'),
		valid: () => ({}),
		accepted: 404,
	}),
}
