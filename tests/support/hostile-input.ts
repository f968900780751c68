import { uniqueAddress } from './unique'
import { portalURL, rawRequest, type RawResponse } from './urls'
import { linkFrom, testPassword } from './data'
import { waitForMail } from './mail'

/** An origin that is not ours, as a cross-site page would send. */
export const evilOrigin = 'https://evil.example'

/** Form fields in order, duplicates allowed, as a browser (or anyone) puts them on the wire. */
export type Fields = [name: string, value: string][]

/** A request body exactly as sent: any Content-Type, any bytes. */
export type Body = { contentType?: string; body?: string | Buffer }

/**
 * One hostile request; `fields` is what the server can read from it when it
 * is a well-formed form. `oneField` cases differ from the valid form in one
 * field only (many of them, so they may take the faster data request).
 */
export type HostileCase = { label: string; body: Body; fields?: Fields; oneField?: boolean }

export const urlencoded = (fields: Fields): Body => ({
	contentType: 'application/x-www-form-urlencoded',
	body: new URLSearchParams(fields).toString(),
})

type Part = { name: string; value: string; filename?: string }

export function multipart(parts: Part[], boundary = `kia${Math.random().toString(36).slice(2)}`): Body {
	const encoded = parts.map(({ name, value, filename }) => {
		const disposition = `Content-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"\r\nContent-Type: application/octet-stream` : ''}`
		return `--${boundary}\r\n${disposition}\r\n\r\n${value}\r\n`
	})
	return { contentType: `multipart/form-data; boundary=${boundary}`, body: `${encoded.join('')}--${boundary}--\r\n` }
}

/** Values people paste, bots send and attackers try, put in every field in turn. */
export const hostileValues = {
	'100 kB': 'x'.repeat(100_000),
	'unicode, emoji, RTL and a NUL byte': 'Zoë 🤖 \u202eالعربية\u202c a\u0000b',
	'HTML and script': '<script>alert(1)</script><img src=x onerror=alert(1)>',
	SQL: "'; drop table reservas; --",
	'an object in disguise': '{"$ne":null}',
} as const

/**
 * Every way to get one form wrong: each field hostile, missing, twice or a
 * file; then bodies that are not a form at all. The valid form comes first
 * (and again as multipart), so a probe proves it reaches the action.
 */
export function hostileCases(valid: () => Record<string, string>): HostileCase[] {
	const cases: HostileCase[] = []
	const addForm = (label: string, fields: Fields) =>
		cases.push({ label, body: urlencoded(fields), fields, oneField: true })
	const fresh = (): Fields => Object.entries(valid())
	const validForm = fresh()
	cases.push({ label: 'the valid form', body: urlencoded(validForm), fields: validForm })
	const asMultipart = fresh()
	cases.push({
		label: 'the valid form as multipart',
		body: multipart(asMultipart.map(([name, value]) => ({ name, value }))),
		fields: asMultipart,
	})

	for (const name of Object.keys(valid())) {
		for (const [what, value] of Object.entries(hostileValues)) {
			addForm(
				`${name}: ${what}`,
				fresh().map(([key, current]) => [key, key === name ? value : current]),
			)
		}
		addForm(
			`${name} missing`,
			fresh().filter(([key]) => key !== name),
		)
		addForm(`${name} twice`, [...fresh(), [name, hostileValues.SQL]])
		const withFile = fresh()
		cases.push({
			oneField: true,
			label: `${name} as a file`,
			body: multipart(
				withFile.map(([key, value]) => ({ name: key, value, filename: key === name ? 'datos.bin' : undefined })),
			),
			// A file is not a text value: whatever the action stores must come from the other fields.
			fields: withFile.filter(([key]) => key !== name),
		})
	}

	const encoded = urlencoded(fresh()).body ?? ''
	const brokenEscapes = '%E0%A4%A&%zz=%&==&=%00%FF&&'
	const parts = fresh().map(([name, value]) => ({ name, value }))
	const wellFormed = multipart(parts, 'limite')
	cases.push(
		{ label: 'a JSON body', body: { contentType: 'application/json', body: JSON.stringify(valid()) } },
		{ label: 'a text/plain body', body: { contentType: 'text/plain', body: encoded } },
		{
			label: 'an XML body',
			body: { contentType: 'application/xml', body: '<?xml version="1.0"?><form><name>x</name></form>' },
		},
		{ label: 'no Content-Type', body: { body: encoded } },
		{ label: 'an empty form', body: { contentType: 'application/x-www-form-urlencoded', body: '' }, fields: [] },
		{ label: 'an empty body without Content-Type', body: {} },
		{
			label: 'broken percent escapes',
			body: { contentType: 'application/x-www-form-urlencoded', body: brokenEscapes },
			fields: [...new URLSearchParams(brokenEscapes)],
		},
		{
			label: 'a truncated multipart body',
			body: { contentType: wellFormed.contentType, body: (wellFormed.body ?? '').slice(0, -12) },
		},
		{ label: 'multipart without a boundary', body: { contentType: 'multipart/form-data', body: wellFormed.body } },
		{
			label: 'multipart with another boundary',
			body: { contentType: 'multipart/form-data; boundary=otro', body: wellFormed.body },
		},
		{
			label: 'garbage as multipart',
			body: { contentType: 'multipart/form-data; boundary=limite', body: '\u0000\u0001--limite\r\n\r\n\u00ff' },
		},
	)
	return cases
}

/**
 * A POST as one of our own pages sends it (same Origin), with the session
 * `cookie` when given; `origin: null` sends no Origin at all.
 */
export function send(
	url: string,
	{ contentType, body }: Body,
	{
		cookie,
		origin = new URL(url).origin,
		headers = {},
	}: { cookie?: string; origin?: string | null; headers?: Record<string, string> } = {},
) {
	return rawRequest(url, {
		method: 'POST',
		body,
		headers: {
			...(origin === null ? {} : { Origin: origin }),
			// A visitor address of its own for each request, so no rate limit is shared.
			'X-Forwarded-For': uniqueAddress(),
			...(contentType ? { 'Content-Type': contentType } : {}),
			...(cookie ? { Cookie: cookie } : {}),
			...headers,
		},
	})
}

export function setCookies(response: RawResponse) {
	return [response.headers['set-cookie'] ?? []].flat()
}

/** The cookies a response sets, merged over `cookie` (a Cookie header), as a browser keeps them. */
export function withCookies(cookie: string, response: RawResponse) {
	const jar = new Map(cookie ? cookie.split('; ').map((pair) => [pair.slice(0, pair.indexOf('=')), pair]) : [])
	for (const set of setCookies(response)) {
		const pair = set.split(';')[0] ?? ''
		const name = pair.slice(0, pair.indexOf('='))
		if (/Max-Age=0/i.test(set)) jar.delete(name)
		else jar.set(name, pair)
	}
	return [...jar.values()].join('; ')
}

/**
 * Signs in through the portal's own form (at `authPage`, when a proxy in front answers for the app); the Supabase
 * session cookies, ready for a Cookie header.
 */
export async function sessionCookie(email: string, password = testPassword, authPage = portalURL('/auth')) {
	const response = await send(
		authPage,
		urlencoded([
			['intent', 'signin'],
			['email', email],
			['password', password],
		]),
	)
	if (response.status !== 302) throw new Error(`Sign-in of ${email} answered ${response.status}`)
	return setCookies(response)
		.map((cookie) => cookie.split(';')[0] ?? '')
		.filter((pair) => pair.startsWith('sb-'))
		.join('; ')
}

/**
 * A session started from a recovery e-mail, as a person asking for one and pressing its link's button: the
 * session /auth/nueva-contrasena accepts for 15 minutes. Ready for a Cookie header.
 */
export async function recoverySessionCookie(email: string) {
	const asked = await send(
		portalURL('/auth'),
		urlencoded([
			['intent', 'recover'],
			['email', email],
		]),
	)
	if (asked.status !== 302) throw new Error(`Recovery of ${email} answered ${asked.status}`)
	const link = new URL(linkFrom(await waitForMail(email, /Restablece/)))
	const spent = await send(link.href, urlencoded([...link.searchParams]))
	if (spent.headers.location !== '/auth/nueva-contrasena') throw new Error(`The recovery link of ${email} was refused`)
	return setCookies(spent)
		.filter((cookie) => !/Max-Age=0/i.test(cookie))
		.map((cookie) => cookie.split(';')[0] ?? '')
		.filter((pair) => pair.startsWith('sb-'))
		.join('; ')
}
