import { z } from 'zod'

// Zod probes for eval (a caught `new Function`) the first time it builds an object schema, and under
// the app's CSP the browser reports that probe as a violation (Lighthouse's best practices count it).
// Set before any schema is built (each *-schemas module imports this one); forms parse fast enough without
// Zod's compiled parsers.
z.config({ jitless: true })

// The fields every form shares. Each form's schema lives with its domain (auth-, contact-, booking-, account-,
// billing-schemas) because building a Zod schema binds every one of its methods, and a page now builds only the
// schemas it imports: /auth's modules took 47 ms of CPU to evaluate instead of 53 (medians of 6 phone-sized
// loads; issue 19).

/** Shared by the browser (constraints, instant feedback) and the server (the real check). */
export const emailField = z
	.string({ error: 'Introduce tu email.' })
	.trim()
	.max(254, 'El email es demasiado largo.')
	.email('Introduce un email válido.')

// Postgres cannot store a NUL character, and no other control character belongs in a typed text
// (tabs and line breaks do): refused here with a message instead of failing the database write.
const controlCharacters = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/
const invalidCharacters = 'El texto contiene caracteres no válidos.'
const printable = (value: string) => !controlCharacters.test(value)

// Bytes that are not UTF-8 (a form sent in another encoding, a corrupted paste) reach us as U+FFFD, the replacement
// character, one for each: stored, what was written there is lost for good. Refused, so the sender writes it again.
const unreadableCharacters =
	'El texto contiene caracteres que no se han podido leer. Escríbelo de nuevo y vuelve a enviarlo.'
const readable = (value: string) => !value.includes('\uFFFD')

/** Free text people type: trimmed, capped, printable, readable. */
export const text = (max: number, tooLong: string) =>
	z.string().trim().max(max, tooLong).refine(printable, invalidCharacters).refine(readable, unreadableCharacters)

export const required = (message: string, max: number, tooLong: string) =>
	z
		.string({ error: message })
		.trim()
		.min(1, message)
		.max(max, tooLong)
		.refine(printable, invalidCharacters)
		.refine(readable, unreadableCharacters)
