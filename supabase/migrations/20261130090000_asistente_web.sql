-- The site's assistant (issue 54). The chat on the public site answers from what KIA has published, and
-- the team sees on /admin/asistente-web what visitors asked, whether it was answered and from which pages.
--
-- A question is kept with nothing but what the visitor typed: no address, no session, no identifier, so a
-- row cannot be tied to anyone unless they wrote who they are. Rows go after 90 days (the privacy policy
-- says so): each new question deletes those past it, and the admin list never reads past it either, so a
-- quiet spell keeps nothing longer in view. Deleting as questions come needs no scheduler (the local
-- services have no pg_cron) and costs one look at the index's oldest end.
--
-- Only our server writes (service role), after the length cap and the rate limit; admins read.

create table public.asistente_preguntas (
  id uuid primary key default gen_random_uuid(),
  pregunta text not null check (char_length(btrim(pregunta)) between 1 and 500),
  -- respondida: quoted published content; sin_respuesta: nothing published answered it; persona: the
  -- visitor asked for a person instead.
  resultado text not null check (resultado in ('respondida', 'sin_respuesta', 'persona')),
  -- The paths of the pages the answer linked, best first.
  paginas text[] not null default '{}' check (cardinality(paginas) <= 3),
  created_at timestamptz not null default now(),
  -- The question lower-cased and without accents, for the list's search (as the other admin lists).
  busqueda text generated always as (private.plano(pregunta)) stored
);

create index asistente_preguntas_created_at on public.asistente_preguntas (created_at desc, id desc);
create index asistente_preguntas_busqueda_trgm on public.asistente_preguntas using gin (busqueda extensions.gin_trgm_ops);

alter table public.asistente_preguntas enable row level security;

create policy "asistente_preguntas: admins read" on public.asistente_preguntas
  for select to authenticated
  using ((select public.is_admin()));

revoke all on public.asistente_preguntas from anon, authenticated;
grant select on public.asistente_preguntas to authenticated;
grant all on public.asistente_preguntas to service_role;

create function private.olvidar_preguntas_antiguas()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  delete from public.asistente_preguntas where created_at < now() - interval '90 days';
  return null;
end;
$$;

create trigger asistente_preguntas_90_dias
  after insert on public.asistente_preguntas
  for each statement execute function private.olvidar_preguntas_antiguas();

-- A visitor who asks the chat for a person leaves an address and the question: an item of the inbox.
alter table public.form_submissions drop constraint form_submissions_form_type_check;
alter table public.form_submissions
  add constraint form_submissions_form_type_check
    check (form_type in ('Contacto General', 'Contacto Sobre KIA', 'investor_contact', 'soporte', 'newsletter', 'chat'));

-- { total, rows, sin_respuesta }: a page of the last 90 days' questions matching the search term, newest
-- first (optionally of one result), and the questions most often left unanswered, the same question however it was typed
-- (case, accents, punctuation) counted once, shown as last typed.
create function public.admin_asistente_web(termino text, desde integer, cuantos integer, resultado text default null)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
set plan_cache_mode = force_custom_plan
as $$
declare
  limite timestamptz := now() - interval '90 days';
  patron text := case when coalesce(termino, '') = '' then null else private.plano(public.contains_pattern(termino)) end;
begin
  perform public.require_admin();
  return jsonb_build_object(
    'total', (
      select count(*) from public.asistente_preguntas p
      where p.created_at >= limite and (patron is null or p.busqueda like patron)
        and (admin_asistente_web.resultado is null or p.resultado = admin_asistente_web.resultado)
    ),
    'rows', coalesce((
      select jsonb_agg(to_jsonb(pagina) order by pagina.created_at desc, pagina.id desc)
      from (
        select p.id, p.pregunta, p.resultado, p.paginas, p.created_at
        from public.asistente_preguntas p
        where p.created_at >= limite and (patron is null or p.busqueda like patron)
          and (admin_asistente_web.resultado is null or p.resultado = admin_asistente_web.resultado)
        order by p.created_at desc, p.id desc
        offset greatest(desde, 0) limit least(greatest(cuantos, 0), 100)
      ) pagina
    ), '[]'::jsonb),
    'sin_respuesta', coalesce((
      select jsonb_agg(to_jsonb(grupo) order by grupo.veces desc, grupo.ultima desc)
      from (
        select (array_agg(p.pregunta order by p.created_at desc))[1] as pregunta, count(*) as veces,
          max(p.created_at) as ultima
        from public.asistente_preguntas p
        where p.created_at >= limite and p.resultado = 'sin_respuesta'
        group by btrim(regexp_replace(p.busqueda, '[^a-z0-9]+', ' ', 'g'))
        order by count(*) desc, max(p.created_at) desc
        limit 10
      ) grupo
    ), '[]'::jsonb)
  );
end;
$$;

revoke all on function public.admin_asistente_web(text, integer, integer, text) from public, anon;
grant execute on function public.admin_asistente_web(text, integer, integer, text) to authenticated;
