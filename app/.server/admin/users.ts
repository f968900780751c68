import type { SupabaseClient } from '@supabase/supabase-js'
import { adminCopy } from '~/content/admin'
import type { Database } from '~/lib/database.types'
import { isUuid } from '~/lib/utils'
import { endBillingOf } from '../billing/account-closure'
import { getPublicEnv } from '../env'
import { createServiceClient } from '../supabase/client'
import { log } from '../log'
import type { ActionResult } from '~/lib/action-result'

const copy = adminCopy.users

export type AdminChange = ActionResult

/** A deletion done, and whether it cancelled subscriptions in Stripe on the way. */
export type AdminDeletion = { ok: true; cancelled: number } | { ok: false; message: string }

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
		log.error({ err: error }, '[admin] update failed')
		return { ok: false, message: error.message.includes('administrador') ? error.message : copy.updateError }
	}
	return data.length === 1 ? { ok: true } : { ok: false, message: copy.updateError }
}

/**
 * Deletes an account, and first ends what Stripe would still charge it (cancelled at once, not at the period's end:
 * there will be no account to use it). If Stripe cannot do that, the account stays: a paying customer is never left
 * without one.
 */
export async function deleteUserByAdmin(
	supabase: SupabaseClient<Database>,
	adminId: string,
	id: string,
): Promise<AdminDeletion> {
	if (id === adminId) return { ok: false, message: copy.selfDelete }
	const { data: target } = await supabase.from('usuarios').select('role').eq('id', id).maybeSingle()
	if (!target) return { ok: false, message: copy.deleteError }
	if (target.role === 'admin') {
		const { count } = await supabase.from('usuarios').select('id', { count: 'exact', head: true }).eq('role', 'admin')
		if ((count ?? 0) <= 1) return { ok: false, message: copy.lastAdmin }
	}
	let cancelled: string[]
	try {
		cancelled = await endBillingOf(id)
	} catch (error) {
		log.error({ err: error }, "[admin] the user's billing could not be ended; the account stays")
		return { ok: false, message: copy.remove.billingFailed }
	}
	// Service role: deleting an account is the auth admin API's job; the profile follows by foreign key, and the
	// database cancels the user's upcoming meetings with it, calendar and e-mails included (its outbox).
	const { error } = await createServiceClient().auth.admin.deleteUser(id)
	if (error) {
		log.error({ err: error }, '[admin] delete failed')
		if (cancelled.length > 0) return { ok: false, message: copy.remove.cancelledButKept }
		return { ok: false, message: `${copy.deleteError}. ${copy.deleteHint}` }
	}
	return { ok: true, cancelled: cancelled.length }
}

type Invitation = { email: string; full_name?: string; role: 'cliente' | 'admin' }

/** Where the invitation's link lands: the callback verifies it and asks for a password (auth-callback.tsx). */
const invitationRedirect = () =>
	`${getPublicEnv().PORTAL_URL}/auth/callback?${new URLSearchParams({ next: '/dashboard' })}`

/** Auth's refusals of an invitation, in the admin's words. */
function invitationRefusal(error: { code?: string; status?: number }) {
	if (error.code === 'email_exists' || error.code === 'user_already_exists') return copy.invite.exists
	// Auth's hourly cap on the e-mails it sends ([auth.rate_limit] email_sent): invitations count too.
	if (error.code === 'over_email_send_rate_limit' || error.status === 429) return copy.invite.limited
	return copy.invite.failed
}

/**
 * Auth's admin invite (service role): it creates the account, unconfirmed, or reuses one nobody has
 * confirmed, and e-mails the invitation from our template. The role is then set under the admin's own
 * session, so RLS and the role guard decide it as for any other change of role.
 */
export async function inviteUser(
	supabase: SupabaseClient<Database>,
	invitation: Invitation,
): Promise<{ ok: true; userId: string } | { ok: false; message: string }> {
	const { data, error } = await createServiceClient().auth.admin.inviteUserByEmail(invitation.email, {
		redirectTo: invitationRedirect(),
		data: invitation.full_name ? { full_name: invitation.full_name } : undefined,
	})
	if (error) {
		if (!error.code) log.error({ err: error }, '[admin] invite failed')
		return { ok: false, message: invitationRefusal(error) }
	}
	if (invitation.role === 'cliente') return { ok: true, userId: data.user.id }
	const { data: updated, error: roleError } = await supabase
		.from('usuarios')
		.update({ role: invitation.role, updated_at: new Date().toISOString() })
		.eq('id', data.user.id)
		.select('id')
	if (roleError || updated.length !== 1) {
		log.error({ err: roleError }, "[admin] the invited user's role could not be set")
		return { ok: false, message: copy.invite.roleFailed }
	}
	return { ok: true, userId: data.user.id }
}

/** Sends a pending invitation again: a new link, the old one no longer works (auth keeps one token). */
export async function resendInvitation(
	supabase: SupabaseClient<Database>,
	id: string,
): Promise<{ ok: true; email: string } | { ok: false; message: string }> {
	if (!isUuid(id)) return { ok: false, message: copy.resend.notPending }
	// Read under the admin's session first: RLS shows every profile to an admin and none to anyone else.
	const { data: profile } = await supabase.from('usuarios').select('id').eq('id', id).maybeSingle()
	if (!profile) return { ok: false, message: copy.resend.notPending }
	// Service role: whether an invitation is still open is auth's record, which only it reads.
	const service = createServiceClient()
	const { data, error } = await service.auth.admin.getUserById(id)
	const user = data.user
	if (error || !user?.email || !user.invited_at || user.email_confirmed_at)
		return { ok: false, message: copy.resend.notPending }
	const { error: inviteError } = await service.auth.admin.inviteUserByEmail(user.email, {
		redirectTo: invitationRedirect(),
	})
	if (inviteError) {
		if (!inviteError.code) log.error({ err: inviteError }, '[admin] invite failed')
		return { ok: false, message: invitationRefusal(inviteError) }
	}
	return { ok: true, email: user.email }
}
