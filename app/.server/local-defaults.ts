import { localStripe } from './billing/local-stripe'
import { localSupabase } from './supabase/local'

/**
 * A company that does not exist, for the pages to show where production shows the real one's (env.ts requires it
 * there): plainly fictitious, so that a screenshot of a local run is never taken for the company's data. Its NIF has
 * a right check digit, and is nobody's.
 */
export const localCompany = {
	COMPANY_LEGAL_NAME: 'Empresa Ficticia de Desarrollo, S.L.',
	COMPANY_NIF: 'B00000000',
	COMPANY_ADDRESS: 'Calle Ficticia, 0, 00000 Localidad de Pruebas',
	COMPANY_REGISTRY: 'Registro Mercantil ficticio, sin inscripción: datos de desarrollo local',
}

/**
 * The production variables' values on the local services at their default ports, with the site and the portal
 * on `port`: what development runs on with nothing configured (env.ts), and what `npm run preview:nginx` gives
 * the production server.
 */
export function localDefaults(port: string): Record<string, string> {
	return {
		SITE_URL: `http://kia.localhost:${port}`,
		PORTAL_URL: `http://portal.kia.localhost:${port}`,
		COOKIE_DOMAIN: 'kia.localhost',
		SESSION_SECRET: 'local-development-secret-not-for-production',
		SMTP_URL: 'smtp://127.0.0.1:1025',
		...localSupabase,
		...localStripe,
		...localCompany,
	}
}
