import { hostGuard } from './host-guard'
import { sharedPageMiddleware } from './shared-cache'
import { supabaseMiddleware } from '../supabase/client'

/**
 * Both site layouts: the site host only, with the visitor's Supabase session. The session comes first: on the portal
 * host the guard answers the portal's 404 page, which shows who is signed in.
 */
export const siteMiddleware = [supabaseMiddleware, hostGuard('site')]

/**
 * The marketing pages, whose HTML is the same for every anonymous visitor, may be kept by the shared cache. Not the
 * demo page: its free slots are live.
 */
export const marketingMiddleware = [sharedPageMiddleware, supabaseMiddleware, hostGuard('site')]
