-- KIA schema: the tables of SPEC §3, their row-level security and the grants the API roles get.
-- RLS is what protects each table; grants are explicit so nothing relies on default privileges.

create extension if not exists pg_trgm with schema extensions;

-- Helpers ---------------------------------------------------------------------------------------

create or replace function public.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

-- Profiles --------------------------------------------------------------------------------------

create table public.usuarios (
  id uuid primary key references auth.users (id) on delete cascade,
  nombre text,
  apellidos text,
  full_name text,
  prefijo_pais text not null default '+34',
  telefono text,
  phone text,
  preferencia_comunicacion text not null default 'email'
    check (preferencia_comunicacion in ('email', 'whatsapp', 'ambos')),
  avatar_url text,
  email text,
  role text not null default 'cliente' check (role in ('cliente', 'admin')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.usuarios is 'One profile per auth user; created by a trigger on auth.users.';

create index usuarios_full_name_order on public.usuarios (full_name, id);
create index usuarios_full_name_trgm on public.usuarios using gin (full_name extensions.gin_trgm_ops);
create index usuarios_email_trgm on public.usuarios using gin (email extensions.gin_trgm_ops);

create trigger usuarios_updated_at before update on public.usuarios
  for each row execute function public.set_updated_at();

-- Reads the caller's role bypassing RLS (a policy on usuarios that queried usuarios would recurse).
create or replace function public.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.usuarios where id = auth.uid() and role = 'admin'
  );
$$;

-- A cliente cannot make themselves admin: only an admin changes roles, never their own, and the last
-- admin stays. Column grants already keep e-mail out of reach; this covers role, which admins may set.
create or replace function public.guard_usuarios_role()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- The server (service role) and migrations (no JWT at all) are trusted; API users are not.
  if new.role is distinct from old.role and coalesce(auth.role(), '') not in ('', 'service_role') then
    if not public.is_admin() then
      raise exception 'Solo un administrador puede cambiar el rol de un usuario'
        using errcode = '42501';
    end if;
    if old.id = auth.uid() then
      raise exception 'Un administrador no puede cambiar su propio rol'
        using errcode = '42501';
    end if;
  end if;
  if old.role = 'admin' and new.role <> 'admin'
     and not exists (select 1 from public.usuarios where role = 'admin' and id <> old.id) then
    raise exception 'Debe quedar al menos un administrador'
      using errcode = 'P0001';
  end if;
  return new;
end;
$$;

create trigger usuarios_guard_role before update of role on public.usuarios
  for each row execute function public.guard_usuarios_role();

-- Every new auth user gets a profile. Security definer with a fixed search_path: the API roles have no
-- rights on auth.users, and the trigger runs inside the sign-up transaction.
create or replace function public.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.usuarios (id, email, full_name, avatar_url, role)
  values (
    new.id,
    new.email,
    nullif(trim(new.raw_user_meta_data ->> 'full_name'), ''),
    nullif(new.raw_user_meta_data ->> 'avatar_url', ''),
    'cliente'
  );
  return new;
end;
$$;

create trigger on_auth_user_created after insert on auth.users
  for each row execute function public.handle_new_user();

-- The profile's e-mail follows the account's.
create or replace function public.handle_user_email_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.usuarios set email = new.email where id = new.id;
  return new;
end;
$$;

create trigger on_auth_user_email_changed after update of email on auth.users
  for each row when (new.email is distinct from old.email)
  execute function public.handle_user_email_change();

-- Bookings --------------------------------------------------------------------------------------

create table public.reservas (
  id uuid primary key default gen_random_uuid(),
  -- The company keeps the history of a deleted user's bookings.
  user_id uuid references auth.users (id) on delete set null,
  fecha date not null,
  hora time not null,
  motivo text,
  status text not null default 'confirmada',
  meet_url text,
  event_id text,
  nombre text not null,
  email text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint reservas_dia_laborable check (extract(isodow from fecha) between 1 and 5),
  constraint reservas_hora_valida check (
    hora in ('10:00', '10:30', '11:00', '11:30', '12:00', '12:30', '13:00', '13:30')
  )
);

comment on table public.reservas is
  'Demo meetings. Written only by the server (service role) after its own checks; read under RLS.';

-- One confirmed booking per slot, whoever books it: two concurrent requests cannot both win.
create unique index reservas_una_confirmada_por_hueco on public.reservas (fecha, hora)
  where status = 'confirmada';
create index reservas_user_fecha_hora on public.reservas (user_id, fecha, hora);
create index reservas_fecha_hora on public.reservas (fecha desc, hora desc);
create index reservas_nombre_trgm on public.reservas using gin (nombre extensions.gin_trgm_ops);
create index reservas_email_trgm on public.reservas using gin (email extensions.gin_trgm_ops);
create index reservas_motivo_trgm on public.reservas using gin (motivo extensions.gin_trgm_ops);

create trigger reservas_updated_at before update on public.reservas
  for each row execute function public.set_updated_at();

-- Assistants ------------------------------------------------------------------------------------

create table public.asistentes (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  nombre text not null,
  empresa text,
  created_at timestamptz not null default now()
);

create index asistentes_user on public.asistentes (user_id);

-- Blog ------------------------------------------------------------------------------------------

create table public.blog_posts (
  id uuid primary key default gen_random_uuid(),
  title text not null,
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  excerpt text,
  content text not null default '',
  image_url text,
  author text not null default 'Equipo KIA',
  -- Null while a draft; visible to the public from this moment on.
  published_at timestamptz,
  created_at timestamptz not null default now()
);

create index blog_posts_published_at on public.blog_posts (published_at desc);

create table public.blog_tags (
  id uuid primary key default gen_random_uuid(),
  name text not null unique
);

-- Both foreign keys form the primary key, which is how PostgREST recognises a many-to-many junction.
create table public.blog_post_tags (
  post_id uuid not null references public.blog_posts (id) on delete cascade,
  tag_id uuid not null references public.blog_tags (id) on delete cascade,
  primary key (post_id, tag_id)
);

create index blog_post_tags_tag on public.blog_post_tags (tag_id);

-- Form submissions ------------------------------------------------------------------------------

create table public.form_submissions (
  id uuid primary key default gen_random_uuid(),
  form_type text not null default 'Contacto General'
    check (form_type in ('Contacto General', 'Contacto Sobre KIA', 'investor_contact')),
  data jsonb not null check (jsonb_typeof(data) = 'object'),
  created_at timestamptz not null default now()
);

create index form_submissions_created_at on public.form_submissions (created_at desc);

-- Row-level security ----------------------------------------------------------------------------

alter table public.usuarios enable row level security;
alter table public.reservas enable row level security;
alter table public.asistentes enable row level security;
alter table public.blog_posts enable row level security;
alter table public.blog_tags enable row level security;
alter table public.blog_post_tags enable row level security;
alter table public.form_submissions enable row level security;

create policy "usuarios: own row or admin" on public.usuarios
  for select to authenticated
  using (id = (select auth.uid()) or (select public.is_admin()));

create policy "usuarios: create own row" on public.usuarios
  for insert to authenticated
  with check (id = (select auth.uid()));

create policy "usuarios: update own row or admin" on public.usuarios
  for update to authenticated
  using (id = (select auth.uid()) or (select public.is_admin()))
  with check (id = (select auth.uid()) or (select public.is_admin()));

create policy "reservas: own or admin" on public.reservas
  for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin()));

create policy "asistentes: own or admin" on public.asistentes
  for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin()));

create policy "blog_posts: published" on public.blog_posts
  for select to anon, authenticated
  using (published_at is not null and published_at <= now());

create policy "blog_tags: everyone" on public.blog_tags
  for select to anon, authenticated
  using (true);

create policy "blog_post_tags: of published posts" on public.blog_post_tags
  for select to anon, authenticated
  using (exists (select 1 from public.blog_posts p where p.id = post_id));

create policy "form_submissions: anyone sends" on public.form_submissions
  for insert to anon, authenticated
  with check (true);

create policy "form_submissions: admins read" on public.form_submissions
  for select to authenticated
  using ((select public.is_admin()));

-- Grants ----------------------------------------------------------------------------------------

grant usage on schema public to anon, authenticated, service_role;

revoke all on public.usuarios, public.reservas, public.asistentes, public.blog_posts, public.blog_tags,
  public.blog_post_tags, public.form_submissions from anon, authenticated;

grant select on public.blog_posts, public.blog_tags, public.blog_post_tags to anon, authenticated;
grant insert (form_type, data) on public.form_submissions to anon, authenticated;
grant select on public.form_submissions to authenticated;

-- E-mail is never writable through the API (it follows auth.users); role is, for admins, and the
-- guard trigger refuses it for everyone else.
grant select on public.usuarios to authenticated;
grant insert (id, nombre, apellidos, full_name, prefijo_pais, telefono, phone, preferencia_comunicacion,
  avatar_url, updated_at) on public.usuarios to authenticated;
-- `id` is listed because an upsert's ON CONFLICT DO UPDATE sets every column it sends; the policies'
-- WITH CHECK keeps it equal to the caller's own id.
grant update (id, nombre, apellidos, full_name, prefijo_pais, telefono, phone, preferencia_comunicacion,
  avatar_url, updated_at, role) on public.usuarios to authenticated;

grant select on public.reservas, public.asistentes to authenticated;

grant all on public.usuarios, public.reservas, public.asistentes, public.blog_posts, public.blog_tags,
  public.blog_post_tags, public.form_submissions to service_role;

revoke all on function public.is_admin() from public;
grant execute on function public.is_admin() to anon, authenticated, service_role;
revoke all on function public.handle_new_user(), public.handle_user_email_change(),
  public.guard_usuarios_role() from public, anon, authenticated;
