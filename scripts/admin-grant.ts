// `npm run admin:grant -- <email>`: makes an existing user an administrator (the first admin of a new
// deployment; later ones are promoted from the admin panel). Talks to Supabase's REST API with the
// service-role key, so it works against the hosted project as against the local stand-in, without a
// database connection. SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY come from the environment; when both
// are unset it uses the local stand-in (`npm run services`).
import { createClient } from '@supabase/supabase-js'
import { pathToFileURL } from 'node:url'
import { localSupabase } from '../app/.server/supabase/local'
import type { Database } from '../app/lib/database.types'

type Target = { url: string; serviceRoleKey: string }

export type GrantResult = 'granted' | 'already-admin' | 'no-such-user'

/** Gives `email`'s user the admin role; the user must have signed up already. */
export async function grantAdmin(email: string, { url, serviceRoleKey }: Target): Promise<GrantResult> {
	const supabase = createClient<Database>(url, serviceRoleKey, {
		auth: { persistSession: false, autoRefreshToken: false },
	})
	// Profiles carry the address of their auth user (kept in sync by a trigger), as GoTrue stores it: lower case.
	const found = await supabase.from('usuarios').select('id, role').eq('email', email.trim().toLowerCase())
	if (found.error) throw new Error(`Supabase: ${found.error.message}`)
	const [user] = found.data
	if (!user) return 'no-such-user'
	if (user.role === 'admin') return 'already-admin'
	const updated = await supabase.from('usuarios').update({ role: 'admin' }).eq('id', user.id)
	if (updated.error) throw new Error(`Supabase: ${updated.error.message}`)
	return 'granted'
}

/** The project to change: the environment's, or the local stand-in when neither variable is set. */
export function targetFrom(environment: NodeJS.ProcessEnv): Target {
	const { SUPABASE_URL: url, SUPABASE_SERVICE_ROLE_KEY: serviceRoleKey } = environment
	if (!url && !serviceRoleKey) {
		return { url: localSupabase.SUPABASE_URL, serviceRoleKey: localSupabase.SUPABASE_SERVICE_ROLE_KEY }
	}
	if (!url || !serviceRoleKey) throw new Error('Define SUPABASE_URL y SUPABASE_SERVICE_ROLE_KEY (las dos o ninguna).')
	return { url, serviceRoleKey }
}

const messages: Record<GrantResult, (email: string, url: string) => string> = {
	granted: (email, url) => `${email} es ahora administrador (${url}).`,
	'already-admin': (email, url) => `${email} ya era administrador (${url}).`,
	'no-such-user': (email, url) =>
		`No hay ningún usuario con el correo ${email} en ${url}. Debe registrarse en el portal (y confirmar su correo) antes de hacerlo administrador.`,
}

async function main(args: string[]) {
	const [email] = args
	if (args.length !== 1 || !email?.includes('@')) {
		console.error('Uso: npm run admin:grant -- <correo>')
		return 2
	}
	try {
		const target = targetFrom(process.env)
		const result = await grantAdmin(email, target)
		const message = messages[result](email, target.url)
		if (result === 'no-such-user') {
			console.error(message)
			return 1
		}
		console.info(message)
		return 0
	} catch (error) {
		console.error(error instanceof Error ? error.message : error)
		return 1
	}
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = await main(process.argv.slice(2))
