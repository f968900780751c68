import { notImplemented, type Reply } from '../http'
import { verifyJwt } from '../jwt'
import { getBucket, listBuckets, updateBucket } from './buckets'
import { anonymousCaller, type Caller, type StorageContext, type StorageRequest } from './common'
import { errors, toErrorReply } from './errors'
import {
	getObject,
	getSignedObject,
	listObjects,
	removeObject,
	removeObjects,
	signObject,
	signObjects,
	type ListOptions,
} from './objects'
import { uploadObject } from './upload'
import { Fields, jsonBody } from './validation'

export type StorageOutcome = { reply: Reply; role: string }

/** How a route reads the JWT (src/http/plugins/jwt.ts): required, optional (`allowInvalidJwt`), or not at all. */
type JwtUse = 'required' | 'optional' | 'none'

/** What Storage serves that the stand-in does not: 501, as for the rest of the stand-in. */
const unimplemented = new Set(['move', 'copy', 'list-v2', 'upload'])

/**
 * Supabase Storage (`/storage/v1`, which Kong hands on without checking an API key: Storage reads the
 * JWT itself). The routes storage-js calls for objects, the bucket reads and a bucket's update (what
 * `supabase seed buckets` sends); SUPABASE-CONTRACT.md has the contract, supabase/storage's src/http/routes
 * the details followed.
 */
export async function handleStorage(req: StorageRequest, ctx: StorageContext): Promise<StorageOutcome> {
	let role = '-'
	try {
		const reply = await route(req, ctx, (caller) => {
			role = caller.role
		})
		return { reply, role }
	} catch (error) {
		return { reply: toErrorReply(error), role }
	}
}

type Route = { jwt: JwtUse; run: (caller: Caller) => Promise<Reply> }

async function route(req: StorageRequest, ctx: StorageContext, seen: (caller: Caller) => void): Promise<Reply> {
	const found = match(req, ctx)
	if (found === 'not implemented') return notImplemented(`${req.method} /storage/v1${req.path}`)
	if (!found) throw errors.routeNotFound(req.method, req.path)
	const caller = await authenticate(req, found.jwt)
	seen(caller)
	return found.run(caller)
}

async function authenticate(req: StorageRequest, use: JwtUse): Promise<Caller> {
	if (use === 'none') return anonymousCaller
	const header = req.headers.authorization
	if (header === undefined && use === 'required') {
		throw errors.validation("headers must have required property 'authorization'")
	}
	const jwt = (header ?? '').replace(/^Bearer\s+/i, '')
	if (!jwt && use === 'optional') return anonymousCaller
	const verified = await verifyJwt(jwt)
	if (verified.ok) {
		const { claims } = verified
		return { role: claims.role || 'anon', claims, jwt, owner: claims.sub, authenticated: true }
	}
	if (use === 'optional') return anonymousCaller
	throw errors.accessDenied(verified.joseMessage)
}

/** A path's segments after `/object` or `/bucket`, percent-decoded as fastify decodes route parameters. */
function segmentsOf(path: string) {
	try {
		return path.split('/').slice(1).map(decodeURIComponent)
	} catch {
		throw errors.validation(`'${path}' is not a valid url component`)
	}
}

function match(req: StorageRequest, ctx: StorageContext): Route | 'not implemented' | undefined {
	const [service, ...parts] = segmentsOf(req.path)
	if (service === 'object') return objectRoute(req, ctx, parts)
	if (service === 'bucket') return bucketRoute(req, ctx, parts)
	if (['render', 'upload', 's3', 'iceberg', 'vector'].includes(service ?? '')) return 'not implemented'
	return undefined
}

function objectRoute(req: StorageRequest, ctx: StorageContext, parts: string[]): Route | 'not implemented' | undefined {
	const [first = '', second = '', ...rest] = parts
	const method = req.method
	const keyAfter = (count: number) => parts.slice(count).join('/')
	if (unimplemented.has(first) && method !== 'GET' && method !== 'HEAD') return 'not implemented'
	if (first === 'list' && method === 'POST' && parts.length === 2) {
		return {
			jwt: 'required',
			run: async (caller) => listObjects(ctx, req, caller, second, listOptions(await jsonBody(req))),
		}
	}
	if (first === 'sign' && parts.length >= 2) {
		const bucketId = second
		if (method === 'GET' && parts.length >= 3) {
			return { jwt: 'none', run: () => getSignedObject(ctx, req, { bucketId, key: keyAfter(2), token: token(req) }) }
		}
		if (method === 'POST' && parts.length === 2) {
			return {
				jwt: 'required',
				run: async (caller) => signObjects(ctx, req, caller, { bucketId, ...signManyBody(await jsonBody(req)) }),
			}
		}
		if (method === 'POST') {
			return {
				jwt: 'required',
				run: async (caller) =>
					signObject(ctx, req, caller, { bucketId, key: keyAfter(2), expiresIn: expiresIn(await jsonBody(req)) }),
			}
		}
	}
	const read = readRoute(req, ctx, parts)
	if (read) return read
	if (!first || parts.length < 1) return undefined
	const key = [second, ...rest].join('/')
	switch (method) {
		case 'POST':
		case 'PUT': {
			const isUpsert = method === 'PUT' || req.headers['x-upsert'] === 'true'
			const operation = method === 'PUT' ? 'storage.object.upload_update' : 'storage.object.upload'
			if (parts.length < 2) return undefined
			return {
				jwt: 'required',
				run: (caller) => uploadObject(ctx, req, caller, { bucketId: first, key, isUpsert, operation }),
			}
		}
		case 'DELETE':
			if (parts.length === 1) {
				return {
					jwt: 'required',
					run: async (caller) => removeObjects(ctx, req, caller, first, prefixes(await jsonBody(req))),
				}
			}
			return { jwt: 'required', run: (caller) => removeObject(ctx, req, caller, first, key) }
		default:
			return undefined
	}
}

/** GET and HEAD of an object: downloads, `/info/…` and HEAD, by bucket route, authenticated or public. */
function readRoute(req: StorageRequest, ctx: StorageContext, parts: string[]): Route | undefined {
	const method = req.method
	if (method !== 'GET' && method !== 'HEAD') return undefined
	const isInfo = method === 'GET' && parts[0] === 'info'
	const rest = isInfo ? parts.slice(1) : parts
	const prefix = rest[0] === 'authenticated' || rest[0] === 'public' ? rest[0] : undefined
	const [bucketId = '', ...keyParts] = prefix ? rest.slice(1) : rest
	if (keyParts.length === 0) return undefined
	const as = isInfo ? 'info' : method === 'HEAD' ? 'head' : 'download'
	const jwt: JwtUse = prefix === 'public' ? 'none' : prefix === 'authenticated' ? 'required' : 'optional'
	const target = {
		bucketId,
		key: keyParts.join('/'),
		route: prefix === 'public' ? 'public' : 'authenticated',
		as,
	} as const
	return { jwt, run: (caller) => getObject(ctx, req, caller, target) }
}

function bucketRoute(req: StorageRequest, ctx: StorageContext, parts: string[]): Route | 'not implemented' | undefined {
	if (req.method === 'GET' && parts.length === 0) {
		return { jwt: 'required', run: (caller) => listBuckets(ctx, req, caller, bucketListOptions(req.query)) }
	}
	if (req.method === 'GET' && parts.length === 1) {
		return { jwt: 'required', run: (caller) => getBucket(ctx, req, caller, parts[0] ?? '') }
	}
	if (req.method === 'PUT' && parts.length === 1) {
		return {
			jwt: 'required',
			run: async (caller) => updateBucket(ctx, req, caller, parts[0] ?? '', await jsonBody(req)),
		}
	}
	// Creating, emptying and deleting buckets: the migrations make the buckets the app uses.
	if (['POST', 'PUT', 'DELETE'].includes(req.method)) return 'not implemented'
	return undefined
}

function token(req: StorageRequest) {
	const value = req.query.get('token')
	if (value === null) throw errors.validation("querystring must have required property 'token'")
	return value
}

function listOptions(body: unknown): ListOptions {
	const fields = Fields.of(body, 'body', ['prefix'])
	const sortBy = fields.object('sortBy', ['column'])
	return {
		prefix: fields.string('prefix') ?? '',
		limit: fields.integer('limit', 1),
		offset: fields.integer('offset', 0),
		sortBy: sortBy && {
			column: sortBy.oneOf('column', ['name', 'updated_at', 'created_at', 'last_accessed_at'] as const) ?? 'name',
			order: sortBy.oneOf('order', ['asc', 'desc'] as const),
		},
		search: fields.string('search'),
	}
}

const expiresIn = (body: unknown) => Fields.of(body, 'body', ['expiresIn']).integer('expiresIn', 1) ?? 1

function signManyBody(body: unknown) {
	const fields = Fields.of(body, 'body', ['expiresIn', 'paths'])
	return { expiresIn: fields.integer('expiresIn', 1) ?? 1, paths: fields.strings('paths', 1, 1000) ?? [] }
}

const prefixes = (body: unknown) => Fields.of(body, 'body', ['prefixes']).strings('prefixes', 1, Infinity) ?? []

function bucketListOptions(query: URLSearchParams) {
	const fields = Fields.of(Object.fromEntries(query), 'querystring')
	return {
		limit: fields.integer('limit', 1),
		offset: fields.integer('offset', 0),
		sortColumn: fields.oneOf('sortColumn', ['id', 'name', 'created_at', 'updated_at'] as const),
		sortOrder: fields.oneOf('sortOrder', ['asc', 'desc'] as const),
		search: fields.string('search'),
	}
}
