-- Columns of supabase/auth's schema added after bootstrap.sql first shipped. GoTrue migrates its own
-- schema when it starts; so does the stand-in: this runs after bootstrap.sql on a new database and at
-- each start on a kept one (db.ts), so it must stay idempotent.

-- Secure e-mail change (double_confirm_changes): a link to each address, and how many were opened.
alter table auth.users add column if not exists email_change_token_current varchar(255) default '';
alter table auth.users add column if not exists email_change_confirm_status smallint default 0;

-- How each session was signed in (migration 20221003041349_add_mfa_schema): the access token's `amr`, kept
-- through refreshes, and gone with the session.
create table if not exists auth.mfa_amr_claims (
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  authentication_method text not null,
  id uuid primary key,
  constraint mfa_amr_claims_session_id_authentication_method_pkey unique (session_id, authentication_method)
);
