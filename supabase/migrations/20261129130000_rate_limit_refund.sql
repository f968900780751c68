-- Issue 51: sign-in limits count failed attempts only. The server counts each attempt before it reaches Auth
-- (so attempts sent at once cannot all slip under a limit) and gives the hit back when the attempt did not
-- fail: a colleague signing in behind the office's one address, or the owner signing in, spends nothing.

-- Gives back one hit of `p_key` in its current window; never below zero.
create function public.refund_rate_limit(p_key text)
returns void
language sql
security definer
set search_path = ''
as $$
  update public.rate_limits set hits = greatest(hits - 1, 0) where key = p_key;
$$;

revoke execute on function public.refund_rate_limit(text) from public, anon, authenticated;
grant execute on function public.refund_rate_limit(text) to service_role;
