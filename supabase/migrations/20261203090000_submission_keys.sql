-- Issue 66: a write whose answer was lost (the database stalled past the request's wait) may still commit, and a
-- visitor who sends the form again made a second inbox item, a second support request, a second e-mail. Each
-- submission of a form now carries a key (the page's key for that form and what was sent: app/.server/http/
-- submission-key.ts), stored with what it made; a repeated submission meets the first one's key and is not stored
-- again (insert … on conflict (clave) do nothing). A row not inserted fires no after-insert trigger, so the work
-- queue enqueues no second e-mail.
--
-- A key is unique across everyone's rows, so a client writing through the API could take another's key first and
-- have that person's request silently dropped: a client's key starts with their own id. The server's (the public
-- forms, written with the service role) start with the form's type.

alter table public.form_submissions
  add column clave text unique check (char_length(clave) <= 200);
alter table public.form_submission_events
  add column clave text unique check (char_length(clave) <= 200);

drop policy "form_submissions: clientes open their own requests" on public.form_submissions;
create policy "form_submissions: clientes open their own requests" on public.form_submissions
  for insert to authenticated
  with check (
    form_type = 'soporte' and solicitante = (select auth.uid())
    and (clave is null or starts_with(clave, (select auth.uid())::text || ':'))
  );

drop policy "form_submission_events: admins write their own" on public.form_submission_events;
create policy "form_submission_events: admins write their own" on public.form_submission_events
  for insert to authenticated
  with check (
    (select public.is_admin()) and kind in ('nota', 'respuesta') and author = (select auth.uid())
    and (clave is null or starts_with(clave, (select auth.uid())::text || ':'))
  );

drop policy "form_submission_events: clientes write on their requests" on public.form_submission_events;
create policy "form_submission_events: clientes write on their requests" on public.form_submission_events
  for insert to authenticated
  with check (
    kind = 'cliente' and author = (select auth.uid()) and private.es_solicitud_propia(submission_id)
    and (clave is null or starts_with(clave, (select auth.uid())::text || ':'))
  );

grant insert (clave) on public.form_submissions to authenticated;
grant insert (clave) on public.form_submission_events to authenticated;

-- Before-insert triggers run before the conflict is found: a repeat of a request already stored must not be
-- counted against the client's hourly cap (the first may have been the last one allowed), so it is let through
-- to meet its key. Only the cap is skipped; the rest of the preparation runs as for any row.
create or replace function private.preparar_solicitud_soporte()
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
  perform pg_advisory_xact_lock(hashtextextended('soporte_solicitudes:' || new.solicitante::text, 0));
  if not exists (select 1 from public.form_submissions f where f.clave = new.clave) and (
    select count(*) from public.form_submissions f
    where f.solicitante = new.solicitante and f.created_at > now() - interval '1 hour'
  ) >= (select solicitudes_por_hora from private.limites_soporte()) then
    raise exception 'soporte_limite: demasiadas solicitudes en una hora' using errcode = '23514';
  end if;
  new.data := new.data || jsonb_build_object('name', perfil.nombre, 'email', perfil.email);
  return new;
end;
$$;

create or replace function private.limitar_mensajes_cliente()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.kind <> 'cliente' then
    return new;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('soporte_mensajes:' || new.author::text, 0));
  if not exists (select 1 from public.form_submission_events e where e.clave = new.clave) and (
    select count(*) from public.form_submission_events e
    where e.author = new.author and e.kind = 'cliente' and e.created_at > now() - interval '1 hour'
  ) >= (select mensajes_por_hora from private.limites_soporte()) then
    raise exception 'soporte_limite: demasiados mensajes en una hora' using errcode = '23514';
  end if;
  return new;
end;
$$;
