import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { Sql } from '../db'
import { json, type Reply } from '../http'
import { findBucket, scope, serviceCaller, type Caller, type StorageContext, type StorageRequest } from './common'
import { errors, fromDatabaseError } from './errors'
import type { WrittenFile } from './files'
import { effectiveSizeLimit, isUuid, mustBeAllowedType, mustBeValidKey } from './limits'

type FileUpload = {
	body: AsyncIterable<Uint8Array> | Iterable<Uint8Array>
	mimeType: string
	cacheControl: string
	userMetadata: Record<string, unknown> | undefined
	/** The request's Content-Length, which RLS sees as `metadata.contentLength` before the bytes arrive. */
	declaredLength: number | undefined
}

const maxUserMetadataBytes = 1024 * 1024
/** What a multipart body may hold beyond its file: the fields (user metadata up to 1 MiB) and boundaries. */
const multipartAllowance = maxUserMetadataBytes + 64 * 1024

/**
 * POST (create; `x-upsert: true` replaces) and PUT (always replaces) of `/object/{bucket}/{key}`, in
 * Storage's order (ObjectStorage.uploadFromRequest): the bucket, the body's type and declared size, the key,
 * then the caller's RLS on `storage.objects`, then the bytes. The row is written under the caller's role
 * in a transaction that stays open while the file is written and commits only once it is whole, so a
 * refusal, a failed write or a crash leaves neither a row without its file nor a file under a row.
 */
export async function uploadObject(
	ctx: StorageContext,
	req: StorageRequest,
	caller: Caller,
	target: { bucketId: string; key: string; isUpsert: boolean; operation: string },
): Promise<Reply> {
	const { bucketId, key, isUpsert, operation } = target
	const bucket = await findBucket(ctx, req, bucketId)
	const maxSize = effectiveSizeLimit(ctx.fileSizeLimit, bucket.file_size_limit, key)
	const file = await fileFromRequest(req, maxSize, bucket.allowed_mime_types, key)
	mustBeValidKey(key)
	const version = randomUUID()
	let outcome: { id: string; previous: string | null }
	try {
		outcome = await ctx.db.transaction(async (tx) => {
			await scope(tx, caller, req, operation)
			await checkPermission(tx, { bucketId, key, version, isUpsert, owner: caller.owner, file })
			await scope(tx, serviceCaller, req, operation)
			// The row is this transaction's now (inserted, or locked by the upsert): its version is the file it
			// points at until the commit, ours when new.
			const current = await tx.query<{ version: string | null }>(
				'select version from storage.objects where bucket_id = $1 and name = $2',
				[bucketId, key],
			)
			const written = await ctx.files.write(version, file.body, maxSize)
			const id = await completeUpload(tx, { bucketId, key, version, file, written })
			return { id, previous: current.rows[0]?.version ?? null }
		})
	} catch (error) {
		await ctx.files.remove([version])
		throw error
	}
	// The row points at the new file now: the one it replaced has no row left.
	if (outcome.previous !== version) await ctx.files.remove([outcome.previous])
	return json(200, { Id: outcome.id, Key: `${bucketId}/${key}` })
}

function header(req: StorageRequest, name: string) {
	const value = req.headers[name]
	return Array.isArray(value) ? value[0] : value
}

function declaredLength(req: StorageRequest) {
	const length = Number(header(req, 'content-length'))
	return Number.isFinite(length) && length >= 0 && header(req, 'content-length') !== undefined ? length : undefined
}

/** Storage's fileUploadFromRequest: a multipart form's first file, or the raw body. */
async function fileFromRequest(
	req: StorageRequest,
	maxSize: number,
	allowedTypes: string[] | null,
	key: string,
): Promise<FileUpload> {
	const contentType = header(req, 'content-type')
	if (contentType?.startsWith('multipart/form-data')) {
		return multipartUpload(req, contentType, maxSize, allowedTypes, key)
	}
	const mimeType = contentType || 'application/octet-stream'
	mustBeAllowedType(mimeType, allowedTypes, key)
	const declared = declaredLength(req)
	// Refused before a byte is read; a body of no declared length is counted while it is written.
	if (declared !== undefined && declared > maxSize) throw errors.entityTooLarge()
	return {
		body: req.body,
		mimeType,
		cacheControl: header(req, 'cache-control') ?? 'no-cache',
		userMetadata: parseJsonObject(decodeBase64(header(req, 'x-metadata'))),
		declaredLength: declared,
	}
}

/**
 * As @fastify/multipart hands it to Storage: the fields before the first file part, and that part. Its
 * Content-Length counts boundaries and fields, so the limit is the file's own size, checked as it is
 * written; a body far past it is read to the end, unkept, as busboy discards a truncated part.
 */
async function multipartUpload(
	req: StorageRequest,
	contentType: string,
	maxSize: number,
	allowedTypes: string[] | null,
	key: string,
): Promise<FileUpload> {
	const bytes = await readUpTo(req.body, maxSize + multipartAllowance)
	if (!bytes) throw errors.entityTooLarge()
	let form: FormData
	try {
		form = await new Response(bytes, { headers: { 'content-type': contentType } }).formData()
	} catch (error) {
		throw errors.invalidRequest(error instanceof Error ? error.message : 'No content provided')
	}
	const fields = new Map<string, string>()
	let file: File | undefined
	for (const [name, value] of form) {
		if (file) break
		if (typeof value === 'string') fields.set(name, value)
		else file = value
	}
	if (!file) throw errors.invalidRequest('No content provided')
	// busboy's type of a part: its Content-Type without parameters, text/plain when it has none.
	const partType = file.type.split(';')[0]?.trim().toLowerCase() || 'text/plain'
	const mimeType = fields.get('contentType') || partType
	mustBeAllowedType(mimeType, allowedTypes, key)
	const custom = fields.get('metadata') ?? fields.get('userMetadata')
	if (custom !== undefined && Buffer.byteLength(custom, 'utf8') > maxUserMetadataBytes) {
		throw errors.entityTooLarge('user_metadata')
	}
	const cacheTime = fields.get('cacheControl')
	return {
		body: [new Uint8Array(await file.arrayBuffer())],
		mimeType,
		cacheControl: cacheTime ? `max-age=${cacheTime}` : 'no-cache',
		userMetadata: parseJsonObject(custom),
		declaredLength: declaredLength(req),
	}
}

/** The whole body, or undefined once it passes `cap` bytes (the rest is still read, so the answer can be sent). */
async function readUpTo(body: IncomingMessage, cap: number) {
	const chunks: Buffer[] = []
	let size = 0
	for await (const chunk of body) {
		size += (chunk as Buffer).length
		if (size <= cap) chunks.push(chunk as Buffer)
	}
	return size <= cap ? Buffer.concat(chunks) : undefined
}

function decodeBase64(value: string | undefined) {
	return value === undefined ? undefined : Buffer.from(value, 'base64').toString('utf8')
}

/** User metadata that is not JSON is left out, as Storage leaves it. */
function parseJsonObject(text: string | undefined): Record<string, unknown> | undefined {
	if (text === undefined) return undefined
	try {
		const value: unknown = JSON.parse(text)
		return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : undefined
	} catch {
		return undefined
	}
}

type Permission = {
	bucketId: string
	key: string
	version: string
	isUpsert: boolean
	owner: string | undefined
	file: FileUpload
}

/**
 * Storage's canUpload, under the caller's role: a plain INSERT (the INSERT policy), or for an upsert
 * INSERT … ON CONFLICT DO UPDATE … RETURNING (INSERT, and SELECT and UPDATE on a row already there).
 * The row gets the type and declared length so policies can read them, as Storage's probe has it.
 */
async function checkPermission(tx: Sql, { bucketId, key, version, isUpsert, owner, file }: Permission) {
	const columns: Record<string, unknown> = {
		name: key,
		owner: owner && isUuid(owner) ? owner : undefined,
		owner_id: owner,
		bucket_id: bucketId,
		metadata: JSON.stringify({ mimetype: file.mimeType, contentLength: file.declaredLength }),
		user_metadata: file.userMetadata === undefined ? undefined : JSON.stringify(file.userMetadata),
		version,
	}
	const given = Object.entries(columns).filter(([, value]) => value !== undefined)
	const names = given.map(([name]) => name)
	const insert = `insert into storage.objects (${names.join(', ')}) values (${names.map((_, i) => `$${i + 1}`).join(', ')})`
	// The version stays until the file is whole (completeUpload), so the one it replaces is known.
	const updated = names.filter((name) => ['metadata', 'user_metadata', 'owner', 'owner_id'].includes(name))
	const upsert = `${insert} on conflict (name, bucket_id) do update set ${updated.map((name) => `${name} = excluded.${name}`).join(', ')} returning *`
	try {
		await tx.query(
			isUpsert ? upsert : insert,
			given.map(([, value]) => value),
		)
	} catch (error) {
		const mapped = fromDatabaseError(error)
		throw mapped?.code === 'ResourceAlreadyExists' ? errors.keyAlreadyExists() : (mapped ?? error)
	}
}

type Completion = { bucketId: string; key: string; version: string; file: FileUpload; written: WrittenFile }

/** What the backend says of the stored file becomes the row's metadata (Uploader.completeUpload). */
async function completeUpload(tx: Sql, { bucketId, key, version, file, written }: Completion) {
	const metadata = {
		eTag: `"${written.md5}"`,
		size: written.size,
		mimetype: file.mimeType,
		cacheControl: file.cacheControl,
		lastModified: written.lastModified.toISOString(),
		contentLength: written.size,
		httpStatusCode: 200,
	}
	const { rows } = await tx.query<{ id: string }>(
		`update storage.objects set metadata = $3, user_metadata = $4, version = $5
		 where bucket_id = $1 and name = $2 returning id`,
		[bucketId, key, JSON.stringify(metadata), JSON.stringify({ ...file.userMetadata }), version],
	)
	const row = rows[0]
	if (!row) throw new Error(`storage.objects lost ${bucketId}/${key} during its upload`)
	return row.id
}
