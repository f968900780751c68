-- Issue 66: a Stripe event was looked up, handled, then recorded, so ten deliveries of one event arriving at
-- once were all handled. Stripe delivers an event more than once, and again while a slow first delivery is
-- still being handled. Now a delivery claims the event in one statement before handling it: one claim wins,
-- and the others hear that it is handled, or still being handled (so Stripe delivers it again later). A claim
-- lasts a lease; a process that dies holding one leaves the event to Stripe's next delivery once it runs out.

-- A row without handled_at is a claim; rows written before (and any written plainly) are events handled.
alter table public.stripe_eventos
  add column handled_at timestamptz default now(),
  add column claim uuid,
  add column claimed_until timestamptz;

update public.stripe_eventos set handled_at = received_at;

-- 'claimed' with the claim's id, 'handled', or 'in_progress' while another delivery's claim lasts.
create function public.claim_stripe_event(p_id text, p_type text, p_lease_seconds integer)
returns table (state text, claim uuid)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_claim uuid := gen_random_uuid();
begin
  -- One statement: deliveries racing on one id wait for each other's insert, then see it.
  insert into public.stripe_eventos as e (id, type, handled_at, claim, claimed_until)
  values (p_id, p_type, null, v_claim, now() + make_interval(secs => p_lease_seconds))
  on conflict (id) do update
    set claim = excluded.claim, claimed_until = excluded.claimed_until
    where e.handled_at is null and e.claimed_until < now();
  if found then
    return query select 'claimed', v_claim;
    return;
  end if;
  return query
    select case when e.handled_at is null then 'in_progress' else 'handled' end, null::uuid
    from public.stripe_eventos e
    where e.id = p_id;
end;
$$;

-- Ends a claim: the event handled, or given back for the next delivery. A claim taken over after its lease ran
-- out is no longer this one, and is left alone.
create function public.settle_stripe_event(p_id text, p_claim uuid, p_handled boolean)
returns void
language sql
security definer
set search_path = ''
as $$
  update public.stripe_eventos
    set handled_at = now(), claim = null, claimed_until = null
    where id = p_id and claim = p_claim and p_handled;
  delete from public.stripe_eventos
    where id = p_id and claim = p_claim and handled_at is null and not p_handled;
$$;

revoke execute on function public.claim_stripe_event(text, text, integer) from public, anon, authenticated;
revoke execute on function public.settle_stripe_event(text, uuid, boolean) from public, anon, authenticated;
grant execute on function public.claim_stripe_event(text, text, integer) to service_role;
grant execute on function public.settle_stripe_event(text, uuid, boolean) to service_role;
