-- Support from the portal (issue 22): a signed-in client opens a request in /dashboard/soporte and
-- follows it as a thread. A request is one more kind of inbox item (form_type 'soporte'), so the
-- team works on it in /admin/soporte like every other message (issue 21).
--
-- Unlike the public forms, which only our server writes (issue 18), a client writes their requests
-- and follow-ups through the API as themselves, so RLS decides: a request is always the caller's,
-- names the caller's own assistant or none, and carries the caller's real name and address whatever
-- was sent (the team's replies go to that address). A client reads their own requests and the
-- replies on them, never the team's internal notes. The database also caps how fast one client can
-- write, so the inbox cannot be flooded by calling the API directly.

alter table public.form_submissions drop constraint form_submissions_form_type_check;
alter table public.form_submissions
  add constraint form_submissions_form_type_check
    check (form_type in ('Contacto General', 'Contacto Sobre KIA', 'investor_contact', 'soporte')),
  add column solicitante uuid default auth.uid() references public.usuarios (id) on delete cascade,
  add column asistente_id uuid references public.asistentes (id) on delete set null,
  add constraint form_submissions_soporte_has_client check ((form_type = 'soporte') = (solicitante is not null));

create index form_submissions_solicitante on public.form_submissions (solicitante, created_at desc)
  where solicitante is not null;

-- A request's subject is searched too.
alter table public.form_submissions drop column busqueda;
alter table public.form_submissions
  add column busqueda text generated always as (
    private.plano(
      coalesce(data ->> 'name', data ->> 'fullName', '') || ' ' || coalesce(data ->> 'email', '') || ' ' ||
      coalesce(data ->> 'entity', '') || ' ' || coalesce(data ->> 'subject', '') || ' ' ||
      coalesce(data ->> 'message', '')
    )
  ) stored;
create index form_submissions_busqueda_trgm on public.form_submissions using gin (busqueda extensions.gin_trgm_ops);

-- Requests a client may open in an hour, and follow-ups they may write in one.
create function private.limites_soporte()
returns table (solicitudes_por_hora integer, mensajes_por_hora integer)
language sql
immutable
set search_path = ''
as $$
  select 10, 30;
$$;

create function private.preparar_solicitud_soporte()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  perfil record;
begin
  if new.form_type <> 'soporte' then
    return new;
  end if;
  select coalesce(nullif(btrim(u.full_name), ''), u.email) as nombre, u.email
    into perfil
    from public.usuarios u where u.id = new.solicitante;
  if perfil is null then
    raise exception 'soporte_sin_perfil: el solicitante no existe' using errcode = '23503';
  end if;
  if new.asistente_id is not null and not exists (
    select 1 from public.asistentes a where a.id = new.asistente_id and a.user_id = new.solicitante
  ) then
    raise exception 'soporte_asistente_ajeno: el asistente no es del solicitante' using errcode = '23514';
  end if;
  if (
    select count(*) from public.form_submissions f
    where f.solicitante = new.solicitante and f.created_at > now() - interval '1 hour'
  ) >= (select solicitudes_por_hora from private.limites_soporte()) then
    raise exception 'soporte_limite: demasiadas solicitudes en una hora' using errcode = '23514';
  end if;
  new.data := new.data || jsonb_build_object('name', perfil.nombre, 'email', perfil.email);
  return new;
end;
$$;

create trigger form_submissions_preparar_solicitud_soporte
  before insert on public.form_submissions
  for each row execute function private.preparar_solicitud_soporte();

create policy "form_submissions: clientes read their own requests" on public.form_submissions
  for select to authenticated
  using (solicitante = (select auth.uid()));

-- status and assignee are not granted for insert: a new request is 'nueva' and nobody's.
create policy "form_submissions: clientes open their own requests" on public.form_submissions
  for insert to authenticated
  with check (form_type = 'soporte' and solicitante = (select auth.uid()));

grant insert (form_type, data, asistente_id) on public.form_submissions to authenticated;

-- The thread: a client's own messages are 'cliente' events.
alter table public.form_submission_events drop constraint form_submission_events_kind_check;
alter table public.form_submission_events
  add constraint form_submission_events_kind_check check (kind in ('nota', 'respuesta', 'cliente'));

create function private.es_solicitud_propia(solicitud uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.form_submissions f where f.id = solicitud and f.solicitante = auth.uid()
  );
$$;

revoke all on function private.es_solicitud_propia(uuid) from public;
grant execute on function private.es_solicitud_propia(uuid) to authenticated;

drop policy "form_submission_events: admins write their own" on public.form_submission_events;
create policy "form_submission_events: admins write their own" on public.form_submission_events
  for insert to authenticated
  with check ((select public.is_admin()) and kind in ('nota', 'respuesta') and author = (select auth.uid()));

create policy "form_submission_events: clientes read replies to their requests" on public.form_submission_events
  for select to authenticated
  using (kind in ('respuesta', 'cliente') and private.es_solicitud_propia(submission_id));

create policy "form_submission_events: clientes write on their requests" on public.form_submission_events
  for insert to authenticated
  with check (kind = 'cliente' and author = (select auth.uid()) and private.es_solicitud_propia(submission_id));

create function private.limitar_mensajes_cliente()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.kind = 'cliente' and (
    select count(*) from public.form_submission_events e
    where e.author = new.author and e.kind = 'cliente' and e.created_at > now() - interval '1 hour'
  ) >= (select mensajes_por_hora from private.limites_soporte()) then
    raise exception 'soporte_limite: demasiados mensajes en una hora' using errcode = '23514';
  end if;
  return new;
end;
$$;

create trigger form_submission_events_limitar_mensajes_cliente
  before insert on public.form_submission_events
  for each row execute function private.limitar_mensajes_cliente();

-- Anything new on the thread is activity; a client writing again on a resolved request reopens it,
-- for whoever has it or, if nobody does, as a new item.
create function private.actividad_soporte()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- status is set only when it changes: setting it fires the assignee check, which a note must not
  -- depend on (an assignee may have stopped being an admin since).
  if new.kind = 'cliente' then
    update public.form_submissions f
      set status = case when f.assignee is null then 'nueva' else 'en_curso' end
      where f.id = new.submission_id and f.status = 'resuelta';
  end if;
  update public.form_submissions f set updated_at = now() where f.id = new.submission_id;
  return null;
end;
$$;

create trigger form_submission_events_actividad_soporte
  after insert on public.form_submission_events
  for each row execute function private.actividad_soporte();

-- The inbox's list shows a request's subject before its message.
create or replace function public.admin_soporte(
  termino text,
  desde integer,
  cuantos integer,
  estado text default null,
  tipo text default null,
  asignado uuid default null,
  sin_asignar boolean default false
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
  return jsonb_build_object(
    'total', (
      select count(*) from public.form_submissions f
      where (patron is null or f.busqueda like patron)
        and (estado is null or f.status = estado)
        and (tipo is null or f.form_type = tipo)
        and (asignado is null or f.assignee = asignado)
        and (not coalesce(sin_asignar, false) or f.assignee is null)
    ),
    'rows', coalesce((
      select jsonb_agg(to_jsonb(pagina) order by pagina.created_at desc, pagina.id desc)
      from (
        select f.id, f.form_type, f.created_at, f.status,
          coalesce(f.data ->> 'name', f.data ->> 'fullName') as nombre,
          f.data ->> 'email' as email,
          left(coalesce((f.data ->> 'subject') || ' · ', '') || coalesce(f.data ->> 'message', ''), 160) as extracto,
          f.assignee,
          a.full_name as asignado_nombre
        from public.form_submissions f
        left join public.usuarios a on a.id = f.assignee
        where (patron is null or f.busqueda like patron)
          and (estado is null or f.status = estado)
          and (tipo is null or f.form_type = tipo)
          and (asignado is null or f.assignee = asignado)
          and (not coalesce(sin_asignar, false) or f.assignee is null)
        order by f.created_at desc, f.id desc
        offset greatest(desde, 0) limit least(greatest(cuantos, 0), 100)
      ) pagina
    ), '[]'::jsonb)
  );
end;
$$;
