-- Invitations (issue 21): the users list shows who was invited and has not accepted yet, and can show
-- only them. Whether an invitation is pending is auth's fact (invited_at set, e-mail not confirmed: the
-- invitation link confirms it), so the list reads it from auth.users rather than copying it into the
-- profile, where it could drift. The function is security definer, so only it reads auth.users.

drop function public.admin_usuarios(text, integer, integer);

create function public.admin_usuarios(
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
      select jsonb_agg(to_jsonb(pagina) order by pagina.full_name, pagina.id)
      from (
        select u.id, u.full_name, u.email, u.phone, u.role,
          case when a.email_confirmed_at is null then a.invited_at end as invitado_en
        from public.usuarios u
        left join auth.users a on a.id = u.id
        where (patron is null or u.busqueda like patron)
          and (not solo_pendientes or (a.invited_at is not null and a.email_confirmed_at is null))
        order by u.full_name, u.id
        offset greatest(desde, 0) limit least(greatest(cuantos, 0), 100)
      ) pagina
    ), '[]'::jsonb)
  );
end;
$$;

revoke all on function public.admin_usuarios(text, integer, integer, boolean) from public, anon;
grant execute on function public.admin_usuarios(text, integer, integer, boolean) to authenticated, service_role;
