-- Issue 66: what must happen after a write (every e-mail, calendar events and meeting links, and later the
-- processing of a client's documents) is a job, recorded in the same transaction as the write and done by a
-- worker (app/.server/jobs). Jobs are claimed with FOR UPDATE SKIP LOCKED, so any number of processes share
-- them; a claim lasts a lease, so a worker that dies mid-job leaves it to another once the lease runs out;
-- a failure is retried with backoff up to a limit, then kept as failed, with its reason, for the admins to see.
-- Decision 017 says how this runs on hosted Supabase.

create table public.trabajos (
  id bigint generated always as identity primary key,
  tipo text not null check (tipo ~ '^[a-z]+(\.[a-z0-9_]+)*$'),
  datos jsonb not null default '{}'::jsonb,
  -- Idempotency: a job is enqueued once per key, however often the write that asks for it is retried.
  clave text unique check (clave is null or char_length(clave) between 1 and 300),
  estado text not null default 'pendiente' check (estado in ('pendiente', 'en_curso', 'hecho', 'fallido')),
  intentos integer not null default 0,
  max_intentos integer not null default 8 check (max_intentos between 1 and 50),
  disponible_desde timestamptz not null default now(),
  reclamado_por text,
  reclamado_hasta timestamptz,
  ultimo_error text check (ultimo_error is null or char_length(ultimo_error) <= 2000),
  created_at timestamptz not null default now(),
  terminado_at timestamptz,
  check ((estado = 'en_curso') = (reclamado_hasta is not null))
);

create index trabajos_pendientes on public.trabajos (disponible_desde) where estado = 'pendiente';
create index trabajos_en_curso on public.trabajos (reclamado_hasta) where estado = 'en_curso';
create index trabajos_hechos on public.trabajos (terminado_at) where estado = 'hecho';
create index trabajos_fallidos on public.trabajos (terminado_at desc) where estado = 'fallido';

alter table public.trabajos enable row level security;
revoke all on public.trabajos from anon, authenticated;
grant select on public.trabajos to authenticated;
create policy "trabajos: admins read" on public.trabajos for select to authenticated using ((select public.is_admin()));

-- Enqueues a job once per key; `espera` delays it (a booking's meeting link, which its request makes first).
create function public.encolar_trabajo(tipo text, datos jsonb, clave text default null, espera interval default '0')
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.trabajos (tipo, datos, clave, disponible_desde)
  values (tipo, coalesce(datos, '{}'::jsonb), clave, now() + espera)
  on conflict (clave) do nothing;
$$;

-- Several at once, as one write: [{tipo, datos, clave}].
create function public.encolar_trabajos(trabajos jsonb)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.trabajos (tipo, datos, clave)
  select t ->> 'tipo', coalesce(t -> 'datos', '{}'::jsonb), t ->> 'clave'
  from jsonb_array_elements(trabajos) as t
  on conflict (clave) do nothing;
$$;

-- Claims up to `cuantos` due jobs (and jobs whose claim ran out: their worker died) for `segundos`. A job
-- reclaimed past its attempts fails instead, with the reason. Jobs done a week ago go.
create function public.reclamar_trabajos(trabajador text, cuantos integer, segundos integer)
returns setof public.trabajos
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.trabajos
  where id in (
    select id from public.trabajos where estado = 'hecho' and terminado_at < now() - interval '7 days' limit 100
  );
  update public.trabajos
  set estado = 'fallido', reclamado_por = null, reclamado_hasta = null, terminado_at = now(),
      ultimo_error = coalesce(ultimo_error || ' · ', '') || 'el trabajador dejó de responder'
  where id in (
    select id from public.trabajos
    where estado = 'en_curso' and reclamado_hasta < now() and intentos >= max_intentos
    for update skip locked
  );
  return query
  update public.trabajos t
  set estado = 'en_curso', reclamado_por = trabajador, reclamado_hasta = now() + make_interval(secs => segundos),
      intentos = t.intentos + 1
  where t.id in (
    select id from public.trabajos
    where (estado = 'pendiente' and disponible_desde <= now()) or (estado = 'en_curso' and reclamado_hasta < now())
    order by disponible_desde, id
    limit greatest(cuantos, 0)
    for update skip locked
  )
  returning t.*;
end;
$$;

-- A worker's jobs still in hand: their claims extended, so a long job is not taken from a live worker.
create function public.renovar_trabajos(trabajador text, ids bigint[], segundos integer)
returns void
language sql
security definer
set search_path = ''
as $$
  update public.trabajos set reclamado_hasta = now() + make_interval(secs => segundos)
  where id = any(ids) and estado = 'en_curso' and reclamado_por = trabajador;
$$;

-- Done; only by the worker that holds it (one whose claim ran out and was taken over reports nothing).
create function public.terminar_trabajo(id bigint, trabajador text)
returns boolean
language sql
security definer
set search_path = ''
as $$
  with hecho as (
    update public.trabajos t
    set estado = 'hecho', reclamado_por = null, reclamado_hasta = null, terminado_at = now(), ultimo_error = null
    where t.id = terminar_trabajo.id and t.estado = 'en_curso' and t.reclamado_por = trabajador
    returning 1
  )
  select exists (select 1 from hecho);
$$;

-- Failed this time: back in the queue after a backoff that doubles from 5 s (up to an hour, with jitter so
-- retries after an outage do not all come back together), or failed for good past its attempts or when
-- `definitivo` (a failure no retry fixes).
create function public.fallar_trabajo(id bigint, trabajador text, error text, definitivo boolean default false)
returns text
language sql
security definer
set search_path = ''
as $$
  update public.trabajos t
  set estado = case when definitivo or t.intentos >= t.max_intentos then 'fallido' else 'pendiente' end,
      reclamado_por = null,
      reclamado_hasta = null,
      terminado_at = case when definitivo or t.intentos >= t.max_intentos then now() end,
      ultimo_error = left(error, 2000),
      disponible_desde = now() + least(interval '1 hour', interval '5 seconds' * power(2, greatest(t.intentos - 1, 0)))
        * (0.8 + random() * 0.4)
  where t.id = fallar_trabajo.id and t.estado = 'en_curso' and t.reclamado_por = trabajador
  returning t.estado;
$$;

-- 'Reintentar' in the back office: a failed job from the start, at once.
create function public.reintentar_trabajo(id bigint)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.require_admin();
  update public.trabajos t
  set estado = 'pendiente', intentos = 0, disponible_desde = now(), terminado_at = null
  where t.id = reintentar_trabajo.id and t.estado = 'fallido';
  return found;
end;
$$;

-- The backlog at a glance, for /readyz and the back office: what waits, how long the oldest due job has
-- waited, what is in hand, what failed.
create function public.estado_cola()
returns json
language sql
stable
security definer
set search_path = ''
as $$
  select json_build_object(
    'pendientes', count(*) filter (where estado = 'pendiente'),
    'vencidos', count(*) filter (where estado = 'pendiente' and disponible_desde <= now()),
    'en_curso', count(*) filter (where estado = 'en_curso'),
    'atascados', count(*) filter (where estado = 'en_curso' and reclamado_hasta < now()),
    'fallidos', count(*) filter (where estado = 'fallido'),
    -- A job whose claim ran out waits again from the moment it did.
    'espera_segundos', coalesce(floor(extract(epoch from now() - least(
      min(disponible_desde) filter (where estado = 'pendiente' and disponible_desde <= now()),
      min(reclamado_hasta) filter (where estado = 'en_curso' and reclamado_hasta < now())
    ))), 0)
  )
  from public.trabajos
  where estado <> 'hecho';
$$;

-- { total, rows, resumen }: the back office's queue page. Without `estado`, every job not done; the search
-- looks in the kind, the template, the data (an e-mail address, say) and the last error.
create function public.admin_trabajos(termino text, desde integer, cuantos integer, estado text default null)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  patron text := case when coalesce(termino, '') = '' then null else public.contains_pattern(termino) end;
begin
  perform public.require_admin();
  return jsonb_build_object(
    'total', (
      select count(*) from public.trabajos t
      where (case when admin_trabajos.estado is null then t.estado <> 'hecho' else t.estado = admin_trabajos.estado end)
        and (patron is null or concat_ws(' ', t.tipo, t.datos::text, t.ultimo_error) ilike patron)
    ),
    'rows', coalesce((
      select jsonb_agg(to_jsonb(pagina) order by pagina.created_at desc, pagina.id desc)
      from (
        select t.id, t.tipo, t.datos ->> 'plantilla' as plantilla, t.estado, t.intentos, t.max_intentos,
          t.disponible_desde, t.reclamado_hasta, t.ultimo_error, t.created_at, t.terminado_at
        from public.trabajos t
        where (case when admin_trabajos.estado is null then t.estado <> 'hecho' else t.estado = admin_trabajos.estado end)
          and (patron is null or concat_ws(' ', t.tipo, t.datos::text, t.ultimo_error) ilike patron)
        order by t.created_at desc, t.id desc
        offset greatest(desde, 0) limit least(greatest(cuantos, 0), 100)
      ) pagina
    ), '[]'::jsonb),
    'resumen', public.estado_cola()
  );
end;
$$;

-- The panel's line about the queue: the same figures /readyz reads, for admins.
create function public.admin_cola()
returns json
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.require_admin();
  return public.estado_cola();
end;
$$;

revoke execute on function
  public.encolar_trabajo(text, jsonb, text, interval),
  public.encolar_trabajos(jsonb),
  public.reclamar_trabajos(text, integer, integer),
  public.renovar_trabajos(text, bigint[], integer),
  public.terminar_trabajo(bigint, text),
  public.fallar_trabajo(bigint, text, text, boolean),
  public.estado_cola()
from public, anon, authenticated;
revoke execute on function
  public.reintentar_trabajo(bigint), public.admin_trabajos(text, integer, integer, text), public.admin_cola()
from public, anon;
grant execute on function
  public.reintentar_trabajo(bigint), public.admin_trabajos(text, integer, integer, text), public.admin_cola()
to authenticated;

-- The outbox: the writes that ask for work enqueue it themselves, in their own transaction ---------------------

-- What a booking's e-mails and calendar event need, as it is at the moment of the change.
create function private.foto_reserva(r public.reservas)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_build_object(
    'id', r.id, 'nombre', r.nombre, 'email', r.email, 'fecha', r.fecha, 'hora', r.hora, 'motivo', r.motivo,
    'secuencia', r.secuencia, 'event_id', r.event_id, 'meet_url', r.meet_url
  );
$$;

create function private.encolar_reserva()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  foto jsonb := private.foto_reserva(new);
  cambio text;
begin
  if tg_op = 'INSERT' then
    -- The request makes the meeting link itself and then enqueues the e-mails (enlazar_reserva); this job, a
    -- little later, does both when the request could not (its process died).
    perform public.encolar_trabajo('reserva.enlace', jsonb_build_object('reserva', new.id),
      'reserva:' || new.id || ':enlace', interval '15 seconds');
    return null;
  end if;
  if old.status = 'confirmada' and new.status = 'cancelada' then
    cambio := 'cancelada';
  elsif new.status = 'confirmada' and (old.fecha, old.hora) is distinct from (new.fecha, new.hora) then
    cambio := 'reprogramada';
    foto := foto || jsonb_build_object('antes', jsonb_build_object('fecha', old.fecha, 'hora', old.hora));
  else
    return null;
  end if;
  perform public.encolar_trabajos(jsonb_build_array(
    jsonb_build_object('tipo', 'reserva.calendario', 'datos', jsonb_build_object('cambio', cambio, 'reserva', foto),
      'clave', 'reserva:' || new.id || ':' || cambio || ':' || new.secuencia || ':calendario'),
    jsonb_build_object('tipo', 'correo', 'datos',
      jsonb_build_object('plantilla', 'reserva.' || cambio || '.cliente', 'reserva', foto),
      'clave', 'reserva:' || new.id || ':' || cambio || ':' || new.secuencia || ':cliente'),
    jsonb_build_object('tipo', 'correo', 'datos',
      jsonb_build_object('plantilla', 'reserva.' || cambio || '.empresa', 'reserva', foto),
      'clave', 'reserva:' || new.id || ':' || cambio || ':' || new.secuencia || ':empresa')
  ));
  return null;
end;
$$;

create trigger reservas_encolar after insert or update of status, fecha, hora on public.reservas
  for each row execute function private.encolar_reserva();

-- A new booking's meeting link, stored once, and its two e-mails enqueued with it. Whoever makes the link first,
-- the request or the job, wins; the other changes nothing. True when this call stored it.
create function public.enlazar_reserva(reserva uuid, enlace text, evento text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  fila public.reservas;
begin
  update public.reservas set meet_url = enlace, event_id = evento
  where id = reserva and meet_url is null
  returning * into fila;
  if not found then
    return false;
  end if;
  perform public.encolar_trabajos(jsonb_build_array(
    jsonb_build_object('tipo', 'correo', 'datos', jsonb_build_object('plantilla', 'reserva.confirmada.cliente',
      'reserva', private.foto_reserva(fila)), 'clave', 'reserva:' || reserva || ':confirmada:cliente'),
    jsonb_build_object('tipo', 'correo', 'datos', jsonb_build_object('plantilla', 'reserva.confirmada.empresa',
      'reserva', private.foto_reserva(fila)), 'clave', 'reserva:' || reserva || ':confirmada:empresa')
  ));
  update public.trabajos set estado = 'hecho', terminado_at = now(), reclamado_por = null, reclamado_hasta = null
  where clave = 'reserva:' || reserva || ':enlace' and estado = 'pendiente';
  return true;
end;
$$;

revoke execute on function public.enlazar_reserva(uuid, text, text) from public, anon, authenticated;
revoke execute on function private.encolar_reserva(), private.foto_reserva(public.reservas) from public, anon, authenticated;

-- Every inbox item is told to the company; every reply of the team to its sender, and every client's message on a
-- support request to the company.
create function private.encolar_buzon()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_table_name = 'form_submissions' then
    perform public.encolar_trabajo('correo', jsonb_build_object('plantilla', 'buzon.aviso', 'envio', new.id),
      'envio:' || new.id || ':aviso');
  elsif new.kind = 'respuesta' then
    perform public.encolar_trabajo('correo', jsonb_build_object('plantilla', 'buzon.respuesta', 'evento', new.id),
      'evento:' || new.id);
  elsif new.kind = 'cliente' then
    perform public.encolar_trabajo('correo', jsonb_build_object('plantilla', 'soporte.mensaje', 'evento', new.id),
      'evento:' || new.id);
  end if;
  return null;
end;
$$;

create trigger form_submissions_encolar after insert on public.form_submissions
  for each row execute function private.encolar_buzon();
create trigger form_submission_events_encolar after insert on public.form_submission_events
  for each row execute function private.encolar_buzon();
revoke execute on function private.encolar_buzon() from public, anon, authenticated;

-- The newsletter. A sign-up keeps the link it was sent while that is less than an hour old, so two sign-ups at
-- once (or one repeated) send links that all work; it gets a new one after that. The link itself is derived by
-- the server from the subscriber and the time it was issued (never stored). One confirmation e-mail waits at a
-- time: sign-ups at once queue one (the upsert's row lock makes them take turns, and each sees the job of the one
-- before it).
alter table public.boletin_suscriptores drop column token_confirmacion;

create function public.suscribir_boletin(correo text)
returns table (id uuid, estado text, confirmacion_enviada_at timestamptz)
language plpgsql
security definer
set search_path = ''
as $$
declare
  fila public.boletin_suscriptores;
begin
  insert into public.boletin_suscriptores as s (email, estado, confirmacion_enviada_at)
  values (lower(correo), 'pendiente', now())
  on conflict (email) do update
  set estado = case when s.estado = 'confirmado' then 'confirmado' else 'pendiente' end,
      baja_at = case when s.estado = 'confirmado' then s.baja_at end,
      confirmacion_enviada_at = case
        when s.estado = 'pendiente' and s.confirmacion_enviada_at > now() - interval '1 hour' then s.confirmacion_enviada_at
        when s.estado = 'confirmado' then s.confirmacion_enviada_at
        else now()
      end
  returning * into fila;
  if fila.estado = 'pendiente' and not exists (
    select 1 from public.trabajos t
    where t.clave like 'boletin:' || fila.id || ':confirmacion:%' and t.estado in ('pendiente', 'en_curso')
  ) then
    perform public.encolar_trabajo('correo',
      jsonb_build_object('plantilla', 'boletin.confirmacion', 'suscriptor', fila.id),
      'boletin:' || fila.id || ':confirmacion:' || floor(extract(epoch from clock_timestamp()) * 1000));
  end if;
  return query select fila.id, fila.estado, fila.confirmacion_enviada_at;
end;
$$;

revoke execute on function public.suscribir_boletin(text) from public, anon, authenticated;

-- A confirmation is an item of the inbox (which tells the company), and the subscriber's welcome e-mail.
create function private.encolar_bienvenida()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.estado = 'confirmado' and old.estado is distinct from 'confirmado' then
    insert into public.form_submissions (form_type, data)
    values ('boletin', jsonb_build_object('email', new.email, 'message', 'Suscripción al boletín confirmada.'));
    perform public.encolar_trabajo('correo', jsonb_build_object('plantilla', 'boletin.bienvenida', 'suscriptor', new.id),
      'boletin:' || new.id || ':bienvenida:' || floor(extract(epoch from new.confirmado_at)));
  end if;
  return null;
end;
$$;

create trigger boletin_suscriptores_bienvenida after update of estado on public.boletin_suscriptores
  for each row execute function private.encolar_bienvenida();
revoke execute on function private.encolar_bienvenida() from public, anon, authenticated;
