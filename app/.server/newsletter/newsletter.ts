import { createHmac, timingSafeEqual } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { newsletterCopy as copy } from '~/content/newsletter'
import type { Database, Tables } from '~/lib/database.types'
import { isUuid } from '~/lib/utils'
import { formatSpreadsheetDateTime } from '~/lib/dates'
import { csvStream } from '../admin/csv'
import { env, getPublicEnv } from '../env'
import { wakeWorker } from '../jobs/wake'
import type { Mail } from '../mail'
import { isKeyRateLimited } from '../security/rate-limit'
import { createServiceClient } from '../supabase/client'
import { log } from '../log'

/** How long a confirmation link works after it was sent. */
const confirmationHours = 24

/**
 * Subscribes an address, double opt-in: a pending subscriber gets a link that confirms it. Whether the
 * address was already subscribed is never told (the answer is the same), and a confirmed one gets no
 * mail; the confirmation e-mails one address may receive are capped, so the form cannot flood anyone's
 * inbox. The database enqueues the e-mail with the sign-up (suscribir_boletin), so the answer's time does not
 * tell whether one goes (decision 014), and a sign-up repeated within the hour sends the same working link.
 * False only when the address could not be stored.
 */
export async function subscribe(address: string): Promise<boolean> {
	const email = address.toLowerCase()
	if (await isKeyRateLimited('newsletterConfirmation', email)) return true
	// Service role: visitors may not read or write the list of subscribers.
	const { error } = await createServiceClient().rpc('suscribir_boletin', { correo: email })
	if (error) {
		log.error({ err: error }, '[newsletter] subscribe failed')
		return false
	}
	wakeWorker()
	return true
}

/**
 * A confirmation link's token: the subscriber and the server's signature over them and the time their link was
 * issued, so the database keeps no token, and a link issued again (more than an hour later) replaces the old one.
 */
export function confirmationToken(id: string, issuedAt: string) {
	return `${id}.${signed(`boletin-confirmar:${id}:${Date.parse(issuedAt)}`)}`
}

export const confirmationUrlFor = (id: string, issuedAt: string) =>
	`${getPublicEnv().SITE_URL}/boletin/confirmar?${new URLSearchParams({ token: confirmationToken(id, issuedAt) })}`

export type LinkResult = { ok: true; email: string } | { ok: false }

/**
 * Confirms the subscription a link's token names, once, within a day of its e-mail; a second click on
 * the same link is still a success. The database keeps the first confirmation as an item of the inbox and
 * enqueues the welcome, the new subscriber's first newsletter e-mail, with it.
 */
export async function confirm(token: string): Promise<LinkResult> {
	const [id = ''] = token.split('.')
	if (!isUuid(id)) return { ok: false }
	const subscribers = createServiceClient().from('boletin_suscriptores')
	const found = await subscribers
		.select('id, email, estado, confirmacion_enviada_at')
		.eq('id', id)
		.gt('confirmacion_enviada_at', new Date(Date.now() - confirmationHours * 3600_000).toISOString())
		.maybeSingle()
	if (found.error) throw found.error
	const subscriber = found.data
	if (!subscriber?.confirmacion_enviada_at || subscriber.estado === 'baja') return { ok: false }
	if (!isSameText(token, confirmationToken(subscriber.id, subscriber.confirmacion_enviada_at))) return { ok: false }
	if (subscriber.estado === 'confirmado') return { ok: true, email: subscriber.email }
	const confirmed = await subscribers
		.update({ estado: 'confirmado', confirmado_at: new Date().toISOString() })
		.eq('id', subscriber.id)
		.eq('estado', 'pendiente')
	if (confirmed.error) throw confirmed.error
	wakeWorker()
	return { ok: true, email: subscriber.email }
}

/**
 * Every newsletter e-mail is made here: it carries the subscriber's own unsubscribe link in its text and in the
 * headers mail apps use for their unsubscribe button.
 */
export function newsletterMail(
	subscriber: Pick<Tables<'boletin_suscriptores'>, 'id' | 'email'>,
	mail: { subject: string; text: (unsubscribeUrl: string) => string },
): Mail {
	const unsubscribeUrl = unsubscribeUrlFor(subscriber.id)
	return { to: subscriber.email, subject: mail.subject, text: mail.text(unsubscribeUrl), unsubscribeUrl }
}

const signed = (value: string) => createHmac('sha256', env.SESSION_SECRET).update(value).digest('base64url')

function isSameText(given: string, expected: string) {
	const a = Buffer.from(given)
	const b = Buffer.from(expected)
	return a.length === b.length && timingSafeEqual(a, b)
}

/** The unsubscribe link's signature: the server's secret over the subscriber's id, so the database keeps no such token. */
const signatureOf = (id: string) => signed(`boletin-baja:${id}`)

export const unsubscribeUrlFor = (id: string) =>
	`${getPublicEnv().SITE_URL}/boletin/baja?${new URLSearchParams({ id, firma: signatureOf(id) })}`

export function isValidUnsubscribeLink(id: string, signature: string) {
	return isUuid(id) && isSameText(signature, signatureOf(id))
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
