-- Issue 50: the revenue figures read every billed subscription and every payment of the year and added
-- them up in the server. PostgREST answers a read with at most max_rows rows (1000) and no error, so past a
-- thousand subscriptions the panel's MRR would have been wrong without a word. The sums are made here now,
-- one row per plan, period and billing interval, and the server prices them (app/lib/revenue.ts). Run as
-- the caller: RLS decides whose rows count (an admin's, everyone's; a client's, their own).
create function public.ingresos_recurrentes(estados text[], pagos_desde timestamptz)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select jsonb_build_object(
    'suscripciones', coalesce((
      select jsonb_agg(grupo)
      from (
        select s.plan, s.periodo,
          -- What Stripe charges, where the webhook recorded it; otherwise the server uses the catalogue.
          case when s.amount is not null and s.price_interval in ('day', 'week', 'month', 'year')
            then s.price_interval end as intervalo,
          count(*)::integer as cuantas,
          sum(s.amount) as importe
        from public.suscripciones s
        where s.status = any (estados)
        group by 1, 2, 3
      ) grupo
    ), '[]'::jsonb),
    'pagos', coalesce((
      select jsonb_agg(grupo)
      from (
        select p.plan, count(*)::integer as cuantos, sum(p.amount_total) as importe
        from public.pagos p
        where p.status = 'paid' and p.created_at >= pagos_desde
        group by 1
      ) grupo
    ), '[]'::jsonb)
  );
$$;

revoke execute on function public.ingresos_recurrentes(text[], timestamptz) from public, anon;
grant execute on function public.ingresos_recurrentes(text[], timestamptz) to authenticated;
