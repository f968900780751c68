-- Issue 18, finding 1: a confirmed account booked 9999-12-31 and 2099-01-05 and kept several demos at once;
-- the only brake was the per-address form limit. The server checks both limits before it writes; the
-- database refuses them too, whoever writes, and serialises one client's bookings so two concurrent requests
-- cannot both slip under the maximum. The numbers are app/lib/booking.ts's bookingLimits (a test pins them).
create or replace function public.check_booking_limits()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  today date := (now() at time zone 'Europe/Madrid')::date;
  upcoming integer;
begin
  if new.status <> 'confirmada' then
    return new;
  end if;
  if new.fecha > today + 90 then
    raise exception 'reservas_horizonte: solo se puede reservar hasta el %', today + 90
      using errcode = '23514';
  end if;
  if new.user_id is not null and new.fecha >= today then
    -- One client's bookings one at a time: the count below must see the other request's row.
    perform pg_advisory_xact_lock(hashtextextended('reservas_por_cliente:' || new.user_id::text, 0));
    select count(*) into upcoming
      from public.reservas
     where user_id = new.user_id
       and status = 'confirmada'
       and fecha >= today
       and id <> new.id;
    if upcoming >= 3 then
      raise exception 'reservas_maximo_pendientes: ya hay % reuniones pendientes', upcoming
        using errcode = '23514';
    end if;
  end if;
  return new;
end;
$$;

revoke execute on function public.check_booking_limits() from public, anon, authenticated;

create trigger reservas_limits before insert or update of fecha, hora, status, user_id on public.reservas
  for each row execute function public.check_booking_limits();
