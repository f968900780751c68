import { parseError, RestError } from './errors'

export type SelectItem =
	| { kind: 'star' }
	| { kind: 'column'; name: string; alias?: string; cast?: string }
	| { kind: 'embed'; name: string; alias?: string; hint?: string; inner: boolean; select: SelectItem[] }

export const operators = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'in', 'is'] as const
export type Operator = (typeof operators)[number]

export type Filter =
	| { kind: 'condition'; column: string; negate: boolean; op: Operator; value: string | string[] }
	| { kind: 'logic'; op: 'and' | 'or'; negate: boolean; children: Filter[] }

export type Order = { column: string; descending: boolean; nulls?: 'first' | 'last' }

const unsupportedOperators = new Set([
	'match',
	'imatch',
	'fts',
	'plfts',
	'phfts',
	'wfts',
	'cs',
	'cd',
	'ov',
	'sl',
	'sr',
	'nxr',
	'nxl',
	'adj',
	'isdistinct',
	'any',
	'all',
])

/** Splits on `separator` outside parentheses and double quotes. */
export function splitTopLevel(input: string, separator = ','): string[] {
	const parts: string[] = []
	let depth = 0
	let quoted = false
	let current = ''
	for (let i = 0; i < input.length; i++) {
		const char = input[i]
		if (char === '\\' && quoted) {
			current += char + (input[i + 1] ?? '')
			i++
			continue
		}
		if (char === '"') quoted = !quoted
		else if (!quoted && char === '(') depth++
		else if (!quoted && char === ')') depth--
		if (depth < 0) throw parseError(`"failed to parse" (${input})`, 'unexpected ")"')
		if (char === separator && depth === 0 && !quoted) {
			parts.push(current)
			current = ''
		} else {
			current += char
		}
	}
	if (depth !== 0 || quoted) throw parseError(`"failed to parse" (${input})`, 'unbalanced parentheses or quotes')
	parts.push(current)
	return parts
}

const identifier = /^[A-Za-z_][A-Za-z0-9_]*$/

function checkIdentifier(name: string, context: string) {
	if (!identifier.test(name))
		throw parseError(`"failed to parse select parameter (${context})"`, `unexpected "${name}"`)
	return name
}

/** `select=*,alias:rel!hint!inner(col,other:col2::text)` */
export function parseSelect(input: string): SelectItem[] {
	if (input.trim() === '') return []
	return splitTopLevel(input).map((raw) => parseSelectItem(raw.trim(), input))
}

function parseSelectItem(raw: string, whole: string): SelectItem {
	if (raw === '*') return { kind: 'star' }
	if (raw.startsWith('...'))
		throw new RestError(501, 'not_implemented', 'Spread embeds (...) are not implemented by the local stand-in')
	const open = raw.indexOf('(')
	if (open !== -1) {
		if (!raw.endsWith(')')) throw parseError(`"failed to parse select parameter (${whole})"`, `unexpected "${raw}"`)
		const head = raw.slice(0, open)
		const inner = raw.slice(open + 1, -1)
		const [aliasPart, rest] = head.includes(':')
			? [head.slice(0, head.indexOf(':')), head.slice(head.indexOf(':') + 1)]
			: [undefined, head]
		const [name = '', ...hints] = rest.split('!')
		const isInner = hints.includes('inner')
		const hint = hints.find((value) => value !== 'inner' && value !== 'left')
		return {
			kind: 'embed',
			name: checkIdentifier(name, whole),
			alias: aliasPart === undefined ? undefined : checkIdentifier(aliasPart, whole),
			hint,
			inner: isInner,
			select: inner.trim() === '' ? [] : parseSelect(inner),
		}
	}
	if (raw.includes('->'))
		throw new RestError(501, 'not_implemented', 'JSON path selection (->) is not implemented by the local stand-in')
	let alias: string | undefined
	let rest = raw
	const colon = raw.indexOf(':')
	if (colon !== -1 && raw[colon + 1] !== ':') {
		alias = checkIdentifier(raw.slice(0, colon), whole)
		rest = raw.slice(colon + 1)
	}
	const [name = '', cast] = rest.split('::')
	return {
		kind: 'column',
		name: checkIdentifier(name, whole),
		alias,
		cast: cast ? checkIdentifier(cast, whole) : undefined,
	}
}

function unquote(value: string) {
	if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
		return value.slice(1, -1).replace(/\\(.)/g, '$1')
	}
	return value
}

/** `[not.]op.value` for one column. */
export function parseCondition(column: string, expression: string): Filter {
	let rest = expression
	let negate = false
	if (rest.startsWith('not.')) {
		negate = true
		rest = rest.slice(4)
	}
	const dot = rest.indexOf('.')
	const op = dot === -1 ? rest : rest.slice(0, dot)
	const value = dot === -1 ? '' : rest.slice(dot + 1)
	if (unsupportedOperators.has(op))
		throw new RestError(501, 'not_implemented', `The operator "${op}" is not implemented by the local stand-in`)
	if (!(operators as readonly string[]).includes(op) || dot === -1) {
		throw parseError(
			`"failed to parse filter (${expression})" (line 1, column 1)`,
			`unexpected "${op}" expecting an operator`,
		)
	}
	const operator = op as Operator
	if (operator === 'in') {
		if (!value.startsWith('(') || !value.endsWith(')'))
			throw parseError(`"failed to parse filter (${expression})"`, 'expecting "("')
		const inner = value.slice(1, -1)
		return {
			kind: 'condition',
			column,
			negate,
			op: operator,
			value: inner === '' ? [] : splitTopLevel(inner).map((item) => unquote(item.trim())),
		}
	}
	if (operator === 'is') {
		const normalized = value.toLowerCase()
		if (!['null', 'not_null', 'true', 'false', 'unknown'].includes(normalized)) {
			throw parseError(
				`"failed to parse filter (${expression})"`,
				`unexpected "${value}" expecting null or trilean value (unknown, true, false)`,
			)
		}
		return { kind: 'condition', column, negate, op: operator, value: normalized }
	}
	return { kind: 'condition', column, negate, op: operator, value: unquote(value) }
}

/** `(a.eq.1,and(b.gt.2,c.is.null),not.or(d.eq.x,e.eq.y))` */
export function parseLogic(op: 'and' | 'or', negate: boolean, expression: string): Filter {
	if (!expression.startsWith('(') || !expression.endsWith(')')) {
		throw parseError(`"failed to parse logic tree (${expression})" (line 1, column 1)`, 'expecting "("')
	}
	const children = splitTopLevel(expression.slice(1, -1)).map((item) => parseLogicItem(item.trim()))
	return { kind: 'logic', op, negate, children }
}

function parseLogicItem(item: string): Filter {
	const logic = /^(not\.)?(and|or)(\(.*\))$/s.exec(item)
	if (logic) return parseLogic(logic[2] as 'and' | 'or', Boolean(logic[1]), logic[3] ?? '')
	const dot = item.indexOf('.')
	if (dot === -1) throw parseError(`"failed to parse logic tree (${item})"`, 'expecting a filter')
	return parseCondition(checkIdentifier(item.slice(0, dot), item), item.slice(dot + 1))
}

/** `order=fecha.desc,hora.desc.nullslast` */
export function parseOrder(input: string): Order[] {
	return splitTopLevel(input).map((raw) => {
		const [column = '', ...modifiers] = raw.trim().split('.')
		if (column.includes('('))
			throw new RestError(
				501,
				'not_implemented',
				'Ordering by an embedded resource is not implemented by the local stand-in',
			)
		const order: Order = { column: checkIdentifier(column, input), descending: false }
		for (const modifier of modifiers) {
			if (modifier === 'asc') order.descending = false
			else if (modifier === 'desc') order.descending = true
			else if (modifier === 'nullsfirst') order.nulls = 'first'
			else if (modifier === 'nullslast') order.nulls = 'last'
			else
				throw parseError(
					`"failed to parse order (${input})" (line 1, column ${raw.length})`,
					`unexpected "${modifier}"`,
				)
		}
		return order
	})
}

export function parseNonNegativeInteger(name: string, value: string) {
	if (!/^\d+$/.test(value))
		throw parseError(`"failed to parse ${name} parameter (${value})"`, 'expecting a non-negative integer')
	return Number(value)
}
