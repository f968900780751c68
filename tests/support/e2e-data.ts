import { createClient } from '@supabase/supabase-js'
import type { Page } from '@playwright/test'
import ws from 'ws'
import type { Database, Json, TablesInsert } from '../../app/lib/database.types'
import { localServiceRoleKey } from './keys'
import { portalURL, rawRequest } from './urls'

export const serviceClient = () =>
	createClient<Database>(process.env.E2E_SUPABASE_URL ?? '', localServiceRoleKey, {
		auth: { persistSession: false },
		realtime: { transport: ws as never },
	})

export const uniqueEmail = (label: string) => `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@kia.test`

export const testPassword = 'contraseña-segura-1'

/** A confirmed account made through the admin API, as a real fixture would. */
export async function createAccount(label: string, fullName = 'Cliente de Prueba') {
	const email = uniqueEmail(label)
	const { data, error } = await serviceClient().auth.admin.createUser({
		email,
		password: testPassword,
		email_confirm: true,
		user_metadata: { full_name: fullName },
	})
	if (error) throw error
	return { id: data.user.id, email, password: testPassword, fullName }
}

export async function signIn(page: Page, email: string, password = testPassword) {
	// A post sent while the page hydrates is cancelled by Chromium (the router's replaceState): wait it out.
	await page.goto(portalURL('/auth'), { waitUntil: 'networkidle' })
	const form = page.locator('#signin')
	await form.getByLabel('Email').fill(email)
	await form.getByLabel('Contraseña').fill(password)
	await form.getByRole('button', { name: 'Iniciar Sesión' }).click()
	await page.waitForURL(portalURL('/dashboard'))
}

/** A weekday far enough ahead that parallel tests do not share slots. */
export function futureWeekday() {
	const date = new Date()
	date.setUTCDate(date.getUTCDate() + 30 + Math.floor(Math.random() * 2000))
	while ([0, 6].includes(date.getUTCDay())) date.setUTCDate(date.getUTCDate() + 1)
	return date.toISOString().slice(0, 10)
}

export async function createMeeting(userId: string, email: string, overrides: Partial<TablesInsert<'reservas'>> = {}) {
	const { data, error } = await serviceClient()
		.from('reservas')
		.insert({
			user_id: userId,
			fecha: futureWeekday(),
			hora: '11:30',
			motivo: 'Demostración del asistente KIA',
			nombre: 'Cliente de Prueba',
			email,
			meet_url: 'https://meet.jit.si/kia-prueba',
			...overrides,
		})
		.select('id, fecha, hora')
		.single()
	if (error) throw error
	return data
}

/** The address a stored form submission carries: its `data` is whatever the form sent. */
export const submittedEmail = (data: Json) => (typeof data === 'object' && data !== null && !Array.isArray(data) ? data.email : undefined)

export async function waitForMail(to: string, subject: RegExp) {
	const deadline = Date.now() + 10_000
	while (Date.now() < deadline) {
		const response = await fetch(`${process.env.E2E_MAIL_URL}/email`)
		const mails = (await response.json()) as { subject: string; html: string; text: string; to: { address: string }[] }[]
		const mail = mails.filter((candidate) => candidate.to.some((entry) => entry.address === to) && subject.test(candidate.subject)).at(-1)
		if (mail) return mail
		await new Promise((resolve) => setTimeout(resolve, 150))
	}
	throw new Error(`No mail to ${to} matching ${subject}`)
}

export function linkFrom(mail: { html: string }) {
	const href = /href="([^"]+verify[^"]+)"/.exec(mail.html)?.[1]
	if (!href) throw new Error('No verification link in the mail')
	return href.replace(/&amp;/g, '&')
}

/** A form post as the signed-in browser would send it (same cookies, same origin). */
export async function postAs(page: Page, url: string, form: Record<string, string>) {
	const cookies = await page.context().cookies(url)
	const target = new URL(url)
	return rawRequest(url, {
		method: 'POST',
		body: new URLSearchParams(form).toString(),
		headers: {
			'Content-Type': 'application/x-www-form-urlencoded',
			Origin: target.origin,
			Cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; '),
		},
	})
}
