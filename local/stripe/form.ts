import qs from 'qs'
import { invalidRequest, missingParam, notImplemented } from './http'

/** Request parameters as Stripe reads them: form-encoded, with `a[b][0]=c` nesting. */
export type Params = qs.ParsedQs
type Value = Params[string]

export function parseParams(encoded: string): Params {
	return qs.parse(encoded, { depth: 10, parameterLimit: 2000 })
}

function describe(value: Value) {
	return typeof value === 'string' ? value : JSON.stringify(value)
}

export function optionalString(params: Params, name: string, param = name): string | undefined {
	const value = params[name]
	if (value === undefined) return undefined
	if (typeof value !== 'string') throw invalidRequest(`Invalid string: ${describe(value)}`, param)
	return value
}

export function requiredString(params: Params, name: string, param = name): string {
	const value = optionalString(params, name, param)
	if (value === undefined || value === '') throw missingParam(param)
	return value
}

export function optionalHash(params: Params, name: string, param = name): Params | undefined {
	const value = params[name]
	if (value === undefined || value === '') return undefined
	if (typeof value !== 'object' || Array.isArray(value)) throw invalidRequest('Invalid hash', param)
	return value
}

export function optionalBoolean(params: Params, name: string, param = name): boolean | undefined {
	const value = optionalString(params, name, param)
	if (value === undefined) return undefined
	if (value !== 'true' && value !== 'false') throw invalidRequest(`Invalid boolean: ${value}`, param)
	return value === 'true'
}

export function optionalInteger(params: Params, name: string, param = name): number | undefined {
	const value = optionalString(params, name, param)
	if (value === undefined) return undefined
	if (!/^-?\d+$/.test(value)) throw invalidRequest(`Invalid integer: ${value}`, param)
	return Number(value)
}

export function optionalEnum<T extends string>(
	params: Params,
	name: string,
	allowed: readonly T[],
	param = name,
): T | undefined {
	const value = optionalString(params, name, param)
	if (value === undefined) return undefined
	if (!(allowed as readonly string[]).includes(value)) {
		throw invalidRequest(`Invalid ${param}: must be one of ${allowed.join(', ')}`, param)
	}
	return value as T
}

/** Arrays arrive as `a[0]=x` from the SDK and `a[]=x` from curl; qs turns both into an array, or an object past its index limit. */
export function stringList(params: Params, name: string, param = name): string[] {
	const value = params[name]
	if (value === undefined || value === '') return []
	const items = typeof value === 'string' ? [value] : Array.isArray(value) ? value : Object.values(value)
	return items.map((item) => {
		if (typeof item !== 'string') throw invalidRequest('Invalid array', param)
		return item
	})
}

export function hashList(params: Params, name: string, param = name): Params[] {
	const value = params[name]
	if (value === undefined || value === '') return []
	const items = Array.isArray(value) ? value : typeof value === 'object' ? Object.values(value) : undefined
	if (!items) throw invalidRequest('Invalid array', param)
	return items.map((item, index) => {
		if (typeof item !== 'object' || item === null || Array.isArray(item))
			throw invalidRequest('Invalid object', `${param}[${index}]`)
		return item as Params
	})
}

/**
 * Metadata as Stripe takes it: string values only, at most 50 keys of up to
 * 40 characters and values of up to 500. An empty string for a key (or for
 * the whole of `metadata`) means "unset" on updates.
 */
export function metadataParam(params: Params, name: string, param = name): Record<string, string> | '' | undefined {
	const value = params[name]
	if (value === undefined) return undefined
	if (value === '') return ''
	if (typeof value !== 'object' || Array.isArray(value)) throw invalidRequest('Invalid hash', param)
	const entries = Object.entries(value)
	if (entries.length > 50) throw invalidRequest('Invalid metadata: metadata must have at most 50 keys.', param)
	const metadata: Record<string, string> = {}
	for (const [key, item] of entries) {
		if (typeof item !== 'string')
			throw invalidRequest(`Invalid value type: ${describe(item)} must be a string`, `${param}[${key}]`)
		if (key.length > 40)
			throw invalidRequest(`Metadata keys can have up to 40 characters; ${key} has ${key.length}.`, `${param}[${key}]`)
		if (item.length > 500)
			throw invalidRequest(
				`Metadata values can have up to 500 characters, but you passed in a value that is ${item.length} characters.`,
				`${param}[${key}]`,
			)
		metadata[key] = item
	}
	return metadata
}

/** Applies a metadata update the way Stripe does: keys merge, `''` removes a key, `metadata=''` removes all. */
export function mergeMetadata(current: Record<string, string>, update: Record<string, string> | '' | undefined) {
	if (update === undefined) return current
	if (update === '') return {}
	const merged = { ...current }
	for (const [key, value] of Object.entries(update)) {
		if (value === '') delete merged[key]
		else merged[key] = value
	}
	return merged
}

/** Which parameters an endpoint reads: `true` takes a value as a whole, a nested spec lists the keys read inside it. */
export type ParamSpec = { [name: string]: true | ParamSpec }

/**
 * Refuses parameters the stand-in would otherwise ignore silently: real
 * Stripe acts on them, so the app must not be tested as if they had worked.
 */
export function onlySupported(params: Params, spec: ParamSpec, endpoint: string, prefix = '') {
	for (const [name, value] of Object.entries(params)) {
		const path = prefix ? `${prefix}[${name}]` : name
		const rule = spec[name]
		if (rule === undefined) throw notImplemented(`The parameter \`${path}\` of ${endpoint}`)
		if (rule === true || value === undefined || typeof value === 'string') continue
		const children = Array.isArray(value) ? value : [value]
		children.forEach((child, index) => {
			if (typeof child !== 'object') return
			const childPath = Array.isArray(value) ? `${path}[${index}]` : path
			onlySupported(child, rule, endpoint, childPath)
		})
	}
}
