import express from 'express'
import { describe, expect, test } from 'vitest'
import { parseEnv, productionVariables } from '~/.server/env'

const production = {
	NODE_ENV: 'production',
	SITE_URL: 'https://kia.es',
	PORTAL_URL: 'https://portal.kia.es',
	COOKIE_DOMAIN: 'kia.es',
	SESSION_SECRET: 'a'.repeat(40),
	SUPABASE_URL: 'https://abcd.supabase.co',
	SUPABASE_ANON_KEY: 'anon',
	SUPABASE_SERVICE_ROLE_KEY: 'service',
	SMTP_URL: 'smtps://user:pass@smtp.example.es:465',
	STRIPE_SECRET_KEY: 'sk_live_51Example',
	STRIPE_WEBHOOK_SECRET: 'whsec_example',
	COMPANY_LEGAL_NAME: 'Ejemplo Asistentes, S.L.',
	COMPANY_NIF: 'A58818501',
	COMPANY_ADDRESS: 'Calle Mayor, 1, 03001 Alicante',
	COMPANY_REGISTRY: 'Registro Mercantil de Alicante, tomo 1, folio 1, hoja A-1',
}

describe('parseEnv', () => {
	test('with no configuration at all it uses the local services', () => {
		const env = parseEnv({})
		expect(env.usesLocalServices).toBe(true)
		expect(env.SITE_URL).toBe('http://kia.localhost:5173')
		expect(env.PORTAL_URL).toBe('http://portal.kia.localhost:5173')
		expect(env.COOKIE_DOMAIN).toBe('kia.localhost')
		expect(env.SUPABASE_URL).toBe('http://127.0.0.1:54321')
		expect(env.STRIPE_API_URL).toBe('http://127.0.0.1:12111')
		expect(env.STRIPE_PRICE_ENTERPRISE_ANNUAL).toBe('price_local_enterprise_annual')
	})

	test('production talks to api.stripe.com; a price left unset is a plan not sold yet; a malformed one is refused', () => {
		const env = parseEnv({ ...production, STRIPE_PRICE_BUSINESS_MONTHLY: 'price_1Abc' })
		expect(env.STRIPE_API_URL).toBeUndefined()
		expect(env.STRIPE_PRICE_BUSINESS_MONTHLY).toBe('price_1Abc')
		expect(env.STRIPE_PRICE_STARTER_ANNUAL).toBeUndefined()
		expect(() => parseEnv({ ...production, STRIPE_PRICE_STARTER_ANNUAL: '199' })).toThrow(/STRIPE_PRICE_STARTER_ANNUAL/)
		expect(() => parseEnv({ ...production, STRIPE_SECRET_KEY: 'pk_live_x' })).toThrow(/STRIPE_SECRET_KEY/)
	})

	test('the production server with no configuration refuses to start unless LOCAL_SERVICES=1 asks for the local services', () => {
		// A deploy whose environment file failed to load must not boot on the local services' public secrets.
		expect(() => parseEnv({ NODE_ENV: 'production' })).toThrowError(
			/Producción sin configuración: faltan SITE_URL, PORTAL_URL, COOKIE_DOMAIN, SESSION_SECRET, SUPABASE_URL/,
		)
		expect(() => parseEnv({ NODE_ENV: 'production', LOCAL_SERVICES: '0' })).toThrowError(/LOCAL_SERVICES=1/)
		expect(parseEnv({ NODE_ENV: 'production', LOCAL_SERVICES: '1' }).SITE_URL).toBe('http://kia.localhost:3000')
		expect(parseEnv({ NODE_ENV: 'production', LOCAL_SERVICES: '1', PORT: '4100' }).PORTAL_URL).toBe(
			'http://portal.kia.localhost:4100',
		)
	})

	test('development needs no LOCAL_SERVICES to use the local services', () => {
		expect(parseEnv({ NODE_ENV: 'development' }).usesLocalServices).toBe(true)
	})

	test('a complete production configuration is accepted as given', () => {
		const env = parseEnv(production)
		expect(env.usesLocalServices).toBe(false)
		expect(env.PORT).toBe(3000)
		expect(env.SITE_URL).toBe('https://kia.es')
	})

	test('production with a partial configuration refuses to start, naming every missing variable', () => {
		const partial = { NODE_ENV: 'production', SITE_URL: 'https://kia.es' }
		expect(() => parseEnv(partial)).toThrowError(/Configuración de producción incompleta/)
		try {
			parseEnv(partial)
		} catch (error) {
			const message = (error as Error).message
			for (const key of productionVariables.filter((key) => key !== 'SITE_URL')) {
				expect(message).toContain(`${key}: falta`)
			}
			expect(message).not.toContain('SITE_URL: falta')
		}
	})

	test('production names malformed variables', () => {
		const malformed = {
			...production,
			PORTAL_URL: 'https://clientes.kia.es',
			SESSION_SECRET: 'short',
			SITE_URL: 'kia.es',
		}
		expect(() => parseEnv(malformed)).toThrowError(
			expect.objectContaining({
				message: expect.stringMatching(/PORTAL_URL: .*portal[\s\S]*SESSION_SECRET: .*32[\s\S]*/),
			}) as Error,
		)
		expect(() => parseEnv(malformed)).toThrowError(/SITE_URL/)
	})

	test('the showcased projects’ sites are optional, and an address that is not https is refused', () => {
		expect(parseEnv(production).SHOWCASE_URL_EVENTS).toBeUndefined()
		const given = parseEnv({ ...production, SHOWCASE_URL_EVENTS: 'https://eventos.example/' })
		expect(given.SHOWCASE_URL_EVENTS).toBe('https://eventos.example/')
		for (const value of ['http://eventos.example/', 'eventos.example', 'javascript:alert(1)'])
			expect(() => parseEnv({ ...production, SHOWCASE_URL_EVENTS: value }), value).toThrowError(
				/SHOWCASE_URL_EVENTS: debe ser una URL https/,
			)
	})

	test("production does not start without the company's identity: it is not ours to invent", () => {
		for (const key of ['COMPANY_LEGAL_NAME', 'COMPANY_NIF', 'COMPANY_ADDRESS', 'COMPANY_REGISTRY'] as const) {
			const { [key]: _left, ...without } = production
			expect(() => parseEnv(without), key).toThrowError(new RegExp(`${key}: falta`))
		}
		// The local services' fictitious company is development's, and LOCAL_SERVICES=1's: never a deployment's.
		expect(parseEnv({ NODE_ENV: 'production', LOCAL_SERVICES: '1' }).COMPANY_LEGAL_NAME).toMatch(/Ficticia/)
		expect(parseEnv(production).COMPANY_LEGAL_NAME).toBe('Ejemplo Asistentes, S.L.')
	})

	test('the NIF must be one, check character included; written with separators it is kept without them', () => {
		expect(parseEnv({ ...production, COMPANY_NIF: 'a-58.818.501' }).COMPANY_NIF).toBe('A58818501')
		for (const refused of ['A58818502', 'B1234567', 'KIA', '12345678A'])
			expect(() => parseEnv({ ...production, COMPANY_NIF: refused }), refused).toThrowError(/COMPANY_NIF: .*NIF/)
	})

	test('each line of the identity is printed as given, on one line', () => {
		expect(() => parseEnv({ ...production, COMPANY_ADDRESS: 'Calle Mayor, 1\n03001 Alicante' })).toThrowError(
			/COMPANY_ADDRESS: .*una sola línea/,
		)
		expect(() => parseEnv({ ...production, COMPANY_REGISTRY: ' - ' })).toThrowError(/COMPANY_REGISTRY/)
	})

	test('the cookie domain must cover both hosts', () => {
		expect(() => parseEnv({ ...production, COOKIE_DOMAIN: 'otro.es' })).toThrowError(/COOKIE_DOMAIN/)
	})

	test('development fills what is missing with the local values', () => {
		const env = parseEnv({ SITE_URL: 'http://kia.localhost:5173' })
		expect(env.SUPABASE_URL).toBe('http://127.0.0.1:54321')
	})

	// `docker run --env-file` with a copy of .env.example: every line the operator left alone is there, empty.
	test('an empty value is unset: the defaults apply, nothing reads it as a value', () => {
		const blank = { PORT: '', TRUST_PROXY: '', SHUTDOWN_DRAIN_MS: '', MAIL_FROM: '', STRIPE_PRICE_STARTER_ANNUAL: '' }
		const env = parseEnv({ ...production, ...blank })
		expect([env.PORT, env.TRUST_PROXY, env.SHUTDOWN_DRAIN_MS]).toEqual([3000, ['loopback'], 8000])
		expect([env.MAIL_FROM, env.STRIPE_PRICE_STARTER_ANNUAL]).toEqual(['KIA <no-reply@kia.es>', undefined])
		expect(parseEnv({ ...production, NODE_ENV: '' }).NODE_ENV).toBe('development')
	})

	test('TRUST_PROXY counts hops when it is a number and lists proxies otherwise, as Express reads each', () => {
		const trusts = (value: string) => {
			const server = express()
			server.set('trust proxy', parseEnv({ ...production, TRUST_PROXY: value }).TRUST_PROXY)
			return server.get('trust proxy fn') as (address: string, hop: number) => boolean
		}
		// A balancer elsewhere, one hop in front: Express took the string '1' for the address 0.0.0.1.
		expect(trusts('1')('10.0.0.9', 0)).toBe(true)
		expect(trusts('1')('10.0.0.9', 1)).toBe(false)
		expect(trusts('loopback, 10.0.0.0/8')('10.1.2.3', 0)).toBe(true)
		expect(trusts('loopback, 10.0.0.0/8')('192.0.2.1', 0)).toBe(false)
		for (const refused of ['true', 'nginx', '10.0.0.0/99'])
			expect(() => parseEnv({ ...production, TRUST_PROXY: refused }), refused).toThrowError(/TRUST_PROXY/)
	})

	test('SHUTDOWN_DRAIN_MS is a whole number of milliseconds', () => {
		expect(parseEnv({ ...production, SHUTDOWN_DRAIN_MS: '1500' }).SHUTDOWN_DRAIN_MS).toBe(1500)
		for (const refused of ['ocho', '-1', '2.5'])
			expect(() => parseEnv({ ...production, SHUTDOWN_DRAIN_MS: refused }), refused).toThrowError(/SHUTDOWN_DRAIN_MS/)
	})
})
