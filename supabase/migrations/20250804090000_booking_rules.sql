-- Ajustes (issue 21): the booking rules are data, changed by admins in /admin/ajustes, and every booking
-- path reads them: the site's slot picker, the portal's reschedule, the admin's bookings and, last, this
-- database, which refuses a booking made or moved against them whoever writes it. The defaults are the
-- spec's (SPEC §9 and issue 18's limits), pinned to app/lib/booking.ts's defaultBookingRules by a test.
--
-- A rule binds a booking when it is made or moved: a date blocked or an hour dropped later leaves the
-- bookings already there alone (the admin sees them and decides), and a client or user deletion that
-- touches such a booking is never refused for it.

create function private.horas_de_media_hora(horas time[])
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(bool_and(extract(minute from h) in (0, 30) and extract(second from h) = 0), false)
    from unnest(horas) as h;
$$;

create table public.reglas_reservas (
  -- One row: the rules in force.
  id boolean primary key default true check (id),
  -- ISO weekdays, 1 = lunes … 7 = domingo.
  dias smallint[] not null default '{1,2,3,4,5}'
    check (cardinality(dias) between 1 and 7 and dias <@ '{1,2,3,4,5,6,7}'),
  horas time[] not null default '{10:00,10:30,11:00,11:30,12:00,12:30,13:00,13:30}'
    check (cardinality(horas) between 1 and 48 and private.horas_de_media_hora(horas)),
  horizonte_dias integer not null default 90 check (horizonte_dias between 1 and 365),
  antelacion_horas integer not null default 0 check (antelacion_horas between 0 and 168),
  maximo_pendientes integer not null default 3 check (maximo_pendientes between 1 and 20),
  updated_at timestamptz not null default now()
);

insert into public.reglas_reservas default values;

create table public.bloqueos_reservas (
  id uuid primary key default gen_random_uuid(),
  desde date not null,
  hasta date not null,
  motivo text not null check (char_length(btrim(motivo)) between 1 and 200),
  creado_por uuid default auth.uid() references public.usuarios (id) on delete set null,
  created_at timestamptz not null default now(),
  check (hasta >= desde and hasta - desde <= 366)
);

create index bloqueos_reservas_hasta on public.bloqueos_reservas (hasta, desde);

-- Who changed what and when: written by the triggers below, whoever changes a rule.
create table public.cambios_ajustes (
  id bigint generated always as identity primary key,
  autor uuid references public.usuarios (id) on delete set null,
  tipo text not null check (tipo in ('reglas', 'bloqueo_creado', 'bloqueo_eliminado')),
  antes jsonb,
  despues jsonb,
  created_at timestamptz not null default now()
);

create index cambios_ajustes_recientes on public.cambios_ajustes (created_at desc, id desc);

create function private.registrar_cambio_ajustes()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  antes jsonb := case when tg_op in ('UPDATE', 'DELETE') then to_jsonb(old) - 'id' - 'updated_at' - 'created_at' end;
  despues jsonb := case when tg_op in ('UPDATE', 'INSERT') then to_jsonb(new) - 'id' - 'updated_at' - 'created_at' end;
begin
  if tg_op = 'UPDATE' and antes = despues then
    return new;
  end if;
  insert into public.cambios_ajustes (autor, tipo, antes, despues)
  values (
    auth.uid(),
    case
      when tg_table_name = 'reglas_reservas' then 'reglas'
      when tg_op = 'INSERT' then 'bloqueo_creado'
      else 'bloqueo_eliminado'
    end,
    antes,
    despues
  );
  return coalesce(new, old);
end;
$$;

revoke execute on function private.registrar_cambio_ajustes() from public, anon, authenticated;

create trigger reglas_reservas_updated_at before update on public.reglas_reservas
  for each row execute function public.set_updated_at();
create trigger reglas_reservas_cambios after update on public.reglas_reservas
  for each row execute function private.registrar_cambio_ajustes();
create trigger bloqueos_reservas_cambios after insert or delete on public.bloqueos_reservas
  for each row execute function private.registrar_cambio_ajustes();

alter table public.reglas_reservas enable row level security;
alter table public.bloqueos_reservas enable row level security;
alter table public.cambios_ajustes enable row level security;

-- Which days and hours can be booked is what the site shows every visitor.
create policy "reglas_reservas: everyone reads" on public.reglas_reservas
  for select to anon, authenticated
  using (true);
create policy "reglas_reservas: admins update" on public.reglas_reservas
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

-- A block's reason is internal (someone's holiday); the booking paths read the dates with the service role.
create policy "bloqueos_reservas: admins read" on public.bloqueos_reservas
  for select to authenticated
  using ((select public.is_admin()));
create policy "bloqueos_reservas: admins add as themselves" on public.bloqueos_reservas
  for insert to authenticated
  with check ((select public.is_admin()) and creado_por = (select auth.uid()));
create policy "bloqueos_reservas: admins delete" on public.bloqueos_reservas
  for delete to authenticated
  using ((select public.is_admin()));

create policy "cambios_ajustes: admins read" on public.cambios_ajustes
  for select to authenticated
  using ((select public.is_admin()));

revoke all on public.reglas_reservas, public.bloqueos_reservas, public.cambios_ajustes from anon, authenticated;
grant select on public.reglas_reservas to anon, authenticated;
grant update (dias, horas, horizonte_dias, antelacion_horas, maximo_pendientes) on public.reglas_reservas to authenticated;
grant select, delete on public.bloqueos_reservas to authenticated;
grant insert (desde, hasta, motivo) on public.bloqueos_reservas to authenticated;
grant select on public.cambios_ajustes to authenticated;

-- The weekday and hour now come from the rules, checked when a booking is made or moved.
alter table public.reservas
  drop constraint reservas_dia_laborable,
  drop constraint reservas_hora_valida,
  add constraint reservas_hora_en_media_hora check (private.horas_de_media_hora(array[hora]));

create or replace function public.check_booking_limits()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  today date := (now() at time zone 'Europe/Madrid')::date;
  reglas public.reglas_reservas;
  upcoming integer;
  made_or_moved boolean := tg_op = 'INSERT'
    or old.status <> 'confirmada'
    or (new.fecha, new.hora) is distinct from (old.fecha, old.hora);
begin
  if new.status <> 'confirmada' then
    return new;
  end if;
  select * into strict reglas from public.reglas_reservas;
  -- The past is history (and what the volume seed writes); the rules are about what can still be booked.
  if made_or_moved and new.fecha >= today then
    if new.fecha > today + reglas.horizonte_dias then
      raise exception 'reservas_horizonte: solo se puede reservar hasta el %', today + reglas.horizonte_dias
        using errcode = '23514';
    end if;
    if extract(isodow from new.fecha)::smallint <> all (reglas.dias) or new.hora <> all (reglas.horas) then
      raise exception 'reservas_fuera_de_horario: % a las % no es un hueco reservable', new.fecha, new.hora
        using errcode = '23514';
    end if;
    if exists (select 1 from public.bloqueos_reservas b where new.fecha between b.desde and b.hasta) then
      raise exception 'reservas_dia_bloqueado: el % no admite reservas', new.fecha
        using errcode = '23514';
    end if;
    if (new.fecha + new.hora) at time zone 'Europe/Madrid' <= now() + make_interval(hours => reglas.antelacion_horas) then
      raise exception 'reservas_antelacion: se necesita una antelación de % horas', reglas.antelacion_horas
        using errcode = '23514';
    end if;
  end if;
  if new.user_id is not null and new.fecha >= today
    and (tg_op = 'INSERT' or old.status <> 'confirmada' or new.user_id is distinct from old.user_id or old.fecha < today) then
    -- One client's bookings one at a time: the count below must see the other request's row.
    perform pg_advisory_xact_lock(hashtextextended('reservas_por_cliente:' || new.user_id::text, 0));
    select count(*) into upcoming
      from public.reservas
     where user_id = new.user_id
       and status = 'confirmada'
       and fecha >= today
       and id <> new.id;
    if upcoming >= reglas.maximo_pendientes then
      raise exception 'reservas_maximo_pendientes: ya hay % reuniones pendientes', upcoming
        using errcode = '23514';
    end if;
  end if;
  return new;
end;
$$;
