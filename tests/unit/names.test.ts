import { describe, expect, test } from 'vitest'
import { splitFullName } from '../../app/lib/names'

describe('splitFullName', () => {
	test.each([
		['Elena', { nombre: 'Elena', apellidos: '' }],
		['Pablo Ferrer', { nombre: 'Pablo', apellidos: 'Ferrer' }],
		['Elena Vidal García', { nombre: 'Elena', apellidos: 'Vidal García' }],
		['María José García López', { nombre: 'María José', apellidos: 'García López' }],
		['Juan de la Cruz', { nombre: 'Juan', apellidos: 'de la Cruz' }],
		['Ana García de la Fuente', { nombre: 'Ana', apellidos: 'García de la Fuente' }],
		['  Raúl   Pons  ', { nombre: 'Raúl', apellidos: 'Pons' }],
		['', { nombre: '', apellidos: '' }],
	])('%j', (fullName, parts) => {
		expect(splitFullName(fullName)).toEqual(parts)
	})
})
