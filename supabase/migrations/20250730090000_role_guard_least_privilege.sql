-- Issue 18, finding 7: the role guard trusted any caller whose JWT claims carried no role, as if it were a
-- migration. PostgREST always sets one, so this is hardening: only a service_role JWT, or SQL run with no API
-- request at all (migrations, the dashboard's SQL editor) under no API role, is trusted; a request whose
-- claims lack a role is the least privileged caller there is.
create or replace function public.guard_usuarios_role()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  -- `role` is the session's SET ROLE (anon or authenticated under PostgREST), unchanged by security definer.
  api_role text := coalesce(current_setting('role', true), 'none');
  trusted boolean := auth.role() is not distinct from 'service_role'
    or (auth.jwt() is null and api_role not in ('anon', 'authenticated'));
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

revoke execute on function public.guard_usuarios_role() from public, anon, authenticated;
