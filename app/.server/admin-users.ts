import type { SupabaseClient } from '@supabase/supabase-js'
import { adminCopy } from '~/content/admin'
import type { Database } from '~/lib/database.types'
import { cancelUpcomingMeetingsOf } from './bookings'
import { createServiceClient } from './supabase'

const copy = adminCopy.users

export type AdminChange = { ok: true } | { ok: false; message: string }

/** full_name, phone and role under the admin's own session: RLS and the role guard trigger apply. */
export async function updateUserByAdmin(
	supabase: SupabaseClient<Database>,
	adminId: string,
	change: { id: string; full_name: string; phone?: string; role: 'cliente' | 'admin' },
): Promise<AdminChange> {
	if (change.id === adminId && change.role !== 'admin') return { ok: false, message: copy.selfRole }
	const { data, error } = await supabase
		.from('usuarios')
		.update({
			full_name: change.full_name,
			phone: change.phone || null,
			role: change.role,
			updated_at: new Date().toISOString(),
		})
		.eq('id', change.id)
		.select('id')
	if (error) {
		console.error('[admin] update failed', error)
		return { ok: false, message: error.message.includes('administrador') ? error.message : copy.updateError }
	}
	return data.length === 1 ? { ok: true } : { ok: false, message: copy.updateError }
}

export async function deleteUserByAdmin(
	supabase: SupabaseClient<Database>,
	adminId: string,
	id: string,
): Promise<AdminChange> {
	if (id === adminId) return { ok: false, message: copy.selfDelete }
	const { data: target } = await supabase.from('usuarios').select('role').eq('id', id).maybeSingle()
	if (!target) return { ok: false, message: copy.deleteError }
	if (target.role === 'admin') {
		const { count } = await supabase.from('usuarios').select('id', { count: 'exact', head: true }).eq('role', 'admin')
		if ((count ?? 0) <= 1) return { ok: false, message: copy.lastAdmin }
	}
	// The deleted user's confirmed meetings would otherwise keep holding their slots (issue 18, finding 9).
	if (!(await cancelUpcomingMeetingsOf(id))) return { ok: false, message: copy.deleteError }
	// Service role: deleting an account is the auth admin API's job; the profile follows by foreign key.
	const { error } = await createServiceClient().auth.admin.deleteUser(id)
	if (error) {
		console.error('[admin] delete failed', error)
		return { ok: false, message: `${copy.deleteError}. ${copy.deleteHint}` }
	}
	return { ok: true }
}
