import { BodyError, readBody } from '../../service'
import type { StorageRequest } from './common'
import { errors, StorageError } from './errors'

/**
 * A JSON body as fastify reads it for Storage: 1 MiB at most, parsed only when sent as JSON (or text,
 * which then fails the schema), with fastify's own refusals.
 */
export async function jsonBody(req: StorageRequest): Promise<unknown> {
	let raw: string
	try {
		raw = await readBody(req.body)
	} catch (error) {
		if (error instanceof BodyError) {
			throw new StorageError(413, 'EntityTooLarge', 'Request body is too large', 'FastifyError', 413)
		}
		throw error
	}
	const contentType = String(req.headers['content-type'] ?? '')
	if (raw === '' && contentType === '') return undefined
	if (contentType.startsWith('text/plain')) return raw
	if (!contentType.startsWith('application/json')) {
		throw new StorageError(415, 'InvalidMimeType', 'Invalid Content-Type header', 'invalid_mime_type', 400)
	}
	if (raw.trim() === '') {
		throw fastifyError("Body cannot be empty when content-type is set to 'application/json'")
	}
	try {
		return JSON.parse(raw) as unknown
	} catch {
		throw fastifyError("Body is not valid JSON but content-type is set to 'application/json'")
	}
}

const fastifyError = (message: string) => new StorageError(400, 'InvalidRequest', message, 'FastifyError')

/**
 * Checks of the few schemas the stand-in's routes take, worded as ajv words them for fastify
 * (`body must have required property 'prefix'`, `body/limit must be >= 1`), numbers coerced from strings
 * as fastify's ajv coerces them.
 */
export class Fields {
	private constructor(
		private readonly where: string,
		private readonly value: Record<string, unknown>,
	) {}

	static of(value: unknown, where: string, required: string[] = []) {
		if (value === null || typeof value !== 'object' || Array.isArray(value)) {
			throw errors.validation(`${where} must be object`)
		}
		const fields = new Fields(where, value as Record<string, unknown>)
		for (const name of required) {
			if (!(name in fields.value)) throw errors.validation(`${where} must have required property '${name}'`)
		}
		return fields
	}

	integer(name: string, minimum: number): number | undefined {
		const raw = this.value[name]
		if (raw === undefined) return undefined
		const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw
		if (typeof value !== 'number' || !Number.isInteger(value)) {
			throw errors.validation(`${this.where}/${name} must be integer`)
		}
		if (value < minimum) throw errors.validation(`${this.where}/${name} must be >= ${minimum}`)
		return value
	}

	string(name: string): string | undefined {
		const raw = this.value[name]
		if (raw === undefined) return undefined
		if (typeof raw === 'number' || typeof raw === 'boolean') return String(raw)
		if (typeof raw !== 'string') throw errors.validation(`${this.where}/${name} must be string`)
		return raw
	}

	oneOf<T extends string>(name: string, allowed: readonly T[]): T | undefined {
		const value = this.string(name)
		if (value === undefined) return undefined
		if (!(allowed as readonly string[]).includes(value)) {
			throw errors.validation(`${this.where}/${name} must be equal to one of the allowed values`)
		}
		return value as T
	}

	strings(name: string, minItems: number, maxItems: number): string[] | undefined {
		const raw = this.value[name]
		if (raw === undefined) return undefined
		if (!Array.isArray(raw)) throw errors.validation(`${this.where}/${name} must be array`)
		if (raw.length < minItems)
			throw errors.validation(`${this.where}/${name} must NOT have fewer than ${minItems} items`)
		if (raw.length > maxItems)
			throw errors.validation(`${this.where}/${name} must NOT have more than ${maxItems} items`)
		return raw.map((item, index) => {
			if (typeof item !== 'string') throw errors.validation(`${this.where}/${name}/${index} must be string`)
			return item
		})
	}

	object(name: string, required: string[] = []): Fields | undefined {
		const raw = this.value[name]
		return raw === undefined ? undefined : Fields.of(raw, `${this.where}/${name}`, required)
	}
}
