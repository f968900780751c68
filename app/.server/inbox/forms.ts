import { data } from 'react-router'
import { Honeypot, type HoneypotInputProps } from 'remix-utils/honeypot/server'
import { unconfirmedCopy } from '~/content/errors'
import type { ActionResult } from '~/lib/action-result'
import type { Json } from '~/lib/database.types'
import type { SiteFormType } from '~/lib/inbox'
import { env } from '../env'
import { createServiceClient } from '../supabase/client'
import { writeFailure } from '../supabase/writes'
import { log } from '../log'

const honeypotFieldNames = { nameFieldName: 'name__confirm', validFromFieldName: 'from__confirm' }

const honeypot = new Honeypot({ ...honeypotFieldNames, encryptionSeed: env.SESSION_SECRET })

const honeypotPropsLifetimeMs = 60_000
let currentHoneypotProps: { props: Promise<HoneypotInputProps>; madeAt: number } | undefined

/**
 * The honeypot fields of every form a page renders. Its encrypted "valid from" time is only checked for being
 * ours and not in the future, so one value serves a minute of renders (a cached page already serves one up to a
 * minute old) instead of a key derivation and an AES-GCM encryption per request, which cost an uncached render
 * two trips to the crypto thread pool.
 */
export function honeypotInputProps() {
	const now = Date.now()
	if (!currentHoneypotProps || now - currentHoneypotProps.madeAt >= honeypotPropsLifetimeMs) {
		const props = honeypot.getInputProps({ validFromTimestamp: now })
		currentHoneypotProps = { props, madeAt: now }
		props.catch(() => (currentHoneypotProps = undefined))
	}
	return currentHoneypotProps.props
}

/**
 * Bots fill the hidden field, or post without the form's fields at all: they
 * get a plain 400 and nothing is stored. remix-utils skips its check when both
 * fields are missing, so their presence is required here first (every form we
 * render carries them). A timestamp that does not decrypt makes its check
 * throw a plain error rather than a SpamError: that is spam too, not a 500.
 */
export async function rejectSpam(formData: FormData) {
	const isSpam =
		!Object.values(honeypotFieldNames).every((name) => formData.has(name)) || (await failsHoneypot(formData))
	if (isSpam) throw data({ error: 'Formulario no válido' }, { status: 400 })
}

async function failsHoneypot(formData: FormData) {
	try {
		await honeypot.check(formData)
		return false
	} catch {
		return true
	}
}

/**
 * Stores a submission once the action has checked it (honeypot, schema, rate limit), once: a repeat with its
 * `clave` (app/.server/http/submission-key.ts) meets the first and stores nothing, nor enqueues a second e-mail.
 * Service role: visitors may not write form_submissions through the API at all, or they could skip every one of
 * those checks (issue 18).
 */
export async function saveSubmission(
	formType: SiteFormType,
	payload: { [key: string]: Json | undefined },
	clave: string | null,
	refused: string,
): Promise<ActionResult> {
	const { error, status } = await createServiceClient()
		.from('form_submissions')
		.upsert({ form_type: formType, data: payload, clave }, { onConflict: 'clave', ignoreDuplicates: true })
	if (!error) return { ok: true }
	log.error({ err: error }, `[forms] ${formType} not saved`)
	return writeFailure({ error, status }, refused, unconfirmedCopy.message)
}

/** The company's inbox, kept with each contact message. */
export const contactDestination = () => env.CONTACT_EMAIL
