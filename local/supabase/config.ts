import { readFile } from 'node:fs/promises'
import { dirname, isAbsolute, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse } from 'smol-toml'
import { z } from 'zod'

const configFile = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'supabase', 'config.toml')

/** Milliseconds in each unit of Go's time.ParseDuration. */
const goDurationUnits: Record<string, number> = {
	ns: 1e-6,
	us: 1e-3,
	µs: 1e-3,
	μs: 1e-3,
	ms: 1,
	s: 1000,
	m: 60_000,
	h: 3_600_000,
}
const goDurationPattern = /^[-+]?(?:0|(?:(?:\d+\.?\d*|\.\d+)(?:ns|us|µs|μs|ms|s|m|h))+)$/
const goDurationPart = /(\d+\.?\d*|\.\d+)(ns|us|µs|μs|ms|s|m|h)/g

/**
 * A duration of config.toml as the CLI decodes it (mapstructure's StringToTimeDurationHookFunc, that is Go's
 * time.ParseDuration: "1s", "1m0s", "1h30m", "500ms"), in milliseconds; undefined when Go would refuse it.
 */
export function parseGoDuration(text: string): number | undefined {
	if (!goDurationPattern.test(text)) return undefined
	const sign = text.startsWith('-') ? -1 : 1
	let total = 0
	for (const [, amount, unit] of text.matchAll(goDurationPart))
		total += Number(amount) * (goDurationUnits[unit ?? ''] ?? 0)
	return sign * total
}

const binaryUnits: Record<string, number> = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3, t: 1024 ** 4, p: 1024 ** 5 }

/**
 * A size of config.toml as the CLI decodes it (docker/go-units' RAMInBytes): "50MiB", "50MB" and "50M" are
 * all 50 × 1024² bytes, units binary however spelt; undefined when the CLI would refuse it.
 */
export function parseSize(text: string): number | undefined {
	const match = /^(\d+(?:\.\d+)*) ?([kKmMgGtTpP])?[iI]?[bB]?$/.exec(text)
	if (!match) return undefined
	return Math.floor(Number.parseFloat(match[1] ?? '') * (binaryUnits[(match[2] ?? '').toLowerCase()] ?? 1))
}

const size = z
	.string()
	.refine((text) => parseSize(text) !== undefined, { message: 'a size such as "50MiB" or "500KB"' })
	.transform((text) => parseSize(text) ?? 0)

const goDuration = z
	.string()
	.refine((text) => parseGoDuration(text) !== undefined, { message: 'a Go duration such as "1s" or "1m0s"' })
	.transform((text) => parseGoDuration(text) ?? 0)

const schema = z.object({
	api: z.object({
		max_rows: z.number().int().positive().default(1000),
	}),
	auth: z.object({
		site_url: z.string(),
		additional_redirect_urls: z.array(z.string()).default([]),
		jwt_expiry: z.number().default(3600),
		signing_keys_path: z.string().min(1),
		refresh_token_reuse_interval: z.number().default(10),
		enable_signup: z.boolean().default(true),
		minimum_password_length: z.number().default(6),
		email: z
			.object({
				enable_confirmations: z.boolean().default(false),
				double_confirm_changes: z.boolean().default(true),
				otp_expiry: z.number().default(3600),
				// GOTRUE_SMTP_MAX_FREQUENCY, in milliseconds: the CLI's template says "1s"; GoTrue reads 0 as a minute.
				max_frequency: goDuration.prefault('1s').transform((ms) => (ms === 0 ? 60_000 : ms)),
				template: z.record(z.string(), z.object({ subject: z.string(), content_path: z.string() })).default({}),
			})
			.prefault({}),
		external: z.record(z.string(), z.object({ enabled: z.boolean().default(false) })).default({}),
		// The Supabase CLI's defaults where config.toml says nothing.
		rate_limit: z
			.object({
				email_sent: z.number().int().nonnegative().default(2),
				token_refresh: z.number().int().positive().default(150),
				sign_in_sign_ups: z.number().int().positive().default(30),
				token_verifications: z.number().int().positive().default(30),
			})
			.prefault({}),
	}),
	storage: z
		.object({
			// The CLI's default where config.toml says nothing.
			file_size_limit: size.prefault('50MiB'),
			buckets: z
				.record(
					z.string(),
					z.object({
						public: z.boolean().optional(),
						file_size_limit: size.optional(),
						allowed_mime_types: z.array(z.string()).optional(),
						objects_path: z.string().default(''),
					}),
				)
				.default({}),
		})
		.prefault({}),
})

export type AuthConfig = z.infer<typeof schema>['auth']
export type ApiConfig = z.infer<typeof schema>['api']
export type StorageConfig = z.infer<typeof schema>['storage']

/** The API, auth and storage settings of supabase/config.toml, the same file `supabase start` reads. */
export async function readConfig() {
	return schema.parse(parse(await readFile(configFile, 'utf8')))
}

export const readAuthConfig = async (): Promise<AuthConfig> => (await readConfig()).auth

/** A bucket of `[storage.buckets.<name>]`, as the CLI resolves it before `supabase seed buckets`. */
export type BucketSeed = {
	name: string
	public: boolean | undefined
	/** In bytes; the global `file_size_limit` when the bucket gives none (or 0). */
	fileSizeLimit: number
	allowedMimeTypes: string[] | undefined
	/** Absolute; '' when the bucket has no objects to upload. */
	objectsPath: string
}

/**
 * The buckets config.toml declares, with the CLI's fallbacks (pkg/config's "fallback configs"): the global size
 * limit for a bucket without its own, and `objects_path` relative to the supabase directory.
 */
export function bucketSeeds(storage: StorageConfig): BucketSeed[] {
	return Object.entries(storage.buckets).map(([name, bucket]) => ({
		name,
		public: bucket.public,
		fileSizeLimit: bucket.file_size_limit || storage.file_size_limit,
		allowedMimeTypes: bucket.allowed_mime_types,
		objectsPath:
			bucket.objects_path && !isAbsolute(bucket.objects_path)
				? join(dirname(configFile), bucket.objects_path)
				: bucket.objects_path,
	}))
}

/** The signing keys file, relative to the supabase directory as the CLI resolves it. */
export function signingKeysFile(config: AuthConfig) {
	return join(dirname(configFile), config.signing_keys_path)
}

const loopbackNames = new Set(['localhost', '127.0.0.1', '[::1]', '0.0.0.0', '[::]'])

/**
 * GoTrue's redirect allow-list (utilities.IsRedirectURLValid): the site URL's scheme, host and port (any
 * port on a loopback name), or a pattern of additional_redirect_urls matched without the fragment.
 */
export function isAllowedRedirect(url: string, config: AuthConfig) {
	if (!URL.canParse(url)) return false
	const target = new URL(url)
	const site = new URL(config.site_url)
	if (
		target.hostname === site.hostname &&
		target.protocol === site.protocol &&
		(target.port === site.port || loopbackNames.has(target.hostname))
	)
		return true
	const withoutFragment = url.split('#')[0] ?? ''
	return config.additional_redirect_urls.some((pattern) => globToRegExp(pattern).test(withoutFragment))
}

/** gobwas/glob with '.' and '/' as separators, as GoTrue compiles them: `**` any text, `*` within a part, `?` one character. */
function globToRegExp(pattern: string) {
	const escaped = pattern
		.split('**')
		.map((part) =>
			part
				.split('*')
				.map((piece) =>
					piece
						.split('?')
						.map((literal) => literal.replace(/[.+^${}()|[\]\\]/g, '\\$&'))
						.join('[^/.]'),
				)
				.join('[^/.]*'),
		)
		.join('.*')
	return new RegExp(`^${escaped}$`)
}
