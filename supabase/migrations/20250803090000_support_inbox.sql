-- Support inbox (issue 21): every message people send through the site is an item an admin works on
-- in /admin/soporte. An item is a form submission with a status (nueva, en curso, resuelta) and an
-- assignee; its thread holds the internal notes and the e-mail replies sent to the sender.
--
-- Admins write through the API as themselves, so RLS decides: they change an item's status and
-- assignee (nothing else of what was sent) and add to the thread as its author; a cliente or a
-- visitor can do neither. A reply is recorded once our mail transport has accepted it, so the thread
-- shows only what the sender really received.

alter table public.form_submissions
  add column status text not null default 'nueva' check (status in ('nueva', 'en_curso', 'resuelta')),
  add column assignee uuid references public.usuarios (id) on delete set null,
  add column updated_at timestamptz not null default now(),
  -- Who sent it and what they said, lower-cased and without accents, for the inbox's search.
  add column busqueda text generated always as (
    private.plano(
      coalesce(data ->> 'name', data ->> 'fullName', '') || ' ' || coalesce(data ->> 'email', '') || ' ' ||
      coalesce(data ->> 'entity', '') || ' ' || coalesce(data ->> 'message', '')
    )
  ) stored;

create index form_submissions_busqueda_trgm on public.form_submissions using gin (busqueda extensions.gin_trgm_ops);
create index form_submissions_status_created_at on public.form_submissions (status, created_at desc, id desc);
create index form_submissions_assignee on public.form_submissions (assignee) where assignee is not null;

-- Only an admin may be assigned: a cliente is never handed the company's mail.
create function private.assignee_is_admin()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.assignee is not null
    and not exists (select 1 from public.usuarios u where u.id = new.assignee and u.role = 'admin') then
    raise exception 'Solo se puede asignar a un administrador' using errcode = '23514';
  end if;
  new.updated_at := now();
  return new;
end;
$$;

create trigger form_submissions_assignee_is_admin
  before update of status, assignee on public.form_submissions
  for each row execute function private.assignee_is_admin();

create policy "form_submissions: admins update" on public.form_submissions
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

grant update (status, assignee) on public.form_submissions to authenticated;

create table public.form_submission_events (
  id uuid primary key default gen_random_uuid(),
  submission_id uuid not null references public.form_submissions (id) on delete cascade,
  kind text not null check (kind in ('nota', 'respuesta')),
  author uuid default auth.uid() references public.usuarios (id) on delete set null,
  -- A reply's subject; notes have none.
  subject text check (subject is null or char_length(subject) between 1 and 200),
  body text not null check (char_length(btrim(body)) between 1 and 10000),
  created_at timestamptz not null default now(),
  check ((kind = 'respuesta') = (subject is not null))
);

create index form_submission_events_thread on public.form_submission_events (submission_id, created_at, id);

alter table public.form_submission_events enable row level security;

create policy "form_submission_events: admins read" on public.form_submission_events
  for select to authenticated
  using ((select public.is_admin()));

-- An admin adds to the thread as themselves, never in another admin's name.
create policy "form_submission_events: admins write their own" on public.form_submission_events
  for insert to authenticated
  with check ((select public.is_admin()) and author = (select auth.uid()));

revoke all on public.form_submission_events from anon, authenticated;
grant select on public.form_submission_events to authenticated;
grant insert (submission_id, kind, subject, body) on public.form_submission_events to authenticated;

-- { total, rows }: the inbox's items matching the search term and filters, newest first. The same
-- shape and rules as the other admin lists (admin search migration); `asignado` is an admin's id,
-- `sin_asignar` the items nobody has taken.
create function public.admin_soporte(
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
          left(f.data ->> 'message', 160) as extracto,
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

revoke all on function public.admin_soporte(text, integer, integer, text, text, uuid, boolean) from public;
grant execute on function public.admin_soporte(text, integer, integer, text, text, uuid, boolean) to authenticated;
