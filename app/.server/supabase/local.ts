/**
 * The Supabase CLI's well-known local values (public, identical on every
 * developer machine): the demo anon and service-role JWTs signed with the
 * local secret. They only open the local stand-in on 127.0.0.1.
 */
export const localSupabase = {
	SUPABASE_URL: 'http://127.0.0.1:54321',
	SUPABASE_ANON_KEY:
		'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0',
	SUPABASE_SERVICE_ROLE_KEY:
		'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU',
} as const
