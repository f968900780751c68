/**
 * What became of a question to the site's chat, as `asistente_preguntas.resultado` stores it. Apart from the row
 * schemas so that the admin's page, which lists them as filters, does not bring zod's schemas to the browser.
 */
export const chatOutcomes = ['respondida', 'sin_respuesta', 'persona'] as const
export type ChatOutcome = (typeof chatOutcomes)[number]
