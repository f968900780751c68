-- Issue 17: each booking's calendar invitation carries a SEQUENCE (RFC 5545 §3.8.7.4), the version number
-- calendar apps compare to tell a newer invitation from an older one; a version not newer than the one they
-- hold is ignored. RFC 5546 raises it with every revision of the meeting, a new date or time and a
-- cancellation (§3.2.5) alike. The database raises it itself, whoever writes the row (the server, the
-- cancellation of a deleted user's meetings), and nobody can set it by hand, so it never goes back.
alter table public.reservas add column secuencia integer not null default 0;

comment on column public.reservas.secuencia is
  'SEQUENCE of the calendar invitation: raised by the database on every change of fecha, hora or status.';

create or replace function public.set_booking_sequence()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.secuencia := 0;
  elsif (new.fecha, new.hora, new.status) is distinct from (old.fecha, old.hora, old.status) then
    new.secuencia := old.secuencia + 1;
  else
    new.secuencia := old.secuencia;
  end if;
  return new;
end;
$$;

revoke execute on function public.set_booking_sequence() from public, anon, authenticated;

create trigger reservas_secuencia before insert or update on public.reservas
  for each row execute function public.set_booking_sequence();
