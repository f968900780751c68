import { randomUUID } from 'node:crypto'
import { fileTypeFromBuffer } from 'file-type'
import type { RouterContextProvider } from 'react-router'
import type { z } from 'zod'
import { accountCopy as copy } from '~/content/account'
import { unconfirmedCopy } from '~/content/errors'
import type { profileSchema } from '~/lib/account-schemas'
import type { ActionResult } from '~/lib/action-result'
import { avatarExtensions, avatarLimits, avatarMimes, avatarOfPath, avatarPath, avatarsBucket } from '~/lib/avatars'
import { log } from '../log'
import { getSupabase } from '../supabase/client'
import { writeFailure } from '../supabase/writes'
import { saveProfile } from './profile'
import type { SessionUser } from './session'

type Context = Readonly<RouterContextProvider>

/** What a photo is by its content, as the documents' upload reads a file (file-type): never its name's word. */
export async function photoType(bytes: Uint8Array) {
	const found = await fileTypeFromBuffer(bytes)
	return avatarMimes.find((mime) => mime === found?.mime) ?? null
}

/**
 * Mi Cuenta's save with a new photo: the file stored first, under a new key in the person's own folder, then the
 * profile naming it, then the old photo's file removed. A refused save removes the new file again, so no profile
 * names a file that is not there and no file outlives its profile's refusal.
 */
export async function saveProfileWithPhoto(
	context: Context,
	user: SessionUser,
	value: z.infer<typeof profileSchema>,
	photo: File | undefined,
): Promise<ActionResult> {
	if (!photo) return saveProfile(context, user, value)
	const bytes = new Uint8Array(await photo.arrayBuffer())
	if (bytes.byteLength > avatarLimits.maxFileBytes) return { ok: false, field: 'foto', message: copy.photo.tooLarge }
	const mime = await photoType(bytes)
	if (!mime) return { ok: false, field: 'foto', message: copy.photo.wrongType }
	const key = `${user.id}/${randomUUID()}.${avatarExtensions[mime]}`
	const stored = await getSupabase(context)
		.storage.from(avatarsBucket)
		.upload(key, bytes, { contentType: mime, upsert: false })
	if (stored.error) {
		log.error({ err: stored.error }, '[account] a photo could not be stored')
		return { ok: false, field: 'foto', message: copy.photo.storeError }
	}
	const before = await currentPhoto(context, user)
	const saved = await saveProfile(context, user, value, avatarPath(key))
	if (saved.ok) await removePhoto(context, before)
	// A save whose answer was lost may have been kept: its photo stays for the profile that may name it.
	else if (!saved.unconfirmed) await removePhoto(context, key)
	return saved
}

/** 'Quitar foto': the profile names no photo, and its file goes. Google's photo, if any, shows again. */
export async function removeProfilePhoto(context: Context, user: SessionUser): Promise<ActionResult> {
	const before = await currentPhoto(context, user)
	const { error, status } = await getSupabase(context)
		.from('usuarios')
		.update({ avatar_url: null, updated_at: new Date().toISOString() })
		.eq('id', user.id)
	if (error) {
		log.error({ err: error }, '[account] the photo could not be removed from the profile')
		return writeFailure({ error, status }, copy.toasts.saveError, unconfirmedCopy.profile)
	}
	await removePhoto(context, before)
	return { ok: true }
}

/** The Storage key of the photo the profile names now, when it is one of ours in this person's folder. */
async function currentPhoto(context: Context, user: SessionUser) {
	const { data, error } = await getSupabase(context)
		.from('usuarios')
		.select('avatar_url')
		.eq('id', user.id)
		.maybeSingle()
	if (error) log.error({ err: error }, '[account] the current photo could not be read')
	const photo = data?.avatar_url ? avatarOfPath(data.avatar_url) : null
	return photo?.owner === user.id ? photo.key : null
}

/** A file left behind when this fails is only space: nothing names it, and nobody else can read it. */
async function removePhoto(context: Context, key: string | null) {
	if (!key) return
	const { error } = await getSupabase(context).storage.from(avatarsBucket).remove([key])
	if (error) log.error({ err: error, key }, '[account] a photo could not be removed')
}
