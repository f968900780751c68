/**
 * Who trades as KIA, as the law asks a company to say so (LSSI-CE art. 10, Código de Comercio art. 24): its legal
 * name, tax id, registered address and registry entry. Configuration (COMPANY_* in app/.server/env.ts), never
 * copy: it is not ours to invent.
 */
export type CompanyIdentity = {
	legalName: string
	/** NIF, without spaces or hyphens (B12345678). */
	nif: string
	/** The registered address (domicilio social), which may differ from the office's. */
	address: string
	/** Registro Mercantil and the entry's data, as the registry gives them. */
	registry: string
}

const controlLetters = 'TRWAGMYFPDXBNJZSQVHLCKE'
const entityLetters = 'JABCDEFGHI'

/** A DNI's or NIE's check letter: the number modulo 23 (an NIE's X, Y, Z read as 0, 1, 2). */
function isPersonalNif(nif: string) {
	const match = /^([XYZ]?)(\d{7,8})([A-Z])$/.exec(nif)
	if (!match) return false
	const [, prefix = '', digits = '', letter] = match
	if (prefix === '' ? digits.length !== 8 : digits.length !== 7) return false
	const number = Number(`${prefix === '' ? '' : 'XYZ'.indexOf(prefix)}${digits}`)
	return controlLetters[number % 23] === letter
}

/**
 * A legal entity's NIF (the old CIF): its kind's letter, seven digits and a check character, a digit for some
 * kinds (A, B, E, H: companies), a letter for others (P, Q, R, S, N, W), either for the rest.
 */
function isEntityNif(nif: string) {
	const match = /^([ABCDEFGHJNPQRSUVW])(\d{7})([0-9A-J])$/.exec(nif)
	if (!match) return false
	const [, kind = '', digits = '', check = ''] = match
	const sum = [...digits].reduce((total, char, index) => {
		const digit = Number(char)
		if (index % 2 === 1) return total + digit
		const doubled = digit * 2
		return total + Math.floor(doubled / 10) + (doubled % 10)
	}, 0)
	const control = (10 - (sum % 10)) % 10
	const asDigit = check === String(control)
	const asLetter = check === entityLetters[control]
	if ('ABEH'.includes(kind)) return asDigit
	if ('PQRSNW'.includes(kind)) return asLetter
	return asDigit || asLetter
}

/** Spaces, dots and hyphens are how people write a NIF down ('B-12.345.678'), not part of it. */
export const normalisedNif = (value: string) => value.replace(/[\s.-]/g, '').toUpperCase()

/** Whether `nif` (already normalised) is a Spanish NIF whose check character is right. */
export function isValidNif(nif: string) {
	return isEntityNif(nif) || isPersonalNif(nif)
}
