import { memo, type FunctionComponent, type NamedExoticComponent } from 'react'

/** What React Router hands every route component (`Route.ComponentProps`), as far as comparing goes. */
type RouteProps = {
	params?: Readonly<Record<string, string | undefined>>
	loaderData?: unknown
	actionData?: unknown
	matches?: readonly unknown[]
}

/**
 * A route module's component, rendered again only when its own props change: its loader's data, its action's
 * result, the matched routes or the URL's params. Any change of React Router's state renders every route on the
 * page again: lazy route discovery adding the routes a page links to, right after it hydrates; a fetcher
 * posting, then loading. React Router also builds each route's `params` afresh on every render, so `memo`'s
 * identity check alone would never skip one: params are compared by value (issue 19). State, context and the
 * router's hooks inside still update the component as they would without this.
 */
export function routeComponent<Component extends FunctionComponent<never>>(
	component: Component,
): NamedExoticComponent<Parameters<Component>[0]> {
	// React Router's generated route types read each module's default export, so inferring a route component's
	// props here would make its type depend on itself: they are read off the component's own type instead, and
	// memo is told what React Router passes at run time, route props.
	return memo(component as unknown as FunctionComponent<RouteProps>, sameRouteProps)
}

function sameRouteProps(before: RouteProps, after: RouteProps) {
	return (
		before.loaderData === after.loaderData &&
		before.actionData === after.actionData &&
		before.matches === after.matches &&
		sameParams(before.params ?? {}, after.params ?? {})
	)
}

function sameParams(before: NonNullable<RouteProps['params']>, after: NonNullable<RouteProps['params']>) {
	const names = Object.keys(before)
	return names.length === Object.keys(after).length && names.every((name) => before[name] === after[name])
}
