import { json, type Reply } from '../http'
import { signWithProjectSecret, verifyJwt } from '../jwt'
import {
	asCaller,
	findBucket,
	findBucketIfAny,
	findObject,
	serviceCaller,
	type Caller,
	type StorageContext,
	type StorageRequest,
} from './common'
import { headObject, mustSeeBucket, objectInfo, renderObject } from './download'
import { errors } from './errors'
import { mustBeValidBucketName } from './limits'

export type ListOptions = {
	prefix: string
	limit?: number
	offset?: number
	sortBy?: { column: 'name' | 'updated_at' | 'created_at' | 'last_accessed_at'; order?: 'asc' | 'desc' }
	search?: string
}

/**
 * POST /object/list/{bucket}: one level under `prefix`, as storage.search (migration 0063) returns it,
 * under the caller's RLS: a folder is a row of its name with every other field null. Sorted by name,
 * folders and files interleave by lower-cased name; by another column, folders come first. An unknown
 * bucket lists nothing.
 */
export async function listObjects(
	ctx: StorageContext,
	req: StorageRequest,
	caller: Caller,
	bucketId: string,
	options: ListOptions,
): Promise<Reply> {
	mustBeValidBucketName(bucketId)
	const prefix = options.prefix.length > 0 && !options.prefix.endsWith('/') ? `${options.prefix}/` : options.prefix
	const order = options.sortBy?.order === 'desc' ? 'desc' : 'asc'
	const column = options.sortBy?.column ?? 'name'
	const orderBy =
		column === 'name'
			? `lower(case when folder then name || '/' else name end) collate "C" ${order}`
			: `folder desc, (case when folder then name end) ${order}, ${column} ${order}`
	const { rows } = await asCaller(ctx, caller, req, 'storage.object.list', (tx) =>
		tx.query(
			`with matched as (
			   select substr(o.name, length($2::text) + 1) as rest, o.id, o.updated_at, o.created_at,
			          o.last_accessed_at, o.metadata
			   from storage.objects o
			   where o.bucket_id = $1 and starts_with(lower(o.name), lower($2::text || $3::text))
			 ), entries as (
			   select min(split_part(rest, '/', 1)) as name, null::uuid as id, null::timestamptz as updated_at,
			          null::timestamptz as created_at, null::timestamptz as last_accessed_at, null::jsonb as metadata,
			          true as folder
			   from matched where strpos(rest, '/') > 0 group by lower(split_part(rest, '/', 1))
			   union all
			   select rest, id, updated_at, created_at, last_accessed_at, metadata, false
			   from matched where strpos(rest, '/') = 0 and rest <> ''
			 )
			 select name, id, updated_at, created_at, last_accessed_at, metadata from entries
			 order by ${orderBy} limit $4 offset $5`,
			[bucketId, prefix, options.search ?? '', Math.min(options.limit || 100, 1500), options.offset || 0],
		),
	)
	return json(200, rows)
}

type DeletedRow = Record<'name' | 'bucket_id' | 'owner' | 'owner_id' | 'version', string | null> &
	Record<'id' | 'updated_at' | 'created_at' | 'last_accessed_at' | 'metadata' | 'user_metadata', unknown>

/** A row as Storage's objectSchema serialises it: its string fields are "" rather than null. */
function serializeObject(row: DeletedRow) {
	return {
		name: row.name ?? '',
		bucket_id: row.bucket_id ?? '',
		owner: row.owner ?? '',
		owner_id: row.owner_id ?? '',
		version: row.version ?? '',
		id: row.id,
		updated_at: row.updated_at,
		created_at: row.created_at,
		last_accessed_at: row.last_accessed_at,
		metadata: row.metadata,
		user_metadata: row.user_metadata,
	}
}

/**
 * DELETE /object/{bucket} `{prefixes}`: exact names, under the caller's RLS (SELECT and DELETE), so what it
 * may not delete is skipped without a word; the deleted rows come back. Files go once the rows are gone.
 */
export async function removeObjects(
	ctx: StorageContext,
	req: StorageRequest,
	caller: Caller,
	bucketId: string,
	names: string[],
): Promise<Reply> {
	mustBeValidBucketName(bucketId)
	const { rows } = await asCaller(ctx, caller, req, 'storage.object.delete_many', (tx) =>
		tx.query<DeletedRow>('delete from storage.objects where bucket_id = $1 and name = any($2) returning *', [
			bucketId,
			names,
		]),
	)
	await ctx.files.remove(rows.map((row) => row.version))
	return json(200, rows.map(serializeObject))
}

/** DELETE /object/{bucket}/{key}: AccessDenied when the object exists but RLS keeps it. */
export async function removeObject(
	ctx: StorageContext,
	req: StorageRequest,
	caller: Caller,
	bucketId: string,
	key: string,
): Promise<Reply> {
	mustBeValidBucketName(bucketId)
	await findObject(ctx, serviceCaller, req, bucketId, key, 'storage.object.delete')
	const { rows } = await asCaller(ctx, caller, req, 'storage.object.delete', (tx) =>
		tx.query<{ version: string | null }>(
			'delete from storage.objects where bucket_id = $1 and name = $2 returning version',
			[bucketId, key],
		),
	)
	if (rows.length === 0) throw errors.accessDenied('Access denied')
	await ctx.files.remove(rows.map((row) => row.version))
	return json(200, { message: 'Successfully deleted' })
}

/** The path a signed URL names: the request's, after `/object/sign/`, percent-decoded as Storage's decodeURI does. */
function signedPath(req: StorageRequest) {
	return decodeURI(req.path.split('/').slice(3).join('/'))
}

const tokenFor = (url: string, expiresIn: number) => signWithProjectSecret({ url, scope: 'download' }, expiresIn)

/** POST /object/sign/{bucket}/{key} `{expiresIn}`: the caller must see the object (SELECT). */
export async function signObject(
	ctx: StorageContext,
	req: StorageRequest,
	caller: Caller,
	target: { bucketId: string; key: string; expiresIn: number },
): Promise<Reply> {
	mustBeValidBucketName(target.bucketId)
	await findObject(ctx, caller, req, target.bucketId, target.key, 'storage.object.sign')
	const url = signedPath(req)
	return json(200, { signedURL: `/object/sign/${url}?token=${await tokenFor(url, target.expiresIn)}` })
}

/** POST /object/sign/{bucket} `{expiresIn, paths}`: one answer per path, an error for what the caller cannot see. */
export async function signObjects(
	ctx: StorageContext,
	req: StorageRequest,
	caller: Caller,
	target: { bucketId: string; paths: string[]; expiresIn: number },
): Promise<Reply> {
	mustBeValidBucketName(target.bucketId)
	const { rows } = await asCaller(ctx, caller, req, 'storage.object.sign_many', (tx) =>
		tx.query<{ name: string }>('select name from storage.objects where bucket_id = $1 and name = any($2)', [
			target.bucketId,
			target.paths,
		]),
	)
	const visible = new Set(rows.map((row) => row.name))
	const results = await Promise.all(
		target.paths.map(async (path) => {
			if (!visible.has(path)) {
				return { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null }
			}
			const url = `${target.bucketId}/${path}`
			return { error: null, path, signedURL: `/object/sign/${url}?token=${await tokenFor(url, target.expiresIn)}` }
		}),
	)
	return json(200, results)
}

/**
 * GET /object/sign/{bucket}/{key}?token=: no caller, the token alone (verifyObjectSignature). A bad or
 * expired token is InvalidJWT with jose's message; a token for another object, InvalidSignature.
 */
export async function getSignedObject(
	ctx: StorageContext,
	req: StorageRequest,
	target: { bucketId: string; key: string; token: string },
): Promise<Reply> {
	mustBeValidBucketName(target.bucketId)
	const verified = await verifyJwt(target.token)
	if (!verified.ok) throw errors.invalidJwt(verified.joseMessage)
	const claims: Record<string, unknown> = verified.claims
	const isDownloadToken = claims.scope === 'download' || (claims.scope === undefined && !('upsert' in claims))
	if (!isDownloadToken) throw errors.invalidSignature('Token is not scoped for download')
	if (claims.url !== `${target.bucketId}/${target.key}`) throw errors.invalidSignature()
	const exp = Number(claims.exp)
	if (exp * 1000 < Date.now()) throw errors.expiredSignature()
	const [bucketId = '', ...parts] = String(claims.url).split('/')
	const row = await findObject(ctx, serviceCaller, req, bucketId, parts.join('/'), 'storage.object.get_signed')
	return renderObject(ctx, req, row, {
		download: req.query.get('download'),
		expires: new Date(exp * 1000).toUTCString(),
	})
}

type ReadRoute = 'authenticated' | 'public'

/**
 * GET /object/{bucket}/{key} (no JWT or a bad one reads as anon, public buckets only), /object/authenticated/…
 * and /object/public/…: a public bucket's objects as superuser, others under the caller's RLS.
 */
export async function getObject(
	ctx: StorageContext,
	req: StorageRequest,
	caller: Caller,
	target: { bucketId: string; key: string; route: ReadRoute; as: 'download' | 'head' | 'info' },
): Promise<Reply> {
	const row = await readableObject(ctx, req, caller, target)
	if (target.as === 'head') return headObject(row)
	if (target.as === 'info') return objectInfo(row)
	return renderObject(ctx, req, row, { download: req.query.get('download') })
}

async function readableObject(
	ctx: StorageContext,
	req: StorageRequest,
	caller: Caller,
	{ bucketId, key, route }: { bucketId: string; key: string; route: ReadRoute },
) {
	if (route === 'public') {
		const bucket = await findBucket(ctx, req, bucketId)
		if (!bucket.public) throw errors.noSuchBucket()
		return findObject(ctx, serviceCaller, req, bucketId, key, 'storage.object.get_public')
	}
	const bucket = mustSeeBucket(caller, await findBucketIfAny(ctx, req, bucketId))
	return findObject(ctx, bucket.public ? serviceCaller : caller, req, bucketId, key, 'storage.object.get_authenticated')
}
