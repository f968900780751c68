import { localSupabase } from '../../app/.server/supabase/local'

export const localAnonKey = localSupabase.SUPABASE_ANON_KEY
export const localServiceRoleKey = localSupabase.SUPABASE_SERVICE_ROLE_KEY
