import type { SupabaseClient } from '@supabase/supabase-js'
import { data } from 'react-router'
import { Honeypot, SpamError } from 'remix-utils/honeypot/server'
import type { Database, Json } from '~/lib/database.types'
import { env } from './env'

export type FormType = 'Contacto General' | 'Contacto Sobre KIA' | 'investor_contact'

export const honeypot = new Honeypot({ encryptionSeed: env.SESSION_SECRET })

/** Bots fill the hidden field: they get a plain 400 and nothing is stored. */
export async function rejectSpam(formData: FormData) {
	try {
		await honeypot.check(formData)
	} catch (error) {
		if (error instanceof SpamError) throw data({ error: 'Formulario no válido' }, { status: 400 })
		throw error
	}
}

/** Stores a submission under the visitor's own role: RLS lets anyone insert the three known types, nothing else. */
export async function saveSubmission(supabase: SupabaseClient<Database>, formType: FormType, payload: { [key: string]: Json | undefined }) {
	try {
		const { error } = await supabase.from('form_submissions').insert({ form_type: formType, data: payload })
		if (error) console.error(`[forms] ${formType} not saved`, error)
		return !error
	} catch (error) {
		console.error(`[forms] ${formType} not saved`, error)
		return false
	}
}

/** The company's inbox, kept with each contact message (SPEC §3). */
export const contactDestination = () => env.CONTACT_EMAIL
