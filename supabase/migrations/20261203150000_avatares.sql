-- Issue 68: Mi Cuenta's profile photo is a file the person uploads, not an address they type. It lives in a
-- private Storage bucket, each person in their own folder, and pages show it from our own origin (/fotos/…, the
-- route app/routes/resources/avatar.ts), which reads it under the person's own session: Storage's host is no
-- source of pictures of people, and nobody but its owner reads a photo.

-- Up to 5 MiB (Storage's global limit in supabase/config.toml is larger; the smaller wins), only the types the
-- server finds in the file's content. Never SVG, which can carry scripts.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('avatares', 'avatares', false, 5242880, array['image/jpeg', 'image/png', 'image/webp']);

-- `<user id>/<photo id>.<ext>`: a new photo gets a new key (so a browser's copy of the old one never shows for
-- the new), and the old file goes. No update policy: a photo's file is written once, never replaced.
create policy "avatares: read own folder" on storage.objects for select to authenticated
  using (bucket_id = 'avatares' and (storage.foldername(name))[1] = (select auth.uid()::text));
create policy "avatares: add to own folder" on storage.objects for insert to authenticated
  with check (bucket_id = 'avatares' and (storage.foldername(name))[1] = (select auth.uid()::text));
create policy "avatares: remove from own folder" on storage.objects for delete to authenticated
  using (bucket_id = 'avatares' and (storage.foldername(name))[1] = (select auth.uid()::text));
