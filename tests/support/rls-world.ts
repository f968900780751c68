import type { SupabaseClient } from '@supabase/supabase-js'
import { expect } from 'vitest'
import { client, createUser, serviceClient, signedIn, startTestSupabase } from './supabase'
import { uniqueEmail, uniqueSlot } from './unique'

// What the RLS tests (tests/integration/rls/) act on: every API role as a client, and a row of every table
// that each role's rules are about, in a database of the test file's own.

export type Actor = 'anon' | 'clienteA' | 'clienteB' | 'admin' | 'service'
export const actors: Actor[] = ['anon', 'clienteA', 'clienteB', 'admin', 'service']
export const adminId = 'a0000000-0000-4000-8000-000000000001'
export const denied = 'denied' as const

/**
 * Every table the REST API exposes and what the API roles may do there, with why. The matrices below test
 * each line; a table added to the schema fails the first test until it is listed here and in them.
 * Writes that only our server should make (after its own checks) are the service role's alone.
 */
export const apiAccess: Record<string, { anon: string; authenticated: string; why: string }> = {
	usuarios: {
		anon: 'nothing',
		authenticated:
			'read and update own row (no e-mail; role only by an admin, never their own); admins read all, update others',
		why: 'profiles are personal; the role guard trigger keeps roles out of a cliente’s reach',
	},
	reservas: {
		anon: 'nothing',
		authenticated: 'read own; admins read all',
		why: 'bookings are written by the server after the slot, horizon and ownership checks (decision 003)',
	},
	asistentes: {
		anon: 'nothing',
		authenticated: 'read own; admins read all, create, change (never whose it is) and delete',
		why: 'KIA’s team builds the assistants in /admin/asistentes; a client only sees theirs',
	},
	blog_posts: {
		anon: 'read published',
		authenticated: 'read published',
		why: 'public content; drafts stay private; the team writes posts',
	},
	blog_tags: { anon: 'read', authenticated: 'read', why: 'public content' },
	blog_post_tags: {
		anon: 'read, of published posts',
		authenticated: 'read, of published posts',
		why: 'public content',
	},
	documentos: {
		anon: 'nothing',
		authenticated: 'read own and delete own; admins read all',
		why: 'a client’s documents are added by registrar_documento (the plan’s count, duplicates, the stored file) and changed by the worker only',
	},
	pasajes: {
		anon: 'nothing',
		authenticated: 'read own assistants’; admins read all',
		why: 'what a client’s documents say; written by the worker, in one transaction per document',
	},
	vocabulario: {
		anon: 'nothing',
		authenticated: 'nothing',
		why: 'the stems of an assistant’s passages, read by buscar_pasajes (which checks the caller) and written by the worker',
	},
	trabajos: {
		anon: 'nothing',
		authenticated: 'admins read all (the back office shows what is stuck and why); nobody else anything',
		why: 'the work queue is the server’s: its jobs carry e-mails and addresses, and only its worker claims them',
	},
	form_submissions: {
		anon: 'nothing',
		authenticated:
			'admins read, and change status and assignee (to an admin); a cliente opens and reads their own support requests',
		why: 'the site’s forms are written by the server after the honeypot, the schema and the rate limit (issue 18); a request from the portal is the signed-in client’s own, capped per hour',
	},
	form_submission_events: {
		anon: 'nothing',
		authenticated:
			'admins read, and add notes and replies as themselves; a cliente reads the replies on their requests and writes on them',
		why: 'the support inbox’s thread: its internal notes are never a sender’s or a cliente’s to see',
	},
	reglas_reservas: {
		anon: 'read',
		authenticated: 'read; admins update',
		why: 'which days and hours can be booked is public; /admin/ajustes changes them, and the database logs who did',
	},
	bloqueos_reservas: {
		anon: 'nothing',
		authenticated: 'admins read, add as themselves and delete',
		why: 'a block’s reason is internal (someone’s holiday); the booking paths read the dates with the service role',
	},
	cambios_ajustes: {
		anon: 'nothing',
		authenticated: 'admins read',
		why: 'the audit log of the booking rules, written by triggers whoever changes them; nobody edits history',
	},
	boletin_suscriptores: {
		anon: 'nothing',
		authenticated: 'admins read',
		why: 'written by the server only (double opt-in after the schema and the rate limits); admins export the confirmed ones',
	},
	asistente_preguntas: {
		anon: 'nothing',
		authenticated: 'admins read',
		why: 'what visitors asked the site’s chat, written by the server after the rate limit; nothing about who asked',
	},
	rate_limits: {
		anon: 'nothing',
		authenticated: 'nothing',
		why: 'counters the server keeps; readable, they would tell an attacker how close they are',
	},
	suscripciones: {
		anon: 'nothing',
		authenticated: 'read own; admins read all',
		why: 'written only from Stripe’s verified webhook',
	},
	pagos: {
		anon: 'nothing',
		authenticated: 'read own; admins read all',
		why: 'written only from Stripe’s verified webhook',
	},
	facturas: {
		anon: 'nothing',
		authenticated: 'read own; admins read all',
		why: 'written only from Stripe’s verified webhook; the hosted page and PDF addresses are the invoice’s keys',
	},
	stripe_customers: {
		anon: 'nothing',
		authenticated: 'nothing',
		why: 'the server maps users to Stripe customers; a client never picks one',
	},
	stripe_eventos: {
		anon: 'nothing',
		authenticated: 'nothing',
		why: 'the webhook’s record of handled events, so a re-delivery does nothing',
	},
}

/** The stand-in, a client per actor (untyped on purpose: the tests name tables at run time and send writes the
 * schema's types would refuse) and the rows the tests read and write. */
export async function startRlsWorld() {
	const supabase = await startTestSupabase()
	const clienteA = await createUser(supabase.url, uniqueEmail('cliente-a'))
	const clienteB = await createUser(supabase.url, uniqueEmail('cliente-b'))
	const { client: admin } = await signedIn(supabase.url, 'admin@kia.test', 'kia-admin-2025')
	const service = serviceClient(supabase.url)
	const clients: Record<Actor, SupabaseClient> = {
		anon: client(supabase.url),
		clienteA: clienteA.client,
		clienteB: clienteB.client,
		admin,
		service,
	}

	for (const user of [clienteA, clienteB]) {
		const booking = await service
			.from('reservas')
			.insert({ user_id: user.id, ...uniqueSlot(), nombre: 'N', email: user.email })
		const assistant = await service
			.from('asistentes')
			.insert({ user_id: user.id, nombre: 'Asistente', empresa: 'Empresa' })
		expect(booking.error ?? assistant.error).toBeNull()
	}
	const submission = await service
		.from('form_submissions')
		.insert({ form_type: 'Contacto General', data: { name: 'Semilla' } })
		.select('id')
		.single()
	const submissionId = submission.data?.id ?? ''
	const note = await service
		.from('form_submission_events')
		.insert({ submission_id: submissionId, kind: 'nota', body: 'Semilla' })
	expect(submission.error ?? note.error).toBeNull()
	// clienteA's support request from the portal, answered by the team: a thread clienteA reads.
	const request = await service
		.from('form_submissions')
		.insert({ form_type: 'soporte', solicitante: clienteA.id, data: { subject: 'Semilla', message: 'Hola' } })
		.select('id')
		.single()
	const reply = await service
		.from('form_submission_events')
		.insert({ submission_id: request.data?.id ?? '', kind: 'respuesta', subject: 'Re: Semilla', body: 'Hola' })
	expect(request.error ?? reply.error).toBeNull()
	const subscriber = await service.from('boletin_suscriptores').insert({ email: 'semilla-boletin@kia.test' })
	expect(subscriber.error).toBeNull()
	const block = await service
		.from('bloqueos_reservas')
		.insert({ desde: '2098-12-24', hasta: '2098-12-26', motivo: 'Semilla' })
	expect(block.error).toBeNull()
	const bought = { price_id: 'price_x', plan: 'business', periodo: 'monthly', status: 'active' }
	const invoice = { status: 'paid', currency: 'eur', total: 19900, amount_due: 19900, amount_paid: 19900 }
	const billing = await Promise.all([
		service.from('stripe_customers').insert({ user_id: clienteA.id, customer_id: 'cus_a' }),
		service.from('suscripciones').insert([
			{ ...bought, id: 'sub_a', user_id: clienteA.id, customer_id: 'cus_a' },
			{ ...bought, id: 'sub_b', user_id: clienteB.id, customer_id: 'cus_b' },
		]),
		service.from('pagos').insert({
			...bought,
			id: 'cs_a',
			user_id: clienteA.id,
			customer_id: 'cus_a',
			amount_total: 299900,
			currency: 'eur',
			status: 'paid',
		}),
		service.from('stripe_eventos').insert({ id: 'evt_a', type: 'checkout.session.completed' }),
		service.from('facturas').insert([
			{ ...invoice, id: 'in_a1', user_id: clienteA.id, customer_id: 'cus_a', subscription_id: 'sub_a' },
			{ ...invoice, id: 'in_a2', user_id: clienteA.id, customer_id: 'cus_a', subscription_id: 'sub_a' },
			{ ...invoice, id: 'in_b', user_id: clienteB.id, customer_id: 'cus_b', subscription_id: 'sub_b' },
		]),
	])
	expect(billing.map((result) => result.error)).toEqual([null, null, null, null, null])
	// A seeded post and tag not linked yet, for the junction table's insert (the counts above stay).
	const [posts, tags, links] = await Promise.all([
		service.from('blog_posts').select('id'),
		service.from('blog_tags').select('id'),
		service.from('blog_post_tags').select('post_id, tag_id'),
	])
	const linked = new Set((links.data ?? []).map((link) => `${link.post_id}/${link.tag_id}`))
	const pairs = (posts.data ?? []).flatMap((post) =>
		(tags.data ?? []).map((tag) => ({ post_id: post.id as string, tag_id: tag.id as string })),
	)
	const unlinked = pairs.find((pair) => !linked.has(`${pair.post_id}/${pair.tag_id}`))
	if (!unlinked) throw new Error('Every seeded post already has every tag')
	const junction = unlinked
	const { data: assistantA } = await service.from('asistentes').select('id').eq('user_id', clienteA.id).single()
	return { supabase, clients, clienteA, clienteB, junction, submissionId, assistantA: assistantA?.id as string }
}
