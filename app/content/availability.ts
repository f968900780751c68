import { byWeekday, type BookingRules } from '~/lib/slots'

const weekdayNames = ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo']

const listed = (items: readonly string[]) =>
	items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} y ${items.at(-1)}`

const dayName = (dia: number) => weekdayNames[dia - 1] ?? ''
/** 'los sábados': the weekend's names take a plural, the others are the same. */
const daysName = (dia: number) => (dia > 5 ? `${dayName(dia)}s` : dayName(dia))

const isRun = (values: readonly number[], step: number) =>
	values.every((value, index) => index === 0 || value - (values[index - 1] ?? value) === step)

const minutesOf = (hora: string) => Number(hora.slice(0, 2)) * 60 + Number(hora.slice(3, 5))

/** 'de lunes a viernes' for a run of three days or more, else 'los lunes, miércoles y viernes'. */
export function describeDays(dias: readonly number[]) {
	const sorted = byWeekday(dias)
	if (sorted.length >= 3 && isRun(sorted, 1)) return `de ${dayName(sorted[0] ?? 1)} a ${dayName(sorted.at(-1) ?? 7)}`
	return `los ${listed(sorted.map(daysName))}`
}

/** 'entre las 10:00 y las 13:30', or 'a las 10:00 y 12:00' for a single hour or two. */
export function describeHours(horas: readonly string[]) {
	if (horas.length <= 2) return `a las ${listed(horas)}`
	return `entre las ${horas[0]} y las ${horas.at(-1)}`
}

/** the spec's 'de lunes a viernes entre las 10:00 y las 13:30', for whatever the rules say. */
export const describeAvailability = (rules: Pick<BookingRules, 'dias' | 'horas'>) =>
	`${describeDays(rules.dias)} ${describeHours(rules.horas)}`

/** The booking page's calendar fact: 'De lunes a viernes' and 'Cada 30 minutos, de 10:00 a 13:30.' */
export function availabilityFact(rules: Pick<BookingRules, 'dias' | 'horas'>) {
	const days = describeDays(rules.dias)
	const { horas } = rules
	const minutes = horas.map(minutesOf)
	const step = (minutes[1] ?? 0) - (minutes[0] ?? 0)
	const every = minutes.length > 2 && isRun(minutes, step) ? step : null
	return {
		title: days.charAt(0).toUpperCase() + days.slice(1),
		text: every
			? `Cada ${every} minutos, de ${horas[0]} a ${horas.at(-1)}.`
			: `${describeHours(horas)
					.replace(/^a/, 'A')
					.replace(/^entre/, 'Entre')}.`,
	}
}
