-- The newsletter, for real (issue 22): double opt-in. Subscribing stores the address as pending with the
-- hash of a one-time confirmation token, e-mailed as a link; the click on that link's page confirms it.
-- A confirmed subscriber's unsubscribe links are signed by the server (an HMAC of the row's id), so no
-- token that unsubscribes anyone is kept here. A confirmation is also an item of the support inbox
-- (form_type 'newsletter', issue 21), where the team sees who joined.
--
-- Only our server writes subscribers (service role), after the schema and the rate limits; admins read
-- them (the CSV export). Visitors and clients have no access through the API.

create table public.boletin_suscriptores (
  id uuid primary key default gen_random_uuid(),
  email text not null unique check (email = lower(email) and char_length(email) between 3 and 254),
  estado text not null default 'pendiente' check (estado in ('pendiente', 'confirmado', 'baja')),
  -- sha256 (hex) of the token last e-mailed; valid for a day after confirmacion_enviada_at.
  token_confirmacion text unique check (token_confirmacion ~ '^[0-9a-f]{64}$'),
  confirmacion_enviada_at timestamptz,
  created_at timestamptz not null default now(),
  confirmado_at timestamptz,
  baja_at timestamptz,
  check (estado <> 'confirmado' or confirmado_at is not null)
);

create index boletin_suscriptores_confirmados on public.boletin_suscriptores (confirmado_at)
  where estado = 'confirmado';

alter table public.boletin_suscriptores enable row level security;

create policy "boletin_suscriptores: admins read" on public.boletin_suscriptores
  for select to authenticated
  using ((select public.is_admin()));

revoke all on public.boletin_suscriptores from anon, authenticated;
-- The token column holds only hashes of random tokens: nothing an admin could use.
grant select on public.boletin_suscriptores to authenticated;

alter table public.form_submissions drop constraint form_submissions_form_type_check;
alter table public.form_submissions
  add constraint form_submissions_form_type_check
    check (form_type in ('Contacto General', 'Contacto Sobre KIA', 'investor_contact', 'soporte', 'newsletter'));
