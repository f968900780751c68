/**
 * The part of Go's html/template that Supabase Auth's e-mails go through: `{{ .Name }}` actions,
 * escaped by where they sit in the HTML. Supabase renders subjects and bodies with html/template, so a
 * value in text is HTML-escaped, one in a link before its `?` is normalised and one after it is
 * percent-encoded. A template that puts an action anywhere else (a script, a style, an unquoted
 * attribute, a comment) is refused rather than rendered differently from Supabase.
 *
 * Go's sources: html/template's escape.go (which escaper for which context), transition.go (how
 * contexts change), html.go and url.go (the escapers), attr.go (which attributes hold URLs).
 */

/** How a value is escaped, by where its action sits. */
export type Context = 'text' | 'attribute' | 'url-start' | 'url-path' | 'url-query'

export type Part = string | { action: string; name: string | undefined; context: Context }

export type CompiledTemplate = { parts: Part[]; problems: string[] }

const actionPattern = /\{\{(.*?)\}\}/gs
const variablePattern = /^\s*\.([A-Za-z]+)\s*$/

type State =
	| { in: 'text' }
	| { in: 'comment' }
	| { in: 'tag-name'; element: string }
	| { in: 'end-tag' }
	| { in: 'tag'; element: string }
	| { in: 'attribute-name'; element: string; name: string }
	| { in: 'after-attribute-name'; element: string; name: string }
	| { in: 'before-value'; element: string; name: string }
	| { in: 'value'; element: string; name: string; quote: '"' | "'" | ''; value: string }
	| { in: 'raw'; element: string }

/** Elements whose content html/template treats as script or style: no action may sit there. */
const rawElements = new Set(['script', 'style'])

/** attr.go's attrTypeMap entries of type URL (the others are plain text, or CSS, JS and srcset, refused below). */
const urlAttributes = new Set([
	'action',
	'archive',
	'background',
	'cite',
	'classid',
	'codebase',
	'data',
	'formaction',
	'href',
	'icon',
	'longdesc',
	'manifest',
	'poster',
	'profile',
	'src',
	'usemap',
	'xmlns',
])

/** attr.go's attrType: what an attribute's value holds. */
function attributeKind(attribute: string): 'url' | 'plain' | 'other' {
	let name = attribute.toLowerCase()
	if (name.startsWith('data-')) name = name.slice(5)
	else if (name.includes(':')) {
		const [prefix = '', short = ''] = name.split(':', 2)
		if (prefix === 'xmlns') return 'url'
		name = short
	}
	if (urlAttributes.has(name)) return 'url'
	if (name === 'style' || name === 'srcset' || name.startsWith('on')) return 'other'
	if (name.includes('src') || name.includes('uri') || name.includes('url')) return 'url'
	return 'plain'
}

const isSpace = (char: string) => /\s/.test(char)
const isLetter = (char: string) => /[A-Za-z]/.test(char)

/** Moves the HTML state over one literal chunk of the template; comments in text are dropped, as Go does. */
function advance(state: State, chunk: string): { state: State; output: string } {
	let current = state
	let output = ''
	let index = 0
	const afterTag = (element: string): State => (rawElements.has(element) ? { in: 'raw', element } : { in: 'text' })
	while (index < chunk.length) {
		const char = chunk[index] ?? ''
		const rest = chunk.slice(index)
		let consumed = 1
		let keep = true
		switch (current.in) {
			case 'text':
				if (rest.startsWith('<!--')) {
					current = { in: 'comment' }
					consumed = 4
					keep = false
				} else if (char === '<' && isLetter(rest[1] ?? '')) {
					current = { in: 'tag-name', element: '' }
				} else if (rest.startsWith('</') && isLetter(rest[2] ?? '')) {
					current = { in: 'end-tag' }
				} else if (char === '<' && !rest.toUpperCase().startsWith('<!DOCTYPE')) {
					// escape.go's escapeText: a '<' that starts no tag is written as text.
					output += '&lt;'
					keep = false
				}
				break
			case 'end-tag':
				if (char === '>') current = { in: 'text' }
				break
			case 'comment':
				keep = false
				if (rest.startsWith('-->')) {
					current = { in: 'text' }
					consumed = 3
				}
				break
			case 'raw':
				if (rest.toLowerCase().startsWith(`</${current.element}`)) current = { in: 'end-tag' }
				break
			case 'tag-name':
				if (char === '>') current = afterTag(current.element)
				else if (isSpace(char) || char === '/') current = { in: 'tag', element: current.element }
				else current = { ...current, element: current.element + char.toLowerCase() }
				break
			case 'tag':
				if (char === '>') current = afterTag(current.element)
				else if (!isSpace(char) && char !== '/')
					current = { in: 'attribute-name', element: current.element, name: char }
				break
			case 'attribute-name':
				if (char === '=') current = { in: 'before-value', element: current.element, name: current.name }
				else if (char === '>') current = afterTag(current.element)
				else if (isSpace(char)) current = { in: 'after-attribute-name', element: current.element, name: current.name }
				else if (char === '/') current = { in: 'tag', element: current.element }
				else current = { ...current, name: current.name + char }
				break
			case 'after-attribute-name':
				if (char === '=') current = { in: 'before-value', element: current.element, name: current.name }
				else if (char === '>') current = afterTag(current.element)
				else if (!isSpace(char)) current = { in: 'attribute-name', element: current.element, name: char }
				break
			case 'before-value':
				if (char === '"' || char === "'")
					current = { in: 'value', element: current.element, name: current.name, quote: char, value: '' }
				else if (char === '>') current = afterTag(current.element)
				else if (!isSpace(char))
					current = { in: 'value', element: current.element, name: current.name, quote: '', value: char }
				break
			case 'value':
				if (current.quote ? char === current.quote : isSpace(char)) current = { in: 'tag', element: current.element }
				else if (!current.quote && char === '>') current = afterTag(current.element)
				else current = { ...current, value: current.value + char }
				break
		}
		if (keep) output += chunk.slice(index, index + consumed)
		index += consumed
	}
	return { state: current, output }
}

/** escape.go's escapeAction: the context of an action, or why the stand-in will not render one there. */
function contextOf(state: State): { context: Context } | { problem: string } {
	if (state.in === 'text') return { context: 'text' }
	if (state.in !== 'value') return { problem: `inside ${state.in === 'raw' ? `<${state.element}>` : `a ${state.in}`}` }
	if (!state.quote) return { problem: `in the unquoted attribute ${state.name}` }
	const kind = attributeKind(state.name)
	if (kind === 'other') return { problem: `in the attribute ${state.name} (CSS, JavaScript or srcset)` }
	if (kind === 'plain') return { context: 'attribute' }
	// transition.go's tURL: a '?' or '#' so far starts the query; any other text, the path.
	if (/[?#]/.test(state.value)) return { context: 'url-query' }
	return { context: state.value.trim() === '' ? 'url-start' : 'url-path' }
}

/** The template split into literal HTML (comments dropped) and actions with their context. */
export function compileTemplate(text: string): CompiledTemplate {
	const parts: Part[] = []
	const problems: string[] = []
	let state: State = { in: 'text' }
	let last = 0
	for (const match of text.matchAll(actionPattern)) {
		const literal = advance(state, text.slice(last, match.index))
		state = literal.state
		parts.push(literal.output)
		const action = match[0]
		const where = contextOf(state)
		if ('problem' in where) problems.push(`${action} ${where.problem}`)
		else parts.push({ action, name: variablePattern.exec(match[1] ?? '')?.[1], context: where.context })
		last = match.index + action.length
	}
	parts.push(advance(state, text.slice(last)).output)
	return { parts, problems }
}

/** html.go's htmlReplacementTable, used in text and in attribute values. */
const htmlReplacements: Record<string, string> = {
	'\0': '\uFFFD',
	'"': '&#34;',
	'&': '&amp;',
	"'": '&#39;',
	'+': '&#43;',
	'<': '&lt;',
	'>': '&gt;',
}

export function escapeHtml(value: string) {
	return value.replace(/[\0"&'+<>]/g, (char) => htmlReplacements[char] ?? char)
}

const reservedInUrls = new Set('!#$&*+,/:;=?@[]')
const isHex = (byte: number | undefined) => byte !== undefined && /[0-9a-fA-F]/.test(String.fromCharCode(byte))

/** url.go's processURLOnto: percent-encodes bytes (lowercase hex), keeping reserved ones and escapes when normalising. */
function processUrl(value: string, normalise: boolean) {
	const bytes = new TextEncoder().encode(value)
	let result = ''
	for (let index = 0; index < bytes.length; index++) {
		const byte = bytes[index] ?? 0
		const char = String.fromCharCode(byte)
		const unreserved = /[A-Za-z0-9\-._~]/.test(char)
		const keptWhenNormalising =
			normalise && (reservedInUrls.has(char) || (char === '%' && isHex(bytes[index + 1]) && isHex(bytes[index + 2])))
		result += byte < 0x80 && (unreserved || keptWhenNormalising) ? char : `%${byte.toString(16).padStart(2, '0')}`
	}
	return result
}

/** url.go's urlFilter: only http, https and mailto URLs (or ones with no scheme) may start a link. */
function filterUrl(value: string) {
	const colon = value.indexOf(':')
	if (colon < 0) return value
	const scheme = value.slice(0, colon)
	if (scheme.includes('/') || /^(https?|mailto)$/i.test(scheme)) return value
	return '#ZgotmplZ'
}

/** The escaper pipeline escape.go puts on an action in `context`. */
export function escapeFor(context: Context, value: string) {
	switch (context) {
		case 'text':
		case 'attribute':
			return escapeHtml(value)
		case 'url-start':
			return escapeHtml(processUrl(filterUrl(value), true))
		case 'url-path':
			return escapeHtml(processUrl(value, true))
		case 'url-query':
			return escapeHtml(processUrl(value, false))
	}
}
