import { createHmac, randomUUID } from 'node:crypto'
import { createCookie } from 'react-router'
import { z } from 'zod'
import { env, isHttps } from '../env'

/** The accounts one browser is remembered for: a shared family computer, a person's two accounts. */
const maxAccounts = 5

/**
 * A browser that has signed in to an account before (OWASP's "device cookie"): its failed sign-ins count
 * apart from everyone else's, so someone guessing an e-mail's password from elsewhere cannot lock its
 * owner out of their own browser (decision 014). Signed, kept a year, the portal's alone. It names the
 * accounts by a keyed hash, not by their e-mail.
 */
const deviceCookie = createCookie('kia-device', {
	path: '/',
	httpOnly: true,
	sameSite: 'lax',
	secure: isHttps,
	secrets: [env.SESSION_SECRET],
	maxAge: 365 * 24 * 60 * 60,
})

const deviceSchema = z.object({ id: z.uuid(), accounts: z.array(z.string()).max(maxAccounts) })
type Device = z.infer<typeof deviceSchema>

const accountMark = (email: string) =>
	createHmac('sha256', env.SESSION_SECRET).update(`kia-device:${email.toLowerCase()}`).digest('base64url').slice(0, 22)

async function readDevice(request: Request): Promise<Device | null> {
	const parsed = deviceSchema.safeParse(await deviceCookie.parse(request.headers.get('Cookie')))
	return parsed.success ? parsed.data : null
}

/** This browser's id when it has signed in to `email` before. */
export async function knownDevice(request: Request, email: string) {
	const device = await readDevice(request)
	return device?.accounts.includes(accountMark(email)) ? device.id : undefined
}

/** The Set-Cookie that remembers this browser for `email`, newest account first. */
export async function rememberDevice(request: Request, email: string) {
	const device = await readDevice(request)
	const mark = accountMark(email)
	const accounts = [mark, ...(device?.accounts ?? []).filter((account) => account !== mark)].slice(0, maxAccounts)
	return deviceCookie.serialize({ id: device?.id ?? randomUUID(), accounts } satisfies Device)
}
