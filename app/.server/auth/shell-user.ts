import { avatarUrl, displayName, type Profile } from './profile'
import type { SessionUser } from './session'

/** Who the client area's menus name: its layout's, and the portal's 404 for someone signed in. */
export function dashboardShellUser(user: SessionUser, profile: Profile | null) {
	return {
		name: displayName(user, profile),
		email: user.email ?? '',
		avatarUrl: avatarUrl(user, profile),
		isAdmin: profile?.role === 'admin',
	}
}
