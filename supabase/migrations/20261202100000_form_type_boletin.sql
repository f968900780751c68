-- Issue 65: the values we added to form_submissions.form_type follow one style, Spanish in snake case as the
-- statuses are ('soporte', 'chat'); the spec's own values ('Contacto General', 'Contacto Sobre KIA',
-- 'investor_contact') stay as it names them. A confirmed newsletter sign-up was 'newsletter'.
alter table public.form_submissions drop constraint form_submissions_form_type_check;
update public.form_submissions set form_type = 'boletin' where form_type = 'newsletter';
alter table public.form_submissions
  add constraint form_submissions_form_type_check
    check (form_type in ('Contacto General', 'Contacto Sobre KIA', 'investor_contact', 'soporte', 'boletin', 'chat'));
