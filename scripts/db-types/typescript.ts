// TypeScript type expressions and their printing, in the layout of the CLI's output.

/** A type expression: text, or a structure printed over several lines. */
export type Ts = string | { object: Member[] } | { tuple: Ts[] } | { arrayOf: Ts } | { union: Ts[] }

export type Member = { key: string; optional?: boolean; type: Ts }

/** How the CLI writes a section with nothing in it. */
const noMembers: Member[] = [{ key: '[_ in never]', type: 'never' }]

export const orNever = (members: Member[]) => ({ object: members.length > 0 ? members : noMembers })

/** The key as TypeScript needs it: bare when it is an identifier. */
export const keyOf = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : quote(name))

export function quote(text: string) {
	return `'${JSON.stringify(text).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`
}

export const member = (name: string, type: Ts, optional = false): Member => ({ key: keyOf(name), type, optional })

/** `unknown` already takes null. */
export const nullable = (type: Ts, isNullable: boolean): Ts =>
	isNullable && type !== 'unknown' ? { union: [type, 'null'] } : type

export function print(type: Ts, indent: string): string {
	if (typeof type === 'string') return type
	if ('object' in type) return printObject(type.object, indent)
	if ('tuple' in type) return printTuple(type.tuple, indent)
	if ('arrayOf' in type) {
		const element = print(type.arrayOf, indent)
		return typeof type.arrayOf === 'string' && /[|&]/.test(element) ? `(${element})[]` : `${element}[]`
	}
	return printUnion(type.union, indent)
}

function printObject(members: Member[], indent: string) {
	if (members.length === 0) return '{}'
	const inner = `${indent}\t`
	const line = (m: Member) => {
		const value = print(m.type, inner)
		return `${inner}${m.key}${m.optional ? '?' : ''}:${value.startsWith('\n') ? '' : ' '}${value}\n`
	}
	return `{\n${members.map(line).join('')}${indent}}`
}

function printTuple(items: Ts[], indent: string) {
	if (items.every((item) => typeof item === 'string')) return `[${items.join(', ')}]`
	const inner = `${indent}\t`
	return `[\n${items.map((item) => `${inner}${print(item, inner)},\n`).join('')}${indent}]`
}

function printUnion(options: Ts[], indent: string) {
	// Overloads: one object per line, each behind its `|`.
	if (options.filter((option) => typeof option !== 'string').length > 1) {
		const inner = `${indent}\t`
		return options.map((option) => `\n${inner}| ${print(option, inner)}`).join('')
	}
	return options.map((option) => print(option, indent)).join(' | ')
}

const collator = new Intl.Collator('en')
/** The order the CLI sorts names in. */
export const compareNames = (a: string, b: string) => collator.compare(a, b)
export const byName = <T extends { name: string }>(a: T, b: T) => compareNames(a.name, b.name)
