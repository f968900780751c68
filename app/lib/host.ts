export const hostKinds = ['site', 'portal'] as const
export type HostKind = (typeof hostKinds)[number]

/** The portal is any host whose name starts with `portal` (portal.kia.es, portal.kia.localhost). */
export function hostKindOf(hostname: string): HostKind {
	return hostname.toLowerCase().startsWith('portal') ? 'portal' : 'site'
}
