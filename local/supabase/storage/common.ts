import type { IncomingHttpHeaders, IncomingMessage } from 'node:http'
import type { Database, Sql } from '../db'
import type { Claims } from '../jwt'
import { errors } from './errors'
import type { FileStore } from './files'
import { mustBeValidBucketName, mustBeValidKey } from './limits'

export type StorageContext = {
	db: Database
	files: FileStore
	/** config.toml's `[storage] file_size_limit`, in bytes: no bucket takes a larger file. */
	fileSizeLimit: number
}

export type StorageRequest = {
	method: string
	/** After `/storage/v1`, as Kong hands it to Storage: `/object/avatars/a.png`. */
	path: string
	query: URLSearchParams
	headers: IncomingHttpHeaders
	/** The body, unread: uploads stream it. */
	body: IncomingMessage
}

/** Who a request acts as (src/http/plugins/jwt.ts): the JWT's role and claims, its `sub` as owner. */
export type Caller = { role: string; claims: Claims; jwt: string; owner: string | undefined; authenticated: boolean }

/** Storage's "superuser" connection: the service role, which RLS lets through. */
export const serviceCaller: Caller = {
	role: 'service_role',
	claims: { role: 'service_role' },
	jwt: '',
	owner: undefined,
	authenticated: true,
}

export const anonymousCaller: Caller = {
	role: 'anon',
	claims: { role: 'anon' },
	jwt: '',
	owner: undefined,
	authenticated: false,
}

/**
 * Storage's scope for a transaction (src/internal/database/postgres/scope.ts): the role and claims RLS
 * and auth.uid() read, and leave to delete from its tables.
 */
export async function scope(tx: Sql, caller: Caller, req: StorageRequest, operation: string) {
	await tx.query(
		`select set_config('role', $1, true), set_config('request.jwt.claim.role', $1, true),
		        set_config('request.jwt', $2, true), set_config('request.jwt.claim.sub', $3, true),
		        set_config('request.jwt.claims', $4, true), set_config('request.headers', $5, true),
		        set_config('request.method', $6, true), set_config('request.path', $7, true),
		        set_config('storage.operation', $8, true), set_config('storage.allow_delete_query', 'true', true)`,
		[
			caller.role,
			caller.jwt,
			caller.claims.sub ?? '',
			JSON.stringify(caller.claims),
			JSON.stringify(req.headers),
			req.method,
			req.path,
			operation,
		],
	)
}

/** `work` in a transaction of its own under the caller's role. */
export function asCaller<T>(
	ctx: StorageContext,
	caller: Caller,
	req: StorageRequest,
	operation: string,
	work: (tx: Sql) => Promise<T>,
) {
	return ctx.db.transaction(async (tx) => {
		await scope(tx, caller, req, operation)
		return work(tx)
	})
}

export type BucketRow = {
	id: string
	public: boolean | null
	file_size_limit: number | null
	allowed_mime_types: string[] | null
}

/** The bucket as Storage reads it before any object route (as superuser): NoSuchBucket when there is none. */
export async function findBucket(ctx: StorageContext, req: StorageRequest, bucketId: string) {
	const bucket = await findBucketIfAny(ctx, req, bucketId)
	if (!bucket) throw errors.noSuchBucket()
	return bucket
}

export async function findBucketIfAny(ctx: StorageContext, req: StorageRequest, bucketId: string) {
	mustBeValidBucketName(bucketId)
	const { rows } = await asCaller(ctx, serviceCaller, req, 'storage.bucket.get', (tx) =>
		tx.query<BucketRow>('select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1', [
			bucketId,
		]),
	)
	return rows[0]
}

export type ObjectRow = {
	id: string
	name: string
	version: string | null
	bucket_id: string
	metadata: ObjectMetadata | null
	user_metadata: Record<string, unknown> | null
	updated_at: Date
	created_at: Date
}

/** What `storage.objects.metadata` holds, as Storage's backends describe a stored file. */
export type ObjectMetadata = {
	eTag?: string
	size?: number
	mimetype?: string
	cacheControl?: string
	lastModified?: string
	contentLength?: number
	httpStatusCode?: number
	xRobotsTag?: string
}

/** One object under `caller`'s RLS (findObject): NoSuchKey when it does not exist or the caller may not see it. */
export async function findObject(
	ctx: StorageContext,
	caller: Caller,
	req: StorageRequest,
	bucketId: string,
	key: string,
	operation: string,
) {
	mustBeValidKey(key)
	const { rows } = await asCaller(ctx, caller, req, operation, (tx) =>
		tx.query<ObjectRow>(
			`select id, name, version, bucket_id, metadata, user_metadata, updated_at, created_at
			 from storage.objects where name = $1 and bucket_id = $2 limit 1`,
			[key, bucketId],
		),
	)
	const row = rows[0]
	if (!row) throw errors.noSuchKey()
	return row
}
