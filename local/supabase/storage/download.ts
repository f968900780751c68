import { json, jsonHeaders, type Reply } from '../http'
import type { Caller, ObjectMetadata, ObjectRow, StorageContext, StorageRequest } from './common'
import { errors } from './errors'

type RenderOptions = {
	/** `?download=`: absent (null), '' (attachment with no name) or the name to save as. */
	download: string | null
	/** A signed URL's expiry, sent as `Expires` instead of the object's Cache-Control. */
	expires?: string
}

/**
 * The object's bytes as Storage's asset renderer sends them (src/storage/renderer/renderer.ts), the file
 * backend's conditional and ranged answers included. HTML is labelled text/plain, so a stored page never
 * renders as one; Storage sets no nosniff header, and neither does the stand-in.
 */
export async function renderObject(
	ctx: StorageContext,
	req: StorageRequest,
	row: Pick<ObjectRow, 'version' | 'metadata'>,
	options: RenderOptions,
): Promise<Reply> {
	const handle = row.version ? await ctx.files.open(row.version) : undefined
	if (!handle) {
		return json(
			400,
			{ error: 'Not found', message: 'The resource was not found', statusCode: '404', code: 'NoSuchKey' },
			{ 'Cache-Control': 'no-store' },
		)
	}
	let keepOpen = false
	try {
		const stat = await handle.stat()
		const metadata = row.metadata ?? {}
		const lastModified = stat.mtime
		const headers = assetHeaders(metadata, lastModified, options)
		if (isNotModified(req, metadata, lastModified)) return { status: 304, headers }
		const range = req.headers.range ? parseRange(req.headers.range, stat.size) : undefined
		if (stat.size === 0) return { status: 200, headers: { ...headers, 'Content-Length': '0' } }
		const start = range?.from ?? 0
		const end = range?.to ?? stat.size - 1
		const body = handle.createReadStream({ start, end })
		keepOpen = true
		return {
			status: range ? 206 : 200,
			headers: {
				...headers,
				'Content-Length': String(end - start + 1),
				...(range ? { 'Content-Range': `bytes ${start}-${end}/${stat.size}` } : {}),
			},
			body,
		}
	} finally {
		if (!keepOpen) await handle.close()
	}
}

function assetHeaders(metadata: ObjectMetadata, lastModified: Date, options: RenderOptions) {
	const headers: Record<string, string> = {
		'Accept-Ranges': 'bytes',
		'Content-Type': normalizeContentType(metadata.mimetype ?? 'application/octet-stream'),
		ETag: metadata.eTag ?? '',
		'X-Robots-Tag': 'none',
		'Last-Modified': lastModified.toUTCString(),
	}
	if (options.expires) headers.Expires = options.expires
	else headers['Cache-Control'] = metadata.cacheControl || 'no-cache'
	const disposition = contentDisposition(options.download)
	if (disposition) headers['Content-Disposition'] = disposition
	return headers
}

const normalizeContentType = (type: string) => (type.includes('text/html') ? 'text/plain' : type)

/** Storage's handleDownload: `?download` names the saved file, percent-encoded in both forms. */
function contentDisposition(download: string | null) {
	if (download === null) return undefined
	if (download === '') return 'attachment;'
	const name = encodeURIComponent(download)
	return `attachment; filename=${name}; filename*=UTF-8''${name}`
}

function isNotModified(req: StorageRequest, metadata: ObjectMetadata, lastModified: Date) {
	const ifNoneMatch = req.headers['if-none-match']
	if (ifNoneMatch && ifNoneMatch === metadata.eTag) return true
	const ifModifiedSince = req.headers['if-modified-since']
	return Boolean(ifModifiedSince) && lastModified <= new Date(ifModifiedSince ?? '')
}

/** One range of `bytes=a-b`, `bytes=a-` or `bytes=-n` (src/storage/range.ts); anything else is 416. */
function parseRange(header: string, size: number) {
	const match = /^bytes=(\d*)-(\d*)$/.exec(header)
	if (!match || size <= 0 || (!match[1] && !match[2])) throw errors.invalidRange()
	if (!match[1]) {
		const suffix = Number(match[2])
		if (!Number.isSafeInteger(suffix) || suffix <= 0) throw errors.invalidRange()
		return { from: Math.max(size - suffix, 0), to: size - 1 }
	}
	const from = Number(match[1])
	const to = match[2] ? Number(match[2]) : size - 1
	if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to) || from > to || from >= size) {
		throw errors.invalidRange()
	}
	return { from, to: Math.min(to, size - 1) }
}

/** HEAD: the same headers, from the row's metadata alone (src/storage/renderer/head.ts). */
export function headObject(row: Pick<ObjectRow, 'metadata'>): Reply {
	const metadata = row.metadata ?? {}
	const lastModified = metadata.lastModified ? new Date(metadata.lastModified) : undefined
	const headers: Record<string, string> = {
		'Accept-Ranges': 'bytes',
		'Content-Type': normalizeContentType(metadata.mimetype ?? 'application/octet-stream'),
		ETag: metadata.eTag ?? '',
		'X-Robots-Tag': 'none',
		'Cache-Control': metadata.cacheControl ?? 'no-cache',
	}
	if (lastModified && !Number.isNaN(lastModified.getTime())) headers['Last-Modified'] = lastModified.toUTCString()
	if (metadata.contentLength !== undefined) headers['Content-Length'] = String(metadata.contentLength)
	return { status: 200, headers }
}

/** GET /object/info/…: the row described (src/storage/renderer/info.ts). */
export function objectInfo(row: ObjectRow): Reply {
	const metadata = row.metadata ?? {}
	const headers: Record<string, string> = { ...jsonHeaders, ETag: metadata.eTag ?? '' }
	if (metadata.cacheControl) headers['Cache-Control'] = metadata.cacheControl
	if (metadata.lastModified) headers['Last-Modified'] = new Date(metadata.lastModified).toUTCString()
	const body = {
		id: row.id,
		name: row.name,
		version: row.version,
		bucket_id: row.bucket_id,
		size: metadata.size ?? null,
		content_type: metadata.mimetype ?? null,
		cache_control: metadata.cacheControl ?? null,
		etag: metadata.eTag ?? null,
		metadata: row.user_metadata,
		last_modified: row.updated_at,
		created_at: row.created_at,
	}
	return { status: 200, headers, body: JSON.stringify(body) }
}

/** Whether a caller may read objects of a bucket through the routes that accept no or a bad JWT. */
export function mustSeeBucket(caller: Caller, bucket: { public: boolean | null } | undefined) {
	if (!caller.authenticated && !bucket?.public) throw errors.noSuchBucket()
	if (!bucket) throw errors.noSuchBucket()
	return bucket
}
