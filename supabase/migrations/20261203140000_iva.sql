-- Issue 68: IVA is charged on top of every price (Stripe Tax, docs/decisions/019-iva.md). An invoice keeps its
-- base, its tax and why the tax is zero where it is: the portal shows base, IVA and total, and the admin's
-- figures count revenue without IVA. A one-time payment keeps its base and tax likewise.
alter table public.facturas
  add column total_excluding_tax integer,
  add column tax integer,
  -- Null where IVA is charged; otherwise Stripe's reason for charging none.
  add column tax_reason text check (tax_reason in ('reverse_charge', 'customer_exempt', 'not_collecting'));

alter table public.pagos
  add column amount_subtotal integer,
  add column amount_tax integer;

-- Everything invoiced before this charged no tax.
update public.facturas set total_excluding_tax = total, tax = 0 where total_excluding_tax is null;
update public.pagos set amount_subtotal = amount_total, amount_tax = 0 where amount_subtotal is null;

-- Revenue is without IVA: a payment counts its base (the tax is the treasury's, not ours).
create or replace function public.ingresos_recurrentes(estados text[], pagos_desde timestamptz)
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
          -- What Stripe charges before tax, where the webhook recorded it; otherwise the server uses the catalogue.
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
        select p.plan, count(*)::integer as cuantos, sum(coalesce(p.amount_subtotal, p.amount_total)) as importe
        from public.pagos p
        where p.status = 'paid' and p.created_at >= pagos_desde
        group by 1
      ) grupo
    ), '[]'::jsonb)
  );
$$;
