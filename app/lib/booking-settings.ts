import { z } from 'zod'
import { byWeekday, slotChoices } from './slots'
import { bookingDate } from './booking-schemas'
import { required } from './schemas'

// Apart from the forms' schemas: only the server reads these (the page gets their constraints as data), so
// the client pages that import a form's schemas do not carry them.

const whole = (min: number, max: number, message: string) =>
	z.coerce.number({ error: message }).int(message).min(min, message).max(max, message)

/** /admin/ajustes: the booking rules (the database holds the same limits). */
export const bookingRulesSchema = z.object({
	dias: z
		.array(z.coerce.number().int().min(1).max(7), { error: 'Elige al menos un día.' })
		.min(1, 'Elige al menos un día.')
		.transform((dias) => byWeekday([...new Set(dias)])),
	horas: z
		.array(z.enum(slotChoices), { error: 'Elige al menos una hora.' })
		.min(1, 'Elige al menos una hora.')
		.transform((horas) => [...new Set(horas)].sort()),
	horizonteDias: whole(1, 365, 'Indica un número de días entre 1 y 365.'),
	antelacionHoras: whole(0, 168, 'Indica una antelación entre 0 y 168 horas.'),
	maximoPendientes: whole(1, 20, 'Indica un máximo entre 1 y 20 demostraciones.'),
})
export type RulesInput = z.infer<typeof bookingRulesSchema>

/** A blocked range of dates (holidays, vacations), inclusive; one day when both dates match. */
export const bookingBlockSchema = z
	.object({
		desde: bookingDate,
		hasta: bookingDate,
		motivo: required('Indica el motivo del bloqueo.', 200, 'El motivo no puede superar los 200 caracteres.'),
	})
	.refine((block) => block.hasta >= block.desde, {
		path: ['hasta'],
		message: 'La fecha final no puede ser anterior a la inicial.',
	})
export type BlockInput = z.infer<typeof bookingBlockSchema>
