/*
 * objects/: builders of Stripe objects, one file per resource, with every field the API version's types
 * require, set as Stripe sets them for the flows the stand-in covers.
 */

type ApiList<T> = { object: 'list'; data: T[]; has_more: boolean; url: string }

export function list<T>(data: T[], url: string, hasMore = false): ApiList<T> {
	return { object: 'list', data, has_more: hasMore, url }
}
