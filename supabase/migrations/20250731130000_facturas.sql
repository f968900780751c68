-- Invoices and what a subscription costs, as Stripe's webhook last saw them, so the subscription page
-- reads everything from Postgres and makes no Stripe call (issue 17). Same rules as the other billing
-- tables: only the server writes (service role, after verifying the event and fetching the object from
-- Stripe); an owner reads their own rows, an admin reads all.

-- What the subscription's item costs each period, in the currency's smallest unit, and how often.
alter table public.suscripciones
  add column amount integer,
  add column currency text,
  add column price_interval text check (price_interval in ('day', 'week', 'month', 'year'));

-- One row per Stripe invoice of a customer of ours, drafts included (the page shows finalized ones).
create table public.facturas (
  id text primary key,
  -- A deleted user's invoices stay for the company's accounts.
  user_id uuid references auth.users (id) on delete set null,
  customer_id text not null,
  subscription_id text,
  number text,
  status text not null,
  billing_reason text,
  currency text not null,
  total integer not null,
  amount_due integer not null,
  amount_paid integer not null,
  -- Stripe's hosted page and PDF: secret addresses, shown only to the invoice's owner (and admins).
  hosted_invoice_url text,
  invoice_pdf text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index facturas_user on public.facturas (user_id, created_at desc);

create trigger facturas_updated_at before update on public.facturas
  for each row execute function public.set_updated_at();

alter table public.facturas enable row level security;

create policy "facturas: own or admin" on public.facturas
  for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin()));

revoke all on public.facturas from anon, authenticated;
grant select on public.facturas to authenticated;
grant all on public.facturas to service_role;
