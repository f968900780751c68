import { defaultBookingRules } from '../../app/lib/slots'

/** The spec's booking rules as the reglas_reservas row holds them: what a test that changes them puts back. */
export const defaultRulesRow = {
	dias: defaultBookingRules.dias,
	horas: defaultBookingRules.horas,
	horizonte_dias: defaultBookingRules.horizonteDias,
	antelacion_horas: defaultBookingRules.antelacionHoras,
	maximo_pendientes: defaultBookingRules.maximoPendientes,
}
