import { errors } from './errors'

// Storage's own rules (src/storage/limits.ts): S3-safe characters only, so accents, ñ, %, # and the like
// are refused. The hyphen is last so it stays a literal.
const validObjectKey = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]*$/
const validBucketName = /^[A-Za-z0-9_!.*'() &$=@;:+,?-]*$/

export function mustBeValidKey(key: string) {
	if (key.length === 0 || !validObjectKey.test(key)) throw errors.invalidKey(key)
}

export function mustBeValidBucketName(name: string) {
	if (name.length === 0 || name.length > 100 || !validBucketName.test(name)) throw errors.invalidBucketName()
}

export const isUuid = (value: string) =>
	/^[0-9a-f]{8}-[0-9a-f]{4}-[0-5][0-9a-f]{3}-[089ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(value)

/** A folder made empty in the dashboard: Storage lets it be stored with no size and no type check. */
export const isEmptyFolder = (key: string) => key.endsWith('.emptyFolderPlaceholder')

/** The smaller of the project's limit and the bucket's own, as Storage takes it (getStandardMaxFileSizeLimit). */
export function effectiveSizeLimit(globalLimit: number, bucketLimit: number | null, key: string) {
	if (isEmptyFolder(key)) return 0
	return typeof bucketLimit === 'number' ? Math.min(bucketLimit, globalLimit) : globalLimit
}

/**
 * Storage's check of a type against a bucket's allowed_mime_types (validateMimeType): the type and
 * subtype compared as written, parameters included, so `text/plain;charset=UTF-8` needs `text/*` or
 * that exact entry; `type/*` admits every subtype.
 */
export function mustBeAllowedType(mimeType: string, allowed: string[] | null, key: string) {
	if (!allowed || allowed.length === 0 || isEmptyFolder(key)) return
	const requested = mimeType.split('/')
	if (requested.length < 2) throw errors.invalidMimeType(mimeType)
	const [type, subtype] = requested
	const matches = allowed.some((entry) => {
		const [allowedType, allowedSubtype] = entry.split('/')
		return allowedType === type && (allowedSubtype === '*' || allowedSubtype === subtype)
	})
	if (!matches) throw errors.invalidMimeType(mimeType)
}
