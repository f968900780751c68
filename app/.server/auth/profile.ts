import { createContext, type RouterContextProvider } from 'react-router'
import type { z } from 'zod'
import { accountCopy } from '~/content/account'
import { unconfirmedCopy } from '~/content/errors'
import type { profileSchema } from '~/lib/account-schemas'
import type { ActionResult } from '~/lib/action-result'
import type { Tables } from '~/lib/database.types'
import { isShownPhoto } from '../http/request'
import { log } from '../log'
import { assertReachable, getSupabase } from '../supabase/client'
import { writeFailure } from '../supabase/writes'
import type { SessionUser } from './session'

type Context = Readonly<RouterContextProvider>

export type Profile = Pick<Tables<'usuarios'>, 'full_name' | 'avatar_url' | 'role' | 'phone'>

type ProfileRead = { profile: Profile | null; failed: boolean }

/**
 * The profile of this request's user, read once and shared by the layout and
 * the page, which run in parallel. No action that changes usuarios reads it
 * through here first, so the loaders after such an action read the new row.
 */
const profileContext = createContext<Promise<ProfileRead> | null>(null)

function readProfileOnce(context: Context, user: SessionUser) {
	let read = context.get(profileContext)
	if (!read) {
		read = readProfile(context, user)
		context.set(profileContext, read)
	}
	return read
}

async function readProfile(context: Context, user: SessionUser): Promise<ProfileRead> {
	const { data, error } = await getSupabase(context)
		.from('usuarios')
		.select('full_name, avatar_url, role, phone')
		.eq('id', user.id)
		.maybeSingle()
	if (error) log.error({ err: error }, '[auth] profile lookup failed')
	return { profile: data, failed: Boolean(error) }
}

/** Admin only when usuarios.role is 'admin'; no row or a failed lookup means not admin. */
export async function loadProfile(context: Context, user: SessionUser): Promise<Profile | null> {
	const { profile, failed } = await readProfileOnce(context, user)
	// An outage is not "no role": an admin must not land on the client pages for it.
	if (failed) assertReachable(context)
	return profile
}

/** For public pages, which stay up while Supabase is down: no profile then, as for a visitor without one. */
export async function loadProfileIfReachable(context: Context, user: SessionUser): Promise<Profile | null> {
	return (await readProfileOnce(context, user)).profile
}

/** The person's full name: the profile's, else the one given at sign-up (or by Google); '' when neither. */
export function fullName(user: SessionUser, profile: Pick<Profile, 'full_name'> | null) {
	const metadata = user.user_metadata as { full_name?: string }
	return profile?.full_name || metadata.full_name || ''
}

/** Profile full_name, then the account's metadata, then the e-mail. */
export function displayName(user: SessionUser, profile: Profile | null) {
	return fullName(user, profile) || user.email || ''
}

/**
 * The person's photo: the one uploaded in Mi Cuenta (served from our origin), else Google's; null when neither is
 * one our pages show (their initial shows instead).
 */
export function avatarUrl(user: SessionUser, profile: Pick<Profile, 'avatar_url'> | null) {
	const metadata = user.user_metadata as { avatar_url?: string }
	return [profile?.avatar_url, metadata.avatar_url].find((url) => url && isShownPhoto(url)) ?? null
}

/**
 * Mi Cuenta's profile, saved whole: each column from its field, role and e-mail never (the database refuses them
 * anyway); the photo only when a new one is given (its address, `avatar`: app/.server/auth/avatar.ts). Saved twice,
 * it is the same profile, so a form sent again needs no key; a save whose answer was lost says it may have been kept.
 */
export async function saveProfile(
	context: Context,
	user: SessionUser,
	value: z.infer<typeof profileSchema>,
	avatar?: string,
): Promise<ActionResult> {
	const telefono = value.telefono?.replace(/\s/g, '') ?? null
	const { error, status } = await getSupabase(context)
		.from('usuarios')
		.upsert({
			id: user.id,
			nombre: value.nombre ?? null,
			apellidos: value.apellidos ?? null,
			full_name: [value.nombre, value.apellidos].filter(Boolean).join(' ') || null,
			prefijo_pais: value.prefijo_pais,
			telefono,
			phone: telefono ? `${value.prefijo_pais}${telefono}` : null,
			preferencia_comunicacion: value.preferencia_comunicacion,
			...(avatar === undefined ? {} : { avatar_url: avatar }),
			updated_at: new Date().toISOString(),
		})
	if (!error) return { ok: true }
	log.error({ err: error }, '[account] save failed')
	return writeFailure({ error, status }, accountCopy.toasts.saveError, unconfirmedCopy.profile)
}
