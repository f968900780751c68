-- Issue 64, finding 11: three grants and one check that were wider than anything needs.

-- The role guard trusted the request's JWT claims (auth.role()), which are only a setting: any code that runs SQL
-- as `authenticated` can write `request.jwt.claims` with set_config and claim to be the service role. Who runs the
-- statement is what SET ROLE made it, which only a member of that role can choose, so the function now runs as
-- its caller and asks current_user first. The claims still count against a caller: a function that runs as its
-- owner on behalf of a signed-in user carries that user's claims, and is not trusted for it. As its caller the
-- guard reads usuarios under RLS, which lets the admins it allows (and only they) count every admin.
create or replace function public.guard_usuarios_role()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
declare
  trusted boolean := current_user not in ('anon', 'authenticated')
    and (auth.jwt() is null or auth.role() is not distinct from 'service_role');
begin
  if new.role is distinct from old.role and not trusted then
    if not public.is_admin() then
      raise exception 'Solo un administrador puede cambiar el rol de un usuario'
        using errcode = '42501';
    end if;
    if old.id = auth.uid() then
      raise exception 'Un administrador no puede cambiar su propio rol'
        using errcode = '42501';
    end if;
  end if;
  if old.role = 'admin' and new.role <> 'admin'
     and not exists (select 1 from public.usuarios where role = 'admin' and id <> old.id) then
    raise exception 'Debe quedar al menos un administrador'
      using errcode = 'P0001';
  end if;
  return new;
end;
$$;

-- Supabase's default privileges give anon and authenticated every sequence of public. The only one, of
-- cambios_ajustes' identity, is advanced by the settings' audit trigger, which runs as its owner; nobody calls
-- nextval or setval on it through the API. Later sequences are the server's until a migration grants them.
revoke all on all sequences in schema public from anon, authenticated;
alter default privileges in schema public revoke all on sequences from anon, authenticated;

-- The functions of private made before the global default was revoked kept PostgreSQL's EXECUTE for PUBLIC.
-- limites_soporte() is read only by the support triggers, which run as their owner, and a trigger runs its
-- function without checking EXECUTE. horas_de_media_hora() is different: a CHECK constraint's function is checked
-- against whoever writes the row: admins write the booking rules as themselves, the server the bookings.
revoke execute on function
  private.limites_soporte(),
  private.actividad_soporte(),
  private.assignee_is_admin(),
  private.count_rows(),
  private.limitar_mensajes_cliente(),
  private.preparar_solicitud_soporte(),
  private.horas_de_media_hora(time[])
from public, anon, authenticated;
grant execute on function private.horas_de_media_hora(time[]) to authenticated, service_role;
