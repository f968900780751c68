-- Issue 18, finding 2: with the public anon key anyone could insert straight into form_submissions through
-- the REST API, skipping the honeypot, the rate limit, validation and the company's notification. The
-- public forms are written by our server (service role) after those checks; the API roles write nothing.
drop policy "form_submissions: anyone sends" on public.form_submissions;
revoke insert (form_type, data) on public.form_submissions from anon, authenticated;
revoke insert on public.form_submissions from anon, authenticated;

-- Whatever writes it, a submission stays a form's size: the largest valid one (a 5,000-character message
-- and its short fields, every character 4 bytes and escaped) is well under 32 KiB.
alter table public.form_submissions
  add constraint form_submissions_data_size check (octet_length(data::text) <= 32768);
