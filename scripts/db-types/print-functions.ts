// The `Functions` section: what `rpc()` may call, with its arguments and what it returns.
import { inputModes, type DbFunction, type Relation } from './catalog'
import { columnMembers, columnsOf, tsTypeOfId, type SchemaIndex } from './schema-index'
import { byName, compareNames, member, nullable, quote, type Member, type Ts } from './typescript'

// The argument types PostgREST accepts for a function's single unnamed argument: json, jsonb and text.
const unnamedArgumentTypes = new Set([114, 3802, 25])

const inputsOf = (fn: DbFunction) => [...fn.args].sort(byName).filter((arg) => inputModes.has(arg.mode))

const returnsManyRows = (fn: DbFunction) => fn.rows !== null && fn.rows > 1

/** The relation a function's rows come from: one of the schema, or any relation's row type by its name. */
function returnedRelation(index: SchemaIndex, fn: DbFunction) {
	if (fn.return_relation_id === null) return null
	return index.relationNames.get(fn.return_relation_id) ?? index.relationTypes.get(fn.return_type_id)?.name ?? null
}

/** Functions PostgREST can call, by name: named arguments, or one unnamed json/jsonb/text or row argument. */
export function callableFunctions(index: SchemaIndex) {
	const isCallable = (fn: DbFunction) => {
		const inputs = inputsOf(fn)
		const only = inputs.length === 1 ? inputs[0] : undefined
		return (
			inputs.every((arg) => arg.name !== '') ||
			inputs.every((arg) => arg.name !== '' || (arg.has_default && unnamedArgumentTypes.has(arg.type_id))) ||
			(only !== undefined && (unnamedArgumentTypes.has(only.type_id) || index.relationTypes.has(only.type_id)))
		)
	}
	return index.catalog.functions.filter(isCallable).sort(byName)
}

/** Overloads share one member, as a union of their signatures. */
export function functionMembers(index: SchemaIndex, functions: DbFunction[]) {
	const functionsByName = new Map<string, DbFunction[]>()
	for (const fn of functions) functionsByName.set(fn.name, [...(functionsByName.get(fn.name) ?? []), fn])
	return [...functionsByName].map(([name, overloads]) => {
		const ordered = [...overloads].sort(
			(a, b) => compareNames(a.argument_types, b.argument_types) || compareNames(a.return_type, b.return_type),
		)
		const signatures = ordered.map((fn) => signature(index, fn, ordered))
		return member(name, signatures.length === 1 ? (signatures[0] ?? 'never') : { union: signatures })
	})
}

/** A function taking one row of the relation is a computed column of it. */
export const computedFields = (index: SchemaIndex, functions: DbFunction[], relation: Relation) =>
	functions
		.filter((fn) => fn.argument_types === relation.name)
		.map((fn) => member(fn.name, nullable(returnType(index, fn), true)))

function signature(index: SchemaIndex, fn: DbFunction, overloads: DbFunction[]): Ts {
	const inputs = inputsOf(fn)
	const args: Ts =
		inputs.length === 0
			? 'never'
			: { object: inputs.map((arg) => member(arg.name, tsTypeOfId(index, arg.type_id), arg.has_default)) }
	const error = callError(index, fn, overloads)
	// A relation's rows estimated at one are typed as one row: postgrest-js reads SetofOptions to give the array back.
	const collapsesToOneRow = returnedRelation(index, fn) !== null && !returnsManyRows(fn)
	const returns: Ts = error
		? `{ error: true } & ${quote(error)}`
		: fn.set_returning && !collapsesToOneRow
			? { arrayOf: returnType(index, fn) }
			: returnType(index, fn)
	const options = setofOptions(index, fn)
	return { object: [member('Args', args), member('Returns', returns), ...(options ? [options] : [])] }
}

function returnType(index: SchemaIndex, fn: DbFunction): Ts {
	const columnsReturned = [...fn.args].sort(byName).filter((arg) => arg.mode === 'table')
	if (columnsReturned.length > 0)
		return { object: columnsReturned.map((arg) => member(arg.name, tsTypeOfId(index, arg.type_id))) }
	const relation = index.relations.find((candidate) => candidate.id === fn.return_relation_id)
	if (relation)
		return {
			object: columnMembers(index, columnsOf(index, relation), (column) => ({
				nullable: column.nullable,
				optional: false,
			})),
		}
	return tsTypeOfId(index, fn.return_type_id)
}

/**
 * What `rpc()` and embedding need to know about a function returning rows of a relation: `from` is the
 * relation whose row it takes when it takes exactly one (it can then be embedded in that relation).
 */
function setofOptions(index: SchemaIndex, fn: DbFunction): Member | null {
	const to = returnedRelation(index, fn)
	if (!to) return null
	const source = fn.args.length === 1 ? index.relationTypes.get(fn.args[0]?.type_id ?? 0) : undefined
	return member('SetofOptions', {
		object: [
			member('from', source ? quote(source.format) : "'*'"),
			member('to', quote(to)),
			member('isOneToOne', String(!returnsManyRows(fn))),
			member('isSetofReturn', String(fn.set_returning)),
		],
	})
}

/** An overload PostgREST cannot choose, or a row argument it cannot match, as the CLI reports it. */
function callError(index: SchemaIndex, fn: DbFunction, overloads: DbFunction[]) {
	const qualified = `${index.schema}.${fn.name}`
	return (
		rivalOfNoArguments(index, fn, overloads, qualified) ??
		rivalsOfSameArgument(index, fn, overloads, qualified) ??
		unmatchedRowArgument(index, fn, qualified)
	)
}

const ambiguity = (signatures: string[]) =>
	`Could not choose the best candidate function between: ${signatures.join(', ')}. Try renaming the parameters or the function itself in the database so function overloading can be resolved`

const typeName = (index: SchemaIndex, id: number) => index.typesById.get(id)?.name ?? 'unknown'

/** Called without arguments, an overload taking none rivals one whose only argument is unnamed and optional. */
function rivalOfNoArguments(index: SchemaIndex, fn: DbFunction, overloads: DbFunction[], qualified: string) {
	if (overloads.length <= 1 || inputsOf(fn).length > 0) return null
	const rival = overloads.find((other) => {
		const otherInputs = inputsOf(other)
		return other !== fn && otherInputs.length === 1 && otherInputs[0]?.name === '' && otherInputs[0]?.has_default
	})
	if (!rival) return null
	return ambiguity([`${qualified}()`, `${qualified}( => ${typeName(index, rival.return_type_id)})`])
}

/** Overloads whose only argument has the same name and another type, in the order of those types. */
function rivalsOfSameArgument(index: SchemaIndex, fn: DbFunction, overloads: DbFunction[], qualified: string) {
	const inputs = inputsOf(fn)
	const only = inputs.length === 1 ? inputs[0] : undefined
	if (overloads.length <= 1 || !only || only.name === '') return null
	const rivals = overloads.filter((other) => {
		const otherInputs = inputsOf(other)
		return (
			other !== fn &&
			otherInputs.length === 1 &&
			otherInputs[0]?.name === only.name &&
			otherInputs[0]?.type_id !== only.type_id
		)
	})
	if (rivals.length === 0) return null
	const signatures = [fn, ...rivals]
		.sort((a, b) => (inputsOf(a)[0]?.type_id ?? 0) - (inputsOf(b)[0]?.type_id ?? 0))
		.map(
			(f) =>
				`${qualified}(${inputsOf(f)
					.map((arg) => `${arg.name} => ${typeName(index, arg.type_id)}`)
					.join(', ')})`,
		)
	return ambiguity(signatures)
}

function unmatchedRowArgument(index: SchemaIndex, fn: DbFunction, qualified: string) {
	const inputs = inputsOf(fn)
	const only = inputs.length === 1 ? inputs[0] : undefined
	if (!only || only.name !== '' || !index.relationTypes.has(only.type_id) || returnedRelation(index, fn)) return null
	return `the function ${qualified} with parameter or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache`
}
