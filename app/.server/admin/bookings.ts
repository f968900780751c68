import type { SupabaseClient } from '@supabase/supabase-js'
import { adminCopy } from '~/content/admin'
import { isBookable, isPastHorizon } from '~/lib/slots'
import { loadBookingRules } from '../booking/rules'
import type { Database } from '~/lib/database.types'
import type { AdminBookingInput } from '~/lib/admin-schemas'
import { defaultBookingReason } from '~/lib/booking-schemas'
import { inviteUser } from './users'
import { createBooking, isSlotTaken } from '../booking/bookings'
import { log } from '../log'
import type { ActionResult } from '~/lib/action-result'

const refused = adminCopy.bookings.create.refused

export type AdminBookingResult = ActionResult<{ invited: boolean }>

/** The client's account by e-mail, read under the admin's session (RLS shows an admin every profile). */
async function accountOf(supabase: SupabaseClient<Database>, email: string) {
	// Auth stores addresses in lower case, and the profile copies auth's.
	const { data, error } = await supabase.from('usuarios').select('id').eq('email', email.toLowerCase()).maybeSingle()
	if (error) log.error({ err: error }, '[admin] account lookup failed')
	return { id: data?.id ?? null, failed: Boolean(error) }
}

/**
 * An admin books a demo for a client under the same rules as the client (slot, horizon, limit per client;
 * the database holds them too), and the client gets the same confirmation. An address with no account is
 * invited first, as a cliente, so the booking has an owner who can see, move or cancel it.
 * The date rules and the slot are checked before anyone is invited, so a refused booking leaves no account
 * behind (short of a race for the slot, which the unique index settles after the invitation).
 */
export async function bookForClient(
	supabase: SupabaseClient<Database>,
	input: AdminBookingInput,
): Promise<AdminBookingResult> {
	const rules = await loadBookingRules()
	const messages = {
		...refused,
		horizon: refused.horizon(rules.horizonteDias),
		limit: refused.limit(rules.maximoPendientes),
	}
	if (isPastHorizon(rules, input.fecha)) return { ok: false, message: messages.horizon }
	if (!isBookable(rules, input.fecha, input.hora)) return { ok: false, message: messages.invalid }
	if (await isSlotTaken(input.fecha, input.hora)) return { ok: false, message: messages.taken }
	const account = await accountOf(supabase, input.email)
	if (account.failed) return { ok: false, message: messages.failed }
	let userId = account.id
	if (!userId) {
		const invitation = await inviteUser(supabase, { email: input.email, full_name: input.nombre, role: 'cliente' })
		if (!invitation.ok) return invitation
		userId = invitation.userId
	}
	const result = await createBooking(
		{
			userId,
			nombre: input.nombre,
			email: input.email.toLowerCase(),
			fecha: input.fecha,
			hora: input.hora,
			motivo: input.motivo || defaultBookingReason,
		},
		rules,
	)
	if (!result.ok) return { ok: false, message: messages[result.reason] }
	return { ok: true, invited: !account.id }
}
