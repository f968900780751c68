import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { newsletterCopy as copy } from '~/content/newsletter'
import type { Database, Tables } from '~/lib/database.types'
import { isUuid } from '~/lib/utils'
import { notifyCompany } from '../inbox/contact'
import { formatSpreadsheetDateTime } from '~/lib/dates'
import { csvStream } from '../admin/csv'
import { env, getPublicEnv } from '../env'
import { saveSubmission } from '../inbox/forms'
import { sendMail } from '../mail'
import { isKeyRateLimited } from '../security/rate-limit'
import { createServiceClient } from '../supabase/client'
import { log } from '../log'

/** How long a confirmation link works after it was sent. */
const confirmationHours = 24

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

/**
 * Subscribes an address, double opt-in: a pending subscriber gets a link that confirms it. Whether the
 * address was already subscribed is never told (the answer is the same), and a confirmed one gets no
 * mail; the confirmation e-mails one address may receive are capped, so the form cannot flood anyone's
 * inbox. The e-mail goes out after the answer (a failure is logged), so the answer's time does not tell
 * whether one was sent (decision 014). False only when the address could not be read or stored.
 */
export async function subscribe(address: string): Promise<boolean> {
	const email = address.toLowerCase()
	const subscribers = createServiceClient().from('boletin_suscriptores')
	const existing = await subscribers.select('estado').eq('email', email).maybeSingle()
	if (existing.error) {
		log.error({ err: existing.error }, '[newsletter] read failed')
		return false
	}
	if (existing.data?.estado === 'confirmado') return true
	if (await isKeyRateLimited('newsletterConfirmation', email)) return true
	const token = randomBytes(32).toString('base64url')
	const stored = await subscribers.upsert(
		{
			email,
			estado: 'pendiente',
			token_confirmacion: sha256(token),
			confirmacion_enviada_at: new Date().toISOString(),
			baja_at: null,
		},
		{ onConflict: 'email' },
	)
	if (stored.error) {
		log.error({ err: stored.error }, '[newsletter] subscribe failed')
		return false
	}
	const url = `${getPublicEnv().SITE_URL}/boletin/confirmar?${new URLSearchParams({ token })}`
	void sendMail({ to: email, subject: copy.email.confirmSubject, text: copy.email.confirmText(email, url) })
	return true
}

export type LinkResult = { ok: true; email: string } | { ok: false }

/**
 * Confirms the subscription a link's token names, once, within a day of its e-mail; a second click on
 * the same link is still a success. The first confirmation is an item of the inbox, and the new
 * subscriber's first newsletter e-mail is the welcome.
 */
export async function confirm(token: string): Promise<LinkResult> {
	const subscribers = createServiceClient().from('boletin_suscriptores')
	const sentAfter = new Date(Date.now() - confirmationHours * 3600_000).toISOString()
	const found = await subscribers
		.select('id, email, estado')
		.eq('token_confirmacion', sha256(token))
		.gt('confirmacion_enviada_at', sentAfter)
		.maybeSingle()
	if (found.error) throw found.error
	const subscriber = found.data
	if (!subscriber || subscriber.estado === 'baja') return { ok: false }
	if (subscriber.estado === 'confirmado') return { ok: true, email: subscriber.email }
	const confirmed = await subscribers
		.update({ estado: 'confirmado', confirmado_at: new Date().toISOString() })
		.eq('id', subscriber.id)
		.eq('estado', 'pendiente')
		.select('id')
	if (confirmed.error) throw confirmed.error
	// Another click confirmed it in between: that one welcomed them.
	if (confirmed.data.length === 1) await welcome(subscriber)
	return { ok: true, email: subscriber.email }
}

async function welcome(subscriber: Pick<Tables<'boletin_suscriptores'>, 'id' | 'email'>) {
	const item = { email: subscriber.email, message: copy.inboxMessage }
	if (await saveSubmission('boletin', item)) await notifyCompany('boletin', item)
	await sendNewsletterMail(subscriber, { subject: copy.email.welcomeSubject, text: copy.email.welcomeText })
}

/**
 * Every newsletter e-mail goes out through here: it carries the subscriber's own unsubscribe link in
 * its text and in the headers mail apps use for their unsubscribe button.
 */
export function sendNewsletterMail(
	subscriber: Pick<Tables<'boletin_suscriptores'>, 'id' | 'email'>,
	mail: { subject: string; text: (unsubscribeUrl: string) => string },
) {
	const unsubscribeUrl = unsubscribeUrlFor(subscriber.id)
	return sendMail({ to: subscriber.email, subject: mail.subject, text: mail.text(unsubscribeUrl), unsubscribeUrl })
}

/** The unsubscribe link's signature: the server's secret over the subscriber's id, so the database keeps no such token. */
const signatureOf = (id: string) =>
	createHmac('sha256', env.SESSION_SECRET).update(`boletin-baja:${id}`).digest('base64url')

export const unsubscribeUrlFor = (id: string) =>
	`${getPublicEnv().SITE_URL}/boletin/baja?${new URLSearchParams({ id, firma: signatureOf(id) })}`

export function isValidUnsubscribeLink(id: string, signature: string) {
	if (!isUuid(id)) return false
	const expected = Buffer.from(signatureOf(id))
	const given = Buffer.from(signature)
	return given.length === expected.length && timingSafeEqual(given, expected)
}

/** Unsubscribes whoever a valid link names; doing it twice is harmless. */
export async function unsubscribe(id: string, signature: string): Promise<LinkResult> {
	if (!isValidUnsubscribeLink(id, signature)) return { ok: false }
	const subscribers = createServiceClient().from('boletin_suscriptores')
	const found = await subscribers.select('email, estado').eq('id', id).maybeSingle()
	if (found.error) throw found.error
	if (!found.data) return { ok: false }
	if (found.data.estado !== 'baja') {
		const left = await subscribers.update({ estado: 'baja', baja_at: new Date().toISOString() }).eq('id', id)
		if (left.error) throw left.error
	}
	return { ok: true, email: found.data.email }
}

type ExportRow = Pick<Tables<'boletin_suscriptores'>, 'id' | 'email' | 'confirmado_at' | 'created_at'>

const batchSize = 1000

/**
 * The confirmed subscribers as a CSV stream read with the admin's own session (RLS: admins only),
 * in id order so that each batch starts after the last one's id (each row carries its dates).
 */
export function subscribersCsv(supabase: SupabaseClient<Database>) {
	return csvStream<ExportRow>({
		label: 'newsletter',
		header: copy.csvColumns,
		batchSize,
		record: (row) => [
			row.email,
			formatSpreadsheetDateTime(row.confirmado_at ?? ''),
			formatSpreadsheetDateTime(row.created_at),
		],
		read: async (after) => {
			const query = supabase
				.from('boletin_suscriptores')
				.select('id, email, confirmado_at, created_at')
				.eq('estado', 'confirmado')
				.order('id')
				.limit(batchSize)
			const { data, error } = await (after ? query.gt('id', after.id) : query)
			if (error) throw error
			return data
		},
	})
}
