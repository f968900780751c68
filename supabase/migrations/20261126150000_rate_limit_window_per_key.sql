-- A key's window now opens at its first counted hit and lasts p_window_seconds, instead of being a slice of the
-- clock (a multiple of the window since the epoch). With windows on the clock, hits on either side of a boundary
-- were counted apart: up to twice the limit got through back to back, and a run of hits that crossed a boundary
-- (a test counting to a limit) saw its count start again halfway. One row per key now; the counters are
-- transient, so the old rows are dropped rather than converted.

delete from public.rate_limits;
alter table public.rate_limits drop constraint rate_limits_pkey;
alter table public.rate_limits add primary key (key);

-- Counts one hit for `p_key` in its window (opened by the first hit, renewed by the first hit after it ends);
-- true while the count is within `p_limit`.
create or replace function public.hit_rate_limit(p_key text, p_limit integer, p_window_seconds integer)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_expired_before timestamptz := now() - make_interval(secs => p_window_seconds);
  v_hits integer;
begin
  insert into public.rate_limits as counter (key, window_start, hits)
  values (p_key, now(), 1)
  on conflict (key) do update set
    window_start = case when counter.window_start <= v_expired_before then now() else counter.window_start end,
    hits = case when counter.window_start <= v_expired_before then 1 else counter.hits + 1 end
  returning hits into v_hits;
  delete from public.rate_limits where window_start < now() - interval '1 day';
  return v_hits <= p_limit;
end;
$$;
