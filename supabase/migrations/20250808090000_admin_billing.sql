-- Facturación (issue 22): the admin's view of what customers bought, from the tables Stripe's webhook
-- keeps (suscripciones, pagos, facturas). Lists in the shape and under the rules of the other admin
-- lists: { total, rows }, newest first, a search term matched literally and without accents, and only
-- for an admin. The billing tables point at auth.users, so each list joins the profile for the
-- client's name and e-mail; a deleted client's rows stay, with neither.

-- Subscriptions, searched on the client, the subscription and the customer id.
create function public.admin_suscripciones(
  termino text,
  desde integer,
  cuantos integer,
  plan text default null,
  periodo text default null,
  estado text default null
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  patron text := case when coalesce(termino, '') = '' then null else private.plano(public.contains_pattern(termino)) end;
begin
  perform public.require_admin();
  return (
    with coincidencias as (
      select s.id, s.customer_id, s.plan, s.periodo, s.status, s.amount, s.currency, s.price_interval,
        s.current_period_end, s.cancel_at_period_end, s.created_at,
        u.full_name as cliente_nombre, u.email as cliente_email
      from public.suscripciones s
      left join public.usuarios u on u.id = s.user_id
      where (patron is null or private.plano(
          coalesce(u.full_name, '') || ' ' || coalesce(u.email, '') || ' ' || s.id || ' ' || s.customer_id
        ) like patron)
        and (admin_suscripciones.plan is null or s.plan = admin_suscripciones.plan)
        and (admin_suscripciones.periodo is null or s.periodo = admin_suscripciones.periodo)
        and (estado is null or s.status = estado)
    )
    select jsonb_build_object(
      'total', (select count(*) from coincidencias),
      'rows', coalesce((
        select jsonb_agg(to_jsonb(pagina) order by pagina.created_at desc, pagina.id desc)
        from (
          select * from coincidencias
          order by created_at desc, id desc
          offset greatest(desde, 0) limit least(greatest(cuantos, 0), 100)
        ) pagina
      ), '[]'::jsonb)
    )
  );
end;
$$;

-- One-time payments (annual Enterprise), searched on the client, the session and the payment intent.
create function public.admin_pagos(
  termino text,
  desde integer,
  cuantos integer,
  plan text default null,
  estado text default null
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  patron text := case when coalesce(termino, '') = '' then null else private.plano(public.contains_pattern(termino)) end;
begin
  perform public.require_admin();
  return (
    with coincidencias as (
      select p.id, p.customer_id, p.payment_intent_id, p.plan, p.periodo, p.status, p.amount_total, p.currency,
        p.created_at, u.full_name as cliente_nombre, u.email as cliente_email
      from public.pagos p
      left join public.usuarios u on u.id = p.user_id
      where (patron is null or private.plano(
          coalesce(u.full_name, '') || ' ' || coalesce(u.email, '') || ' ' || p.id || ' ' ||
          coalesce(p.payment_intent_id, '') || ' ' || p.customer_id
        ) like patron)
        and (admin_pagos.plan is null or p.plan = admin_pagos.plan)
        and (estado is null or p.status = estado)
    )
    select jsonb_build_object(
      'total', (select count(*) from coincidencias),
      'rows', coalesce((
        select jsonb_agg(to_jsonb(pagina) order by pagina.created_at desc, pagina.id desc)
        from (
          select * from coincidencias
          order by created_at desc, id desc
          offset greatest(desde, 0) limit least(greatest(cuantos, 0), 100)
        ) pagina
      ), '[]'::jsonb)
    )
  );
end;
$$;

-- Failed payments: invoices Stripe could not collect (still open with something due, or given up as
-- uncollectible) and one-time payments whose money never arrived, in one list.
create function public.admin_pagos_fallidos(
  termino text,
  desde integer,
  cuantos integer,
  plan text default null
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  patron text := case when coalesce(termino, '') = '' then null else private.plano(public.contains_pattern(termino)) end;
begin
  perform public.require_admin();
  return (
    with fallidos as (
      select 'factura' as tipo, f.id, f.number as numero, f.user_id, f.customer_id, s.plan, s.periodo, f.status,
        f.amount_due - f.amount_paid as importe, f.currency, f.subscription_id, f.created_at
      from public.facturas f
      left join public.suscripciones s on s.id = f.subscription_id
      where (f.status = 'open' and f.amount_due > f.amount_paid) or f.status = 'uncollectible'
      union all
      select 'pago', p.id, null, p.user_id, p.customer_id, p.plan, p.periodo, p.status, p.amount_total, p.currency,
        null, p.created_at
      from public.pagos p
      where p.status = 'unpaid'
    ),
    coincidencias as (
      select x.*, u.full_name as cliente_nombre, u.email as cliente_email
      from fallidos x
      left join public.usuarios u on u.id = x.user_id
      where (patron is null or private.plano(
          coalesce(u.full_name, '') || ' ' || coalesce(u.email, '') || ' ' || x.id || ' ' || coalesce(x.numero, '') ||
          ' ' || x.customer_id
        ) like patron)
        and (admin_pagos_fallidos.plan is null or x.plan = admin_pagos_fallidos.plan)
    )
    select jsonb_build_object(
      'total', (select count(*) from coincidencias),
      'rows', coalesce((
        select jsonb_agg(to_jsonb(pagina) - 'user_id' order by pagina.created_at desc, pagina.id desc)
        from (
          select * from coincidencias
          order by created_at desc, id desc
          offset greatest(desde, 0) limit least(greatest(cuantos, 0), 100)
        ) pagina
      ), '[]'::jsonb)
    )
  );
end;
$$;

revoke all on function public.admin_suscripciones(text, integer, integer, text, text, text) from public;
revoke all on function public.admin_pagos(text, integer, integer, text, text) from public;
revoke all on function public.admin_pagos_fallidos(text, integer, integer, text) from public;
grant execute on function public.admin_suscripciones(text, integer, integer, text, text, text) to authenticated;
grant execute on function public.admin_pagos(text, integer, integer, text, text) to authenticated;
grant execute on function public.admin_pagos_fallidos(text, integer, integer, text) to authenticated;
