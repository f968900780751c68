import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { handleAuth, type AuthContext } from './auth/handler'
import { createAuthLimiter } from './auth/rate-limits'
import { readConfig, type AuthConfig } from './config'
import { readEmailTemplates } from './email-templates'
import type { Database } from './db'
import { BodyError, readBody } from '../service'
import { bearerToken, json, notImplemented, parseBody, type Reply } from './http'
import { verifyJwt } from './jwt'
import { createMailer, type MailSettings } from './mail'
import { handleRest, type RestContext } from './rest/handler'
import { loadSchemaCache, type SchemaCache } from './rest/schema'
import type { StorageContext } from './storage/common'
import { openFileStore } from './storage/files'
import { handleStorage } from './storage/handler'

export type SupabaseOptions = {
	/** The database it serves; closed when the stand-in stops. */
	database: Database
	/** 54321 like `supabase start`; 0 picks a free port. */
	port?: number
	mail: MailSettings
	/** One log line per request (default false). */
	log?: boolean
	/**
	 * The project's Site URL when the app is served elsewhere than config.toml's `site_url` (another
	 * port); hosted Supabase keeps it in the dashboard's URL configuration. E-mail links start with it.
	 */
	siteUrl?: string
	/** Where Storage keeps objects' bytes; a temporary folder, removed at stop, when absent. */
	storageDir?: string
	/**
	 * The files of the database `database` was copied from (a test's copy of the seeded one), copied into
	 * `storageDir` at start: every object its rows list has its file.
	 */
	storageFrom?: string
}

export type LocalSupabase = {
	url: string
	port: number
	db: Database
	/** Re-reads tables and relationships after a schema change made outside the API. */
	reloadSchema: () => void
	/** Moves the Site URL, e.g. to an app started after the stand-in on a free port (see `siteUrl`). */
	setSiteUrl: (url: string) => void
	stop: () => Promise<void>
}

/** Routes Kong would let through without an API key: links opened from e-mails and OAuth redirects. */
const openAuthRoutes = new Set([
	'GET /verify',
	'GET /authorize',
	'POST /authorize',
	'GET /health',
	'GET /settings',
	'GET /.well-known/jwks.json',
])

/**
 * A Supabase-compatible API (GoTrue `/auth/v1`, PostgREST `/rest/v1`, Storage `/storage/v1`) on
 * a PostgreSQL database and a folder of files, for development and tests. See SUPABASE-CONTRACT.md for the
 * contract it follows; anything outside it answers 501.
 */
export async function startSupabase(options: SupabaseOptions): Promise<LocalSupabase> {
	const db = options.database
	const { api, auth: fileConfig, storage: storageConfig } = await readConfig()
	const templates = await readEmailTemplates(fileConfig)
	let config = withSiteUrl(fileConfig, options.siteUrl)
	const mailer = createMailer(options.mail)
	let schemaCache: Promise<SchemaCache> | undefined
	// Read again on the next request when it could not be read (the database down), as PostgREST keeps trying.
	const schema = () =>
		(schemaCache ??= loadSchemaCache(db).catch((error: unknown) => {
			schemaCache = undefined
			throw error
		}))
	const rest: RestContext = { db, schema, maxRows: api.max_rows }
	const files = await openFileStore(options.storageDir, options.storageFrom)
	const storage: StorageContext = { db, files, fileSizeLimit: storageConfig.file_size_limit }

	const server = createServer()
	let apiUrl = ''
	const limits = createAuthLimiter(fileConfig)
	const auth: () => AuthContext = () => ({ db, config, mailer, templates, apiUrl, limits })

	server.on('request', (req: IncomingMessage, res: ServerResponse) => {
		const started = performance.now()
		void dispatch(req, auth(), rest, storage).then(
			({ reply, role }) => {
				send(res, reply, req)
				if (options.log) {
					const ms = (performance.now() - started).toFixed(1)
					console.info(`[supabase] ${req.method} ${req.url?.split('?')[0]} ${role} ${reply.status} ${ms}ms`)
				}
			},
			(error: unknown) => {
				console.error('[supabase] request failed', error)
				send(res, json(500, { code: 'unexpected_failure', message: 'Unexpected failure in the local stand-in' }), req)
			},
		)
	})

	try {
		await new Promise<void>((resolve, reject) => {
			server.once('error', reject)
			server.listen(options.port ?? 54321, '127.0.0.1', () => {
				server.off('error', reject)
				resolve()
			})
		})
	} catch (error) {
		// A port already taken: the caller hears of it, and the database folder is left closed.
		await db.close()
		await files.close()
		throw error
	}
	const port = (server.address() as AddressInfo).port
	apiUrl = `http://127.0.0.1:${port}`
	return {
		url: apiUrl,
		port,
		db,
		reloadSchema: () => {
			schemaCache = undefined
		},
		setSiteUrl: (url) => {
			config = withSiteUrl(fileConfig, url)
		},
		stop: async () => {
			await new Promise<void>((resolve) => {
				server.close(() => resolve())
				server.closeAllConnections()
			})
			await db.close()
			await files.close()
		},
	}
}

function withSiteUrl(config: AuthConfig, siteUrl: string | undefined): AuthConfig {
	return siteUrl ? { ...config, site_url: siteUrl } : config
}

function send(res: ServerResponse, reply: Reply, req: IncomingMessage) {
	const headers: Record<string, string> = {
		'Access-Control-Allow-Origin': '*',
		'Access-Control-Allow-Headers':
			'authorization, x-client-info, apikey, content-type, prefer, range, accept-profile, content-profile, x-supabase-api-version, x-upsert, x-metadata, cache-control',
		'Access-Control-Expose-Headers': 'Content-Range, Preference-Applied, X-Supabase-Api-Version, X-Total-Count',
		...reply.headers,
	}
	res.writeHead(reply.status, headers)
	if (reply.body instanceof Readable) {
		if (req.method === 'HEAD') reply.body.destroy()
		// A client gone mid-download ends the stream and the response; nothing is left to answer.
		else void pipeline(reply.body, res).catch(() => undefined)
		return
	}
	res.end(req.method === 'HEAD' ? undefined : reply.body)
}

async function dispatch(
	req: IncomingMessage,
	auth: AuthContext,
	rest: RestContext,
	storage: StorageContext,
): Promise<{ reply: Reply; role: string }> {
	const url = new URL(req.url ?? '/', 'http://127.0.0.1')
	const method = req.method ?? 'GET'
	if (method === 'OPTIONS') return { reply: { status: 204 }, role: '-' }

	// Before the body is read: uploads stream it, and a declared size over the limit is refused unread.
	if (url.pathname.startsWith('/storage/v1/')) {
		const path = url.pathname.slice('/storage/v1'.length)
		return handleStorage({ method, path, query: url.searchParams, headers: req.headers, body: req }, storage)
	}

	let raw: string
	try {
		raw = await readBody(req)
	} catch (error) {
		if (error instanceof BodyError)
			return { reply: json(413, { code: 'request_too_large', message: error.message }), role: '-' }
		throw error
	}

	if (url.pathname.startsWith('/auth/v1/')) {
		const path = url.pathname.slice('/auth/v1'.length).replace(/\/$/, '')
		if (!openAuthRoutes.has(`${method} ${path}`) && !(await hasApiKey(req))) {
			return { reply: json(401, { message: 'No API key found in request' }), role: '-' }
		}
		let body: Record<string, unknown>
		try {
			const parsed = parseBody(raw, req.headers['content-type'])
			body = Array.isArray(parsed) ? {} : parsed
		} catch {
			return { reply: json(400, { code: 'bad_json', message: 'Could not parse request body as JSON' }), role: '-' }
		}
		const reply = await handleAuth(
			{
				method,
				path,
				query: url.searchParams,
				headers: req.headers,
				body,
				bearer: bearerToken(req),
				address: req.socket.remoteAddress ?? '',
			},
			auth,
		)
		return { reply, role: 'auth' }
	}

	if (url.pathname.startsWith('/rest/v1')) {
		if (!(await hasApiKey(req))) return { reply: json(401, { message: 'No API key found in request' }), role: '-' }
		const path = url.pathname.slice('/rest/v1'.length)
		return handleRest(
			{ method, path, query: url.searchParams, headers: req.headers, body: raw, bearer: bearerToken(req) },
			rest,
		)
	}

	const service = url.pathname.split('/')[1] ?? ''
	return { reply: notImplemented(`/${service}`), role: '-' }
}

/** Kong's key-auth: the apikey header must be one of the project's keys (a JWT signed with its secret). */
async function hasApiKey(req: IncomingMessage) {
	const key = req.headers.apikey
	if (typeof key !== 'string' || key === '') return false
	const verified = await verifyJwt(key)
	return verified.ok && (verified.claims.role === 'anon' || verified.claims.role === 'service_role')
}
