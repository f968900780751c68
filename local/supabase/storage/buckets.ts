import { json, type Reply } from '../http'
import { asCaller, type Caller, type StorageContext, type StorageRequest } from './common'
import { errors } from './errors'
import { mustBeValidBucketName } from './limits'

type BucketRow = {
	id: string
	name: string
	owner: string | null
	public: boolean | null
	type?: string
	file_size_limit: number | null
	allowed_mime_types: string[] | null
	created_at: Date
	updated_at: Date
}

/** A bucket as Storage's bucketSchema serialises it: its fields in the schema's order, a null owner as "". */
function serializeBucket(row: BucketRow) {
	return {
		id: row.id,
		name: row.name,
		owner: row.owner ?? '',
		public: row.public,
		...(row.type === undefined ? {} : { type: row.type }),
		file_size_limit: row.file_size_limit,
		allowed_mime_types: row.allowed_mime_types,
		created_at: row.created_at,
		updated_at: row.updated_at,
	}
}

export type BucketListOptions = {
	limit?: number
	offset?: number
	sortColumn?: 'id' | 'name' | 'created_at' | 'updated_at'
	sortOrder?: 'asc' | 'desc'
	search?: string
}

/** GET /bucket: what the caller's RLS on storage.buckets shows (nothing, for a role without a policy). */
export async function listBuckets(
	ctx: StorageContext,
	req: StorageRequest,
	caller: Caller,
	options: BucketListOptions,
): Promise<Reply> {
	const values: unknown[] = []
	const where = options.search ? `where name ilike $${values.push(`%${escapeLike(options.search)}%`)}` : ''
	const orderBy = options.sortColumn
		? `order by ${options.sortColumn} ${options.sortOrder === 'desc' ? 'desc' : 'asc'}`
		: ''
	const limit = options.limit === undefined ? '' : `limit $${values.push(options.limit)}`
	const offset = options.offset === undefined ? '' : `offset $${values.push(options.offset)}`
	const { rows } = await asCaller(ctx, caller, req, 'storage.bucket.list', (tx) =>
		tx.query<BucketRow>(
			`select id, name, public, owner, created_at, updated_at, file_size_limit, allowed_mime_types, type::text
			 from storage.buckets ${where} ${orderBy} ${limit} ${offset}`,
			values,
		),
	)
	return json(200, rows.map(serializeBucket))
}

/** GET /bucket/{id}: NoSuchBucket when there is none or RLS hides it. */
export async function getBucket(
	ctx: StorageContext,
	req: StorageRequest,
	caller: Caller,
	bucketId: string,
): Promise<Reply> {
	const { rows } = await asCaller(ctx, caller, req, 'storage.bucket.get', (tx) =>
		tx.query<BucketRow>(
			`select id, name, owner, public, created_at, updated_at, file_size_limit, allowed_mime_types
			 from storage.buckets where id = $1 limit 1`,
			[bucketId],
		),
	)
	const row = rows[0]
	if (!row) throw errors.noSuchBucket()
	return json(200, serializeBucket(row))
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&')

type BucketChanges = {
	public?: boolean
	file_size_limit?: number | null
	allowed_mime_types?: string[] | null
}

/**
 * PUT /bucket/{id} (routes/bucket/updateBucket.ts, then Storage.updateBucket): the properties the body gives, the
 * others left as they are, under the caller's RLS on storage.buckets (the service role's bypasses it). What
 * `supabase seed buckets` sends for a bucket config.toml declares.
 */
export async function updateBucket(
	ctx: StorageContext,
	req: StorageRequest,
	caller: Caller,
	bucketId: string,
	body: unknown,
): Promise<Reply> {
	const given = updateBody(body)
	mustBeValidBucketName(bucketId)
	const changes: BucketChanges = {
		public: given.public,
		file_size_limit:
			given.file_size_limit === undefined || given.file_size_limit === null
				? given.file_size_limit
				: sizeLimit(given.file_size_limit, ctx.fileSizeLimit),
		allowed_mime_types: given.allowed_mime_types && given.allowed_mime_types.filter(Boolean),
	}
	if (changes.allowed_mime_types) changes.allowed_mime_types.forEach(mustBeMimeTypePattern)
	const entries = Object.entries(changes).filter(([, value]) => value !== undefined)
	const values = entries.map(([, value]) => value as unknown)
	const { rowCount } = await asCaller(ctx, caller, req, 'storage.bucket.update', (tx) =>
		tx.query(
			`update storage.buckets set ${entries.map(([column], index) => `${column} = $${index + 1}`).join(', ')}
			 where id = $${values.push(bucketId)}`,
			values,
		),
	)
	if (!rowCount) throw errors.noSuchBucket()
	return json(200, { message: 'Successfully updated' })
}

const sizePattern = /^[0-9]+(?:\.[0-9]+)?(?:[gG][bB]|[mM][bB]|[kK][bB]|[bB])$/

/** The body's schema (at least one of the three properties, each of its type), worded as ajv words it for fastify. */
function updateBody(body: unknown): {
	public?: boolean
	file_size_limit?: number | string | null
	allowed_mime_types?: string[] | null
} {
	if (body === null || typeof body !== 'object' || Array.isArray(body)) throw errors.validation('body must be object')
	const fields = body as Record<string, unknown>
	if (Object.keys(fields).length === 0) throw errors.validation('body must NOT have fewer than 1 properties')
	const { public: isPublic, file_size_limit: size, allowed_mime_types: types } = fields
	if (isPublic === undefined && size === undefined && types === undefined) {
		throw errors.validation('body must match a schema in anyOf')
	}
	if (isPublic !== undefined && typeof isPublic !== 'boolean') throw errors.validation('body/public must be boolean')
	const sizeOk =
		size === undefined ||
		size === null ||
		(typeof size === 'number' && Number.isInteger(size) && size >= 0) ||
		(typeof size === 'string' && sizePattern.test(size))
	if (!sizeOk) throw errors.validation('body/file_size_limit must match a schema in anyOf')
	if (types !== undefined && types !== null && !Array.isArray(types)) {
		throw errors.validation('body/allowed_mime_types must be array')
	}
	const list = types as unknown[] | null | undefined
	list?.forEach((type, index) => {
		if (typeof type !== 'string') throw errors.validation(`body/allowed_mime_types/${index} must be string`)
	})
	return {
		public: isPublic,
		file_size_limit: size as number | string | null | undefined,
		allowed_mime_types: list as string[] | null | undefined,
	}
}

/** Storage's parseMaxSizeLimit: a count of bytes, or "100MB" in decimal units; never over the global limit. */
function sizeLimit(value: number | string, globalLimit: number) {
	let bytes = value
	if (typeof value === 'string') {
		const [, amount = '', unit = ''] = /^([0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$/i.exec(value) ?? []
		const factor = { gb: 1e9, mb: 1e6, kb: 1e3, b: 1 }[unit.toLowerCase()] ?? 1
		bytes = Number(Number.parseFloat(amount).toPrecision(3)) * factor
	}
	if (Number(bytes) > globalLimit) throw errors.entityTooLarge()
	return Number(bytes)
}

/** Storage's validateMimeType for a bucket's list: `type/subtype`, with a charset at most, or ending in `*`. */
function mustBeMimeTypePattern(type: string) {
	if (type.length > 1000 || !/^([a-zA-Z0-9\-+.]+)\/([a-zA-Z0-9\-+.]+)(;\s*charset=[a-zA-Z0-9\-]+)?$|\*$/.test(type)) {
		throw errors.invalidMimeType(type)
	}
}
