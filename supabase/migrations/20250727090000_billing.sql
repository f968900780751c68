-- Billing (SPEC §2, §4, §7): what a customer bought through Stripe, as the webhook last saw it.
-- Only the server writes these tables (service role, after verifying Stripe's signature or fetching
-- the object from Stripe); an owner reads their own rows, an admin reads all.

-- One Stripe customer per user, created once and looked up here (never by e-mail).
create table public.stripe_customers (
  user_id uuid primary key references auth.users (id) on delete cascade,
  customer_id text not null unique,
  created_at timestamptz not null default now()
);

-- Recurring plans: one row per Stripe subscription, its state copied from Stripe on every event.
create table public.suscripciones (
  id text primary key,
  -- A deleted user's billing history stays for the company's accounts.
  user_id uuid references auth.users (id) on delete set null,
  customer_id text not null,
  price_id text not null,
  plan text not null check (plan in ('starter', 'business', 'enterprise')),
  periodo text not null check (periodo in ('annual', 'monthly')),
  status text not null,
  current_period_end timestamptz,
  cancel_at_period_end boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index suscripciones_user on public.suscripciones (user_id, created_at desc);

-- One-time purchases (annual Enterprise): one row per Checkout Session in payment mode.
create table public.pagos (
  id text primary key,
  user_id uuid references auth.users (id) on delete set null,
  customer_id text not null,
  price_id text not null,
  plan text not null check (plan in ('starter', 'business', 'enterprise')),
  periodo text not null check (periodo in ('annual', 'monthly')),
  amount_total integer not null,
  currency text not null,
  status text not null,
  payment_intent_id text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index pagos_user on public.pagos (user_id, created_at desc);

-- Stripe event ids already handled, so a re-delivered event has no second effect.
create table public.stripe_eventos (
  id text primary key,
  type text not null,
  received_at timestamptz not null default now()
);

create trigger suscripciones_updated_at before update on public.suscripciones
  for each row execute function public.set_updated_at();
create trigger pagos_updated_at before update on public.pagos
  for each row execute function public.set_updated_at();

alter table public.stripe_customers enable row level security;
alter table public.suscripciones enable row level security;
alter table public.pagos enable row level security;
alter table public.stripe_eventos enable row level security;

create policy "suscripciones: own or admin" on public.suscripciones
  for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin()));

create policy "pagos: own or admin" on public.pagos
  for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin()));

revoke all on public.stripe_customers, public.suscripciones, public.pagos, public.stripe_eventos
  from anon, authenticated;
grant select on public.suscripciones, public.pagos to authenticated;
grant all on public.stripe_customers, public.suscripciones, public.pagos, public.stripe_eventos to service_role;
