-- Issue 18, finding 9: a deleted user's confirmed meetings kept holding their slots (user_id became null,
-- status stayed 'confirmada'). The admin action cancels them first, with the calendar and the e-mails; this
-- trigger makes the database do the same for a deletion made anywhere else (the Supabase dashboard, the auth
-- admin API), so no slot is ever held by an account that no longer exists. Past meetings stay as they were:
-- they are the company's history.
create or replace function public.cancel_meetings_of_deleted_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.reservas
     set status = 'cancelada'
   where user_id = old.id
     and status = 'confirmada'
     and fecha >= (now() at time zone 'Europe/Madrid')::date;
  return old;
end;
$$;

revoke execute on function public.cancel_meetings_of_deleted_user() from public, anon, authenticated;

create trigger on_auth_user_deleted_cancel_meetings before delete on auth.users
  for each row execute function public.cancel_meetings_of_deleted_user();
