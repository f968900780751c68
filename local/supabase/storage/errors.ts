import { json, type Reply } from '../http'

/**
 * Storage's error (src/internal/errors/storage-error.ts): the body carries the error's own status as a
 * string, while the HTTP status is 400 for every one below 500 (error-handler.ts), save the few that set
 * their own (`httpStatus`).
 */
export class StorageError extends Error {
	constructor(
		readonly statusCode: number,
		readonly code: string,
		message: string,
		readonly error: string = code,
		readonly httpStatus: number = statusCode === 500 ? 500 : 400,
	) {
		super(message)
	}

	toReply(headers: Record<string, string> = {}): Reply {
		return json(
			this.httpStatus,
			{ statusCode: String(this.statusCode), error: this.error, message: this.message, code: this.code },
			headers,
		)
	}
}

/** The factories of src/internal/errors/codes.ts the stand-in's routes can raise, with their exact strings. */
export const errors = {
	noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
	noSuchKey: () => new StorageError(404, 'NoSuchKey', 'Object not found', 'not_found'),
	keyAlreadyExists: () => new StorageError(409, 'KeyAlreadyExists', 'The resource already exists', 'Duplicate'),
	entityTooLarge: (entity = 'object') =>
		new StorageError(413, 'EntityTooLarge', `The ${entity} exceeded the maximum allowed size`, 'Payload too large'),
	invalidMimeType: (mimeType: string) =>
		new StorageError(415, 'InvalidMimeType', `mime type ${mimeType} is not supported`, 'invalid_mime_type'),
	invalidKey: (key: string) => new StorageError(400, 'InvalidKey', `Invalid key: ${key}`),
	invalidBucketName: () => new StorageError(400, 'InvalidBucketName', 'Bucket name invalid', 'Invalid Input'),
	accessDenied: (message = 'Access denied') => new StorageError(403, 'AccessDenied', message, 'Unauthorized'),
	invalidJwt: (message: string) => new StorageError(400, 'InvalidJWT', message || 'Invalid JWT'),
	invalidSignature: (message = 'Invalid signature') => new StorageError(400, 'InvalidSignature', message),
	expiredSignature: () => new StorageError(400, 'ExpiredToken', 'The provided token has expired.'),
	invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', message),
	invalidRange: () => new StorageError(416, 'InvalidRange', 'invalid range provided', 'invalid_range', 416),
	/** What fastify's schema validation answers (a plain Error, so `error` is "Error"), e.g. `body/expiresIn must be >= 1`. */
	validation: (message: string) => new StorageError(400, 'InvalidRequest', message, 'Error'),
	/** Fastify's route-not-found answer (src/http/not-found-handler.ts): a real 404. */
	routeNotFound: (method: string, url: string) =>
		new StorageError(404, 'InvalidRequest', `Route ${method}:${url} not found`, 'Not Found', 404),
}

type DatabaseErrorLike = Error & { code: string }

function isDatabaseError(error: unknown): error is DatabaseErrorLike {
	const code: unknown = error instanceof Error ? (error as Error & { code?: unknown }).code : undefined
	return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)
}

/** Postgres errors as Storage maps them (DBError.fromDBError, src/storage/database/errors.ts). */
export function fromDatabaseError(error: unknown): StorageError | undefined {
	if (!isDatabaseError(error)) return undefined
	switch (error.code) {
		case '42501':
			return errors.accessDenied(
				error.message.includes('row-level security') ? 'new row violates row-level security policy' : error.message,
			)
		case '23505':
			return new StorageError(409, 'ResourceAlreadyExists', 'The resource already exists', 'Duplicate')
		case '23503':
			return new StorageError(404, 'InvalidRequest', 'The related resource does not exist')
		case '55P03':
			return new StorageError(423, 'ResourceLocked', 'The resource is locked')
		case '22P02':
			return new StorageError(
				400,
				'InvalidParameter',
				error.message || 'Invalid value format or type conversion failed',
			)
		default:
			return new StorageError(500, 'DatabaseError', `database error, code: ${error.code}`)
	}
}

/** Any failure as the reply Storage's error handler would give; what it cannot name is a 500. */
export function toErrorReply(error: unknown): Reply {
	if (error instanceof StorageError) return error.toReply()
	// The client went away mid-body: Storage's answer for it, which no one reads (renderer.ts).
	if ((error as NodeJS.ErrnoException | undefined)?.code === 'ECONNRESET') {
		return new StorageError(499, 'Aborted', 'Request aborted', 'Request aborted', 499).toReply()
	}
	const mapped = fromDatabaseError(error)
	if (mapped) return mapped.toReply()
	console.error('[supabase] unexpected Storage failure', error)
	return new StorageError(500, 'InternalError', 'Internal Server Error', 'Internal').toReply()
}
