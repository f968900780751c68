import type { Core } from '../billing'
import { typeMatches } from '../events'
import { optionalString, stringList } from '../form'
import { invalidRequest, noSuch, type Reply } from '../http'
import { expandOnly, pageOf, respond, type ApiRequest, type Route } from './request'

export const eventRoutes: Route[] = [
	{ method: 'GET', pattern: /^\/v1\/events\/([^/]+)$/, spec: expandOnly, handle: retrieveEvent },
	{
		method: 'GET',
		pattern: /^\/v1\/events$/,
		spec: { type: true, types: true, limit: true, starting_after: true, ending_before: true, expand: true },
		handle: listEvents,
	},
]

function retrieveEvent(core: Core, request: ApiRequest, id: string): Reply {
	const event = core.store.state.events.find((candidate) => candidate.id === id)
	if (!event) throw noSuch('event', id)
	return respond(core, request, event)
}

function listEvents(core: Core, request: ApiRequest): Reply {
	const { params } = request
	const type = optionalString(params, 'type')
	const types = stringList(params, 'types')
	if (type && types.length > 0)
		throw invalidRequest('You may only specify one of these parameters: type, types.', 'types')
	const patterns = type ? [type] : types
	const newestFirst = [...core.store.state.events].reverse()
	const matching =
		patterns.length === 0
			? newestFirst
			: newestFirst.filter((event) => patterns.some((pattern) => typeMatches(event.type, pattern)))
	return respond(core, request, pageOf(params, matching, '/v1/events', 'event'))
}
