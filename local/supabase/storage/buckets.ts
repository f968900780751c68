import { json, type Reply } from '../http'
import { asCaller, type Caller, type StorageContext, type StorageRequest } from './common'
import { errors } from './errors'

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
