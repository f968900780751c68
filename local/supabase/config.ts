import { readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse } from 'smol-toml'
import { z } from 'zod'

const configFile = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'supabase', 'config.toml')

const schema = z.object({
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
				template: z.record(z.string(), z.object({ subject: z.string(), content_path: z.string() })).default({}),
			})
			.default({ enable_confirmations: false, template: {} }),
		external: z.record(z.string(), z.object({ enabled: z.boolean().default(false) })).default({}),
	}),
})

export type AuthConfig = z.infer<typeof schema>['auth']

/** The auth settings of supabase/config.toml, the same file `supabase start` reads. */
export async function readAuthConfig(): Promise<AuthConfig> {
	return schema.parse(parse(await readFile(configFile, 'utf8'))).auth
}

/** The signing keys file, relative to the supabase directory as the CLI resolves it. */
export function signingKeysFile(config: AuthConfig) {
	return join(dirname(configFile), config.signing_keys_path)
}

/** GoTrue's redirect allow-list: the site URL's origin, or a pattern (`*` within a part, `**` across). */
export function isAllowedRedirect(url: string, config: AuthConfig) {
	if (!URL.canParse(url)) return false
	const target = new URL(url)
	if (target.origin === new URL(config.site_url).origin) return true
	return config.additional_redirect_urls.some((pattern) => globToRegExp(pattern).test(url))
}

function globToRegExp(pattern: string) {
	const escaped = pattern
		.split('**')
		.map((part) =>
			part
				.split('*')
				.map((piece) => piece.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
				.join('[^/.:]*'),
		)
		.join('.*')
	return new RegExp(`^${escaped}$`)
}
