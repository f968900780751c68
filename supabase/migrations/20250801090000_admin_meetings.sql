-- Admin bookings (issue 21): searches that ignore accents, filters by status and date, and the CSV export.
--
-- 1. `garcia` must find 'García' and `jose` 'José'. The searched columns are stored lower-cased and
--    without accents (unaccent, which Supabase offers in the extensions schema), and the term goes
--    through the same function, so one trigram index still serves every search. unaccent() is only
--    STABLE (its dictionary could change), and a generated column needs an IMMUTABLE expression: the
--    wrapper names the dictionary explicitly and is declared immutable, the usual way round; changing
--    the dictionary would need the columns rebuilt, and we never change it.
-- 2. The bookings list takes a status and a date range. With no filter at all it still reads the kept
--    row count; with one, it counts the matches (the status and date index, or the trigram index).
-- 3. The export reads in keyset pages of up to 1,000 rows (fecha, hora, id, newest first), so a large
--    export costs the same per row from the first page to the last, which OFFSET would not.

create extension if not exists unaccent with schema extensions;

create or replace function private.plano(texto text)
returns text
language sql
immutable
parallel safe
strict
set search_path = ''
as $$
  select lower(extensions.unaccent('extensions.unaccent'::regdictionary, texto));
$$;
-- The generated columns call it as whoever writes the row: a client editing their profile, the server.
revoke all on function private.plano(text) from public;
grant usage on schema private to authenticated, service_role;
grant execute on function private.plano(text) to authenticated, service_role;

alter table public.reservas drop column busqueda;
alter table public.reservas
  add column busqueda text generated always as (private.plano(nombre || ' ' || email || ' ' || coalesce(motivo, ''))) stored;
create index reservas_busqueda_trgm on public.reservas using gin (busqueda extensions.gin_trgm_ops);

alter table public.usuarios drop column busqueda;
alter table public.usuarios
  add column busqueda text generated always as (private.plano(coalesce(full_name, '') || ' ' || coalesce(email, ''))) stored;
create index usuarios_busqueda_trgm on public.usuarios using gin (busqueda extensions.gin_trgm_ops);

-- Newest first with a tie-breaker: cancelled bookings may share a slot, and pages must not overlap.
drop index public.reservas_fecha_hora;
create index reservas_fecha_hora on public.reservas (fecha desc, hora desc, id desc);
create index reservas_status_fecha_hora on public.reservas (status, fecha desc, hora desc, id desc);

drop function public.admin_reservas(text, integer, integer);

-- { total, rows }: the bookings matching the search term and filters (all when empty), newest first.
create function public.admin_reservas(
  termino text,
  desde integer,
  cuantos integer,
  estado text default null,
  fecha_desde date default null,
  fecha_hasta date default null
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
  sin_filtros boolean := patron is null and estado is null and fecha_desde is null and fecha_hasta is null;
begin
  perform public.require_admin();
  return jsonb_build_object(
    'total', case
      when sin_filtros then (select c.row_count from private.row_counts c where c.table_name = 'reservas')
      else (
        select count(*) from public.reservas r
        where (patron is null or r.busqueda like patron)
          and (estado is null or r.status = estado)
          and (fecha_desde is null or r.fecha >= fecha_desde)
          and (fecha_hasta is null or r.fecha <= fecha_hasta)
      )
    end,
    'rows', coalesce((
      select jsonb_agg(to_jsonb(pagina) order by pagina.fecha desc, pagina.hora desc, pagina.id desc)
      from (
        select r.id, r.fecha, r.hora, r.nombre, r.email, r.motivo, r.status, r.meet_url
        from public.reservas r
        where (patron is null or r.busqueda like patron)
          and (estado is null or r.status = estado)
          and (fecha_desde is null or r.fecha >= fecha_desde)
          and (fecha_hasta is null or r.fecha <= fecha_hasta)
        order by r.fecha desc, r.hora desc, r.id desc
        offset greatest(desde, 0) limit least(greatest(cuantos, 0), 100)
      ) pagina
    ), '[]'::jsonb)
  );
end;
$$;

-- The next page of the export: the rows after (tras_fecha, tras_hora, tras_id) in the list's order.
create function public.admin_reservas_exportar(
  termino text,
  cuantos integer,
  estado text default null,
  fecha_desde date default null,
  fecha_hasta date default null,
  tras_fecha date default null,
  tras_hora time default null,
  tras_id uuid default null
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
begin
  perform public.require_admin();
  return coalesce((
    select jsonb_agg(to_jsonb(pagina) order by pagina.fecha desc, pagina.hora desc, pagina.id desc)
    from (
      select r.id, r.fecha, r.hora, r.nombre, r.email, r.motivo, r.status, r.meet_url, r.created_at
      from public.reservas r
      where (patron is null or r.busqueda like patron)
        and (estado is null or r.status = estado)
        and (fecha_desde is null or r.fecha >= fecha_desde)
        and (fecha_hasta is null or r.fecha <= fecha_hasta)
        and (tras_id is null or (r.fecha, r.hora, r.id) < (tras_fecha, tras_hora, tras_id))
      order by r.fecha desc, r.hora desc, r.id desc
      limit least(greatest(cuantos, 0), 1000)
    ) pagina
  ), '[]'::jsonb);
end;
$$;

-- { total, rows }: the users matching `termino` (all when empty), by full_name.
create or replace function public.admin_usuarios(termino text, desde integer, cuantos integer)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
set plan_cache_mode = force_custom_plan
as $$
declare
  patron text := case when coalesce(termino, '') = '' then null else private.plano(public.contains_pattern(termino)) end;
begin
  perform public.require_admin();
  return jsonb_build_object(
    'total', (select count(*) from public.usuarios u where patron is null or u.busqueda like patron),
    'rows', coalesce((
      select jsonb_agg(to_jsonb(pagina) order by pagina.full_name, pagina.id)
      from (
        select u.id, u.full_name, u.email, u.phone, u.role
        from public.usuarios u
        where patron is null or u.busqueda like patron
        order by u.full_name, u.id
        offset greatest(desde, 0) limit least(greatest(cuantos, 0), 100)
      ) pagina
    ), '[]'::jsonb)
  );
end;
$$;

revoke all on function public.admin_reservas(text, integer, integer, text, date, date),
  public.admin_reservas_exportar(text, integer, text, date, date, date, time, uuid) from public, anon;
grant execute on function public.admin_reservas(text, integer, integer, text, date, date),
  public.admin_reservas_exportar(text, integer, text, date, date, date, time, uuid) to authenticated, service_role;
