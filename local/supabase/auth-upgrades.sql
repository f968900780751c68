-- Columns of supabase/auth's schema added after bootstrap.sql first shipped. GoTrue migrates its own
-- schema when it starts; so does the stand-in: this runs after bootstrap.sql on a new database and at
-- each start on a kept one (db.ts), so it must stay idempotent.

-- Secure e-mail change (double_confirm_changes): a link to each address, and how many were opened.
alter table auth.users add column if not exists email_change_token_current varchar(255) default '';
alter table auth.users add column if not exists email_change_confirm_status smallint default 0;
