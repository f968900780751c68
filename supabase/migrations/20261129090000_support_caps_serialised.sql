-- Issue 50: the support caps counted a client's rows and then inserted, with nothing to stop two of that
-- client's requests counting at once: on a PostgreSQL server, eight requests sent together stored 19 against
-- a cap of 10, and four bulk inserts of follow-ups stored 117 against 30. Each count now first takes the
-- client's advisory lock (held to the end of the transaction, as the bookings' limit does), so a second
-- insert waits for the first to commit or roll back and its count, taken after the wait, sees that row.

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
  if (
    select count(*) from public.form_submission_events e
    where e.author = new.author and e.kind = 'cliente' and e.created_at > now() - interval '1 hour'
  ) >= (select mensajes_por_hora from private.limites_soporte()) then
    raise exception 'soporte_limite: demasiados mensajes en una hora' using errcode = '23514';
  end if;
  return new;
end;
$$;
