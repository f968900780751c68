export const hostKinds = ['site', 'portal'] as const
export type HostKind = (typeof hostKinds)[number]

/** The portal is any host whose name starts with `portal` (portal.kia.es, portal.kia.localhost). */
export function hostKindOf(hostname: string): HostKind {
	return hostname.toLowerCase().startsWith('portal') ? 'portal' : 'site'
}

/** Every `Host` a deployment answers to, each mapped to the canonical host it is served as. */
export type ServedHosts = ReadonlyMap<string, string>

/** Names of this machine itself: they reach a local site, never a public one. */
const loopbackNames = ['localhost', '127.0.0.1', '[::1]']

/**
 * The hosts of SITE_URL and PORTAL_URL, ports included when they name one.
 * A site on `localhost` or `*.localhost` can only be reached from this
 * machine, so there the loopback names on the site's port are the site too
 * (plain localhost in a browser, 127.0.0.1 from tools and the local Stripe's
 * webhooks); a public site is served under its own two names only.
 */
export function servedHosts(siteUrl: string, portalUrl: string): ServedHosts {
	const site = new URL(siteUrl)
	const portal = new URL(portalUrl)
	const hosts = new Map([
		[site.host, site.host],
		[portal.host, portal.host],
	])
	if (site.hostname === 'localhost' || site.hostname.endsWith('.localhost')) {
		for (const name of loopbackNames) hosts.set(site.port ? `${name}:${site.port}` : name, site.host)
	}
	return hosts
}

/** The canonical host a request's `Host` header is served as; null for a host this deployment does not serve. */
export function canonicalHost(hostHeader: string | undefined, hosts: ServedHosts): string | null {
	return hostHeader ? (hosts.get(hostHeader.toLowerCase()) ?? null) : null
}
