import { clsx, type ClassValue } from 'clsx'
import { twMerge } from 'tailwind-merge'

export function cn(...inputs: ClassValue[]) {
	return twMerge(clsx(inputs))
}

/**
 * Builds tailwind-merge's lookup tables, which its first call does otherwise: 17 ms of a phone-sized load of `/`
 * on this host, inside whichever hydration slice renders the first `cn` (issue 19).
 */
export function prepareClassMerging() {
	twMerge('')
}

/** A row id as Postgres writes a uuid; anything else in an address is no row, and never reaches a query. */
export const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
