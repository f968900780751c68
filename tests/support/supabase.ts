import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '../../app/lib/database.types'
import type { Database as LocalDatabase } from '../../local/supabase/db'
import { startSupabase, type LocalSupabase } from '../../local/supabase/server'
import { seededDatabase } from './database'
import { localAnonKey, localServiceRoleKey } from './keys'
import { seededStorageDir, smtpPort, supabaseURL } from './urls'

/**
 * A stand-in on a free port over a database of its own, fresh from the seed (or over `database`), mailing to the
 * run's catcher. Its Storage starts with the files of the seed's objects: the run's (`storageFrom`, when
 * `database` was built apart, that build's).
 */
export async function startTestSupabase(
	database?: LocalDatabase,
	storageFrom: string = seededStorageDir(),
): Promise<LocalSupabase> {
	return startSupabase({
		database: database ?? (await seededDatabase()),
		port: 0,
		log: false,
		mail: { host: '127.0.0.1', port: smtpPort(), from: 'KIA <no-reply@kia.test>' },
		storageFrom,
	})
}

const memoryStorage = () => {
	const items = new Map<string, string>()
	return {
		getItem: (key: string) => items.get(key) ?? null,
		setItem: (key: string, value: string) => void items.set(key, value),
		removeItem: (key: string) => void items.delete(key),
	}
}

export function client(
	url: string,
	key: string = localAnonKey,
	flowType: 'implicit' | 'pkce' = 'implicit',
): SupabaseClient<Database> {
	return createClient<Database>(url, key, {
		auth: {
			persistSession: true,
			autoRefreshToken: false,
			detectSessionInUrl: false,
			storage: memoryStorage(),
			flowType,
		},
	})
}

/** The service role's client, of the app under test's Supabase unless another is named. */
export const serviceClient = (url = supabaseURL()) => client(url, localServiceRoleKey)

/** A client of the stand-in at `url` signed in with `email`'s password, the user it signed in as and the session. */
export async function signedIn(url: string, email: string, password: string) {
	const signedInClient = client(url)
	const { data, error } = await signedInClient.auth.signInWithPassword({ email, password })
	if (error) throw error
	return { client: signedInClient, user: data.user, session: data.session }
}

export type TestUser = { id: string; email: string; password: string; client: SupabaseClient<Database> }

/** Creates a confirmed user through the admin API (as the e2e fixtures do) and signs them in. */
export async function createUser(
	url: string,
	email: string,
	options: { role?: 'admin' | 'cliente'; fullName?: string } = {},
): Promise<TestUser> {
	const password = 'contraseña-segura-1'
	const admin = serviceClient(url)
	const created = await admin.auth.admin.createUser({
		email,
		password,
		email_confirm: true,
		user_metadata: { full_name: options.fullName ?? email.split('@')[0] },
	})
	if (created.error) throw created.error
	if (options.role === 'admin') {
		const promoted = await admin.from('usuarios').update({ role: 'admin' }).eq('id', created.data.user.id)
		if (promoted.error) throw promoted.error
	}
	const { client: userClient } = await signedIn(url, email, password)
	return { id: created.data.user.id, email, password, client: userClient }
}

/** Raw HTTP to the stand-in, for statuses and headers supabase-js does not expose. */
export function raw(url: string, path: string, init: RequestInit & { key?: string; token?: string } = {}) {
	const { key = localAnonKey, token, headers, ...rest } = init
	return fetch(`${url}${path}`, {
		...rest,
		redirect: 'manual',
		headers: { apikey: key, Authorization: `Bearer ${token ?? key}`, ...headers },
	})
}
