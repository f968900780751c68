-- Every subscription Stripe still bills each listed user, for the deletion's confirmation (issue 68), in the list's
-- own answer: read after the list, it was a second round trip on every render of /admin/usuarios. As the webhook
-- last recorded them; the deletion itself asks Stripe. Same signature, so its grants stay as they were.

create or replace function public.admin_usuarios(
  termino text,
  desde integer,
  cuantos integer,
  pendientes boolean default false
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
set plan_cache_mode = force_custom_plan
as $$
declare
  patron text := case when coalesce(termino, '') = '' then null else private.plano(public.contains_pattern(termino)) end;
  solo_pendientes boolean := coalesce(pendientes, false);
begin
  perform public.require_admin();
  return jsonb_build_object(
    'total', (
      select count(*)
      from public.usuarios u
      where (patron is null or u.busqueda like patron)
        and (not solo_pendientes or exists (
          select 1 from auth.users a
          where a.id = u.id and a.invited_at is not null and a.email_confirmed_at is null
        ))
    ),
    'rows', coalesce((
      select jsonb_agg(
        to_jsonb(pagina) || jsonb_build_object(
          'plan', coalesce(suscripcion.plan, pago.plan),
          'periodo', coalesce(suscripcion.periodo, pago.periodo),
          'demos', (
            select count(*) from public.reservas r where r.user_id = pagina.id and r.status = 'confirmada'
          ),
          'suscripciones_vivas', (
            select coalesce(jsonb_agg(jsonb_build_object('plan', s.plan, 'periodo', s.periodo) order by s.created_at desc), '[]'::jsonb)
            from public.suscripciones s
            where s.user_id = pagina.id and s.status not in ('canceled', 'incomplete_expired')
          )
        )
        order by pagina.full_name, pagina.id
      )
      from (
        select u.id, u.full_name, u.email, u.phone, u.role, u.created_at as alta,
          case when a.email_confirmed_at is null then a.invited_at end as invitado_en,
          (a.email_confirmed_at is null and a.invited_at is null) as sin_confirmar
        from public.usuarios u
        left join auth.users a on a.id = u.id
        where (patron is null or u.busqueda like patron)
          and (not solo_pendientes or (a.invited_at is not null and a.email_confirmed_at is null))
        order by u.full_name, u.id
        offset greatest(desde, 0) limit least(greatest(cuantos, 0), 100)
      ) pagina
      left join lateral (
        select s.plan, s.periodo from public.suscripciones s
        where s.user_id = pagina.id and s.status not in ('canceled', 'incomplete_expired')
        order by s.created_at desc limit 1
      ) suscripcion on true
      left join lateral (
        select p.plan, p.periodo from public.pagos p
        where p.user_id = pagina.id and p.status = 'paid'
        order by p.created_at desc limit 1
      ) pago on true
    ), '[]'::jsonb)
  );
end;
$$;
