/**
 * The assistant's capabilities by id: the catalogue's keys (content/capabilities), the addresses of
 * their pages and the sitemap's entries. Apart from the catalogue so that the sitemap can list the
 * pages without bringing their copy along.
 */
export const capabilityIds = [
	'recordatorios-fiscales',
	'facturas',
	'respuestas-correo',
	'atencion-whatsapp',
	'clasificacion-documentos',
	'agenda-citas',
	'cobros-stripe',
	'informes-metricas',
] as const
export type CapabilityId = (typeof capabilityIds)[number]

export const capabilitiesPath = '/funcionalidades'

export function capabilityPath(id: CapabilityId) {
	return `${capabilitiesPath}/${id}`
}

/** Where the home's VERIFACTU block leads: its own section of the invoices page. */
export const verifactuPath = `${capabilityPath('facturas')}#verifactu`

export function isCapabilityId(value: string): value is CapabilityId {
	return (capabilityIds as readonly string[]).includes(value)
}
