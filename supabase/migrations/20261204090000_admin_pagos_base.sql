-- The admin's one-time payments show what KIA earns beside what the client paid: each row's base (before IVA) next to
-- its total, as the subscriptions' list shows amounts without IVA and the revenue figures count bases. A row the
-- webhook wrote before IVA was charged has no base of its own: its total is its base. Same signature, so the grants
-- stay as they were.
create or replace function public.admin_pagos(
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
      select p.id, p.customer_id, p.payment_intent_id, p.plan, p.periodo, p.status,
        coalesce(p.amount_subtotal, p.amount_total) as amount_subtotal, p.amount_total, p.currency,
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
