/** Where an assistant works, as the database stores it (asistentes.canales). */
export const assistantChannels = ['web', 'whatsapp', 'email', 'calendario', 'drive', 'pagos'] as const
export type AssistantChannel = (typeof assistantChannels)[number]

export const assistantStatuses = ['en_preparacion', 'activo', 'en_pausa'] as const
export type AssistantStatus = (typeof assistantStatuses)[number]

/** A value of `options`, or undefined: what an optional filter of the URL is worth. */
function oneOf<T extends string>(options: readonly T[], value: string | null) {
	return options.find((option) => option === value)
}

/**
 * The list's filters, read from the URL (?estado=, ?canal=): anything that is not a known value is no
 * filter, as a hand-edited URL should be. Without zod: the page's component reads this module, and
 * zod would add its weight to the page's JavaScript.
 */
export function assistantFiltersFrom(params: URLSearchParams) {
	return {
		estado: oneOf(assistantStatuses, params.get('estado')),
		canal: oneOf(assistantChannels, params.get('canal')),
	}
}

export type AssistantFilters = ReturnType<typeof assistantFiltersFrom>
