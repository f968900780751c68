-- Issue 67: the documents a client's assistant learns from (decision 018). The files live in a private Storage
-- bucket, each client in their own folder; our table keeps the name as the client typed it (Storage refuses
-- accents in keys), its type, size and state. A worker (app/.server/jobs, job 'documento.procesar') reads each
-- one and writes its passages, which 'Probar el asistente' searches through `buscar_pasajes`, inside the
-- client's own assistant only.

-- The bucket: private, files up to 50 MiB (Storage's global limit in supabase/config.toml is the same), only the
-- types we read. The server stores each file with the type it found in its content, not the browser's.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('documentos', 'documentos', false, 52428800, array[
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'text/plain',
  'text/markdown',
  'text/csv'
]);

-- Each client their own folder: `<user id>/<assistant id>/<document id>.<ext>`. No update policy: a document's
-- file is written once, never replaced. An admin reads through the service role's signed links only.
create policy "documentos: read own folder" on storage.objects for select to authenticated
  using (bucket_id = 'documentos' and (storage.foldername(name))[1] = (select auth.uid()::text));
create policy "documentos: add to own folder" on storage.objects for insert to authenticated
  with check (bucket_id = 'documentos' and (storage.foldername(name))[1] = (select auth.uid()::text));
create policy "documentos: remove from own folder" on storage.objects for delete to authenticated
  using (bucket_id = 'documentos' and (storage.foldername(name))[1] = (select auth.uid()::text));

create table public.documentos (
  id uuid primary key default gen_random_uuid(),
  asistente_id uuid not null references public.asistentes (id) on delete cascade,
  -- The assistant's owner, whose folder holds the file (and whom RLS lets see it).
  user_id uuid not null references auth.users (id) on delete cascade,
  -- As the client typed it: accents, ñ and spaces kept; no path, no control characters.
  nombre text not null check (char_length(nombre) between 1 and 255 and nombre !~ '[/\\[:cntrl:]]'),
  -- The Storage key, generated: `<user_id>/<asistente_id>/<id>.<tipo>`.
  objeto text not null unique,
  tipo text not null check (tipo in ('pdf', 'docx', 'txt', 'md', 'csv')),
  tamano bigint not null check (tamano > 0),
  paginas integer check (paginas is null or paginas > 0),
  -- Of the content: the same file twice in one assistant is refused, naming the first.
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  subido_por uuid references auth.users (id) on delete set null,
  subido_at timestamptz not null default now(),
  estado text not null default 'en_cola' check (estado in ('en_cola', 'procesando', 'listo', 'fallido')),
  -- Why it failed, as a code the page words in Spanish (app/content/documents.ts).
  motivo text check (motivo in (
    'sin_texto', 'protegido', 'danado', 'no_admitido', 'demasiado_grande', 'demasiado_largo', 'texto_excesivo',
    'atascado'
  )),
  pasajes integer not null default 0 check (pasajes >= 0),
  procesado_at timestamptz,
  unique (asistente_id, sha256),
  check ((estado = 'fallido') = (motivo is not null)),
  check (objeto = user_id || '/' || asistente_id || '/' || id || '.' || tipo)
);

create index documentos_asistente on public.documentos (asistente_id, subido_at desc);
create index documentos_user on public.documentos (user_id);
create index documentos_en_marcha on public.documentos (asistente_id) where estado in ('en_cola', 'procesando');

-- What the assistant quotes: a few sentences of one document, with its page. `terminos` holds the passage's
-- Spanish stems as the site's chat makes them (app/.server/knowledge/terms.ts), so both understand a question
-- alike: accents or none, any form of a word.
create table public.pasajes (
  id bigint generated always as identity primary key,
  documento_id uuid not null references public.documentos (id) on delete cascade,
  asistente_id uuid not null references public.asistentes (id) on delete cascade,
  pagina integer check (pagina is null or pagina > 0),
  orden integer not null,
  texto text not null check (char_length(texto) between 1 and 4000),
  terminos tsvector not null
);

create index pasajes_terminos on public.pasajes using gin (terminos);
create index pasajes_documento on public.pasajes (documento_id, orden);
create index pasajes_asistente on public.pasajes (asistente_id);

-- Every stem an assistant's passages hold, for typos: a question's word that no passage has is read as the
-- nearest of these (pg_trgm). `pasajes` is how many passages have held it, counted as they are written and never
-- lowered: a question of more than eight stems is searched through its rarest ones (buscar_pasajes), and only how
-- fast depends on it, never which passages answer. A stem whose documents were all deleted stays: it only widens a
-- search, never answers one.
create table public.vocabulario (
  asistente_id uuid not null references public.asistentes (id) on delete cascade,
  termino text not null,
  pasajes integer not null default 0,
  primary key (asistente_id, termino)
);

create index vocabulario_termino_trgm on public.vocabulario using gin (termino extensions.gin_trgm_ops);

alter table public.documentos enable row level security;
alter table public.pasajes enable row level security;
alter table public.vocabulario enable row level security;

create policy "documentos: own or admin" on public.documentos for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin()));
create policy "documentos: owner deletes" on public.documentos for delete to authenticated
  using (user_id = (select auth.uid()));
create policy "pasajes: own or admin" on public.pasajes for select to authenticated
  using (
    asistente_id in (select a.id from public.asistentes a where a.user_id = (select auth.uid()))
    or (select public.is_admin())
  );

revoke all on public.documentos, public.pasajes, public.vocabulario from anon, authenticated;
-- Rows are added only by `registrar_documento` (the plan's count, the duplicate, the file checked first) and
-- changed only by the worker; a client reads and deletes their own.
grant select, delete on public.documentos to authenticated;
grant select on public.pasajes to authenticated;
grant all on public.documentos, public.pasajes, public.vocabulario to service_role;

-- The plan a client pays now, and how many documents it lets each assistant learn from --------------------

-- Starter 100, Business 500, Enterprise no initial limit (SPEC §9). A subscription Stripe still bills counts
-- (as app/lib/revenue.ts billedStatuses), and an annual Enterprise paid at once counts for its year.
create function private.plan_activo(usuario uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select plan from (
    select s.plan from public.suscripciones s
    where s.user_id = usuario and s.status in ('active', 'trialing', 'past_due')
    union all
    select p.plan from public.pagos p
    where p.user_id = usuario and p.status = 'paid' and p.created_at > now() - interval '1 year'
  ) planes
  order by case plan when 'enterprise' then 3 when 'business' then 2 else 1 end desc
  limit 1;
$$;

create function private.limite_documentos(plan text)
returns integer
language sql
immutable
set search_path = ''
as $$
  select case plan when 'starter' then 100 when 'business' then 500 end;
$$;

-- { plan, limite, usados } for the assistant's page: plan null when none is paid; limite null when Enterprise.
create function public.cupo_documentos(asistente uuid)
returns json
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  duenio uuid;
  plan text;
begin
  select a.user_id into duenio from public.asistentes a where a.id = asistente;
  if duenio is null or (duenio <> (select auth.uid()) and not public.is_admin()) then
    raise exception 'asistente no encontrado' using errcode = '42501';
  end if;
  plan := private.plan_activo(duenio);
  return json_build_object(
    'plan', plan,
    'limite', private.limite_documentos(plan),
    'usados', (select count(*) from public.documentos d where d.asistente_id = asistente)
  );
end;
$$;

-- A document whose file the client has just stored in their folder: its row, if the plan's count has room and
-- no document of the assistant holds the same content. The assistant's row is locked first, so uploads at once
-- take turns and the count holds at its edge. The file must already be there: a row never lacks its file.
-- Answers { ok: true } or { ok: false, error: 'sin_plan' | 'limite' | 'duplicado' | 'sin_archivo', ... }.
create function public.registrar_documento(
  id uuid, asistente uuid, nombre text, tipo text, tamano bigint, sha256 text
)
returns json
language plpgsql
security definer
set search_path = ''
as $$
declare
  usuario uuid := (select auth.uid());
  plan text;
  limite integer;
  clave text := usuario || '/' || asistente || '/' || registrar_documento.id || '.' || tipo;
  existente text;
begin
  perform 1 from public.asistentes a where a.id = asistente and a.user_id = usuario for update;
  if not found then
    raise exception 'asistente no encontrado' using errcode = '42501';
  end if;
  plan := private.plan_activo(usuario);
  if plan is null then
    return json_build_object('ok', false, 'error', 'sin_plan');
  end if;
  limite := private.limite_documentos(plan);
  if limite is not null and (select count(*) from public.documentos d where d.asistente_id = asistente) >= limite then
    return json_build_object('ok', false, 'error', 'limite', 'plan', plan, 'limite', limite);
  end if;
  select d.nombre into existente from public.documentos d
  where d.asistente_id = asistente and d.sha256 = registrar_documento.sha256;
  if found then
    return json_build_object('ok', false, 'error', 'duplicado', 'existente', existente);
  end if;
  if not exists (
    select 1 from storage.objects o where o.bucket_id = 'documentos' and o.name = clave and o.owner_id = usuario::text
  ) then
    return json_build_object('ok', false, 'error', 'sin_archivo');
  end if;
  insert into public.documentos (id, asistente_id, user_id, nombre, objeto, tipo, tamano, sha256, subido_por)
  values (registrar_documento.id, asistente, usuario, nombre, clave, tipo, tamano, registrar_documento.sha256, usuario);
  return json_build_object('ok', true);
end;
$$;

revoke execute on function private.plan_activo(uuid), private.limite_documentos(text) from public, anon, authenticated;
revoke execute on function public.cupo_documentos(uuid), public.registrar_documento(uuid, uuid, text, text, bigint, text)
  from public, anon;
grant execute on function public.cupo_documentos(uuid), public.registrar_documento(uuid, uuid, text, text, bigint, text)
  to authenticated;

-- Processing, on the work queue (decision 017) -----------------------------------------------------------------

-- A new document is a job: read it and write its passages. Three attempts (a worker that dies mid-document
-- leaves it to the next once its lease runs out); past them the document fails with its reason.
create function private.encolar_documento()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    insert into public.trabajos (tipo, datos, clave, max_intentos)
    values ('documento.procesar', jsonb_build_object('documento', new.id),
      'documento:' || new.id || ':procesar:' || floor(extract(epoch from clock_timestamp()) * 1000), 3)
    on conflict (clave) do nothing;
    return null;
  end if;
  -- Deleted (by its owner, or with its assistant): its file goes too. The request that deleted it removes the
  -- file at once; this job does it when that could not.
  perform public.encolar_trabajo('documento.borrar', jsonb_build_object('objeto', old.objeto), 'objeto:' || old.objeto);
  return null;
end;
$$;

create trigger documentos_encolar after insert or delete on public.documentos
  for each row execute function private.encolar_documento();

-- The document follows its job: failed for good (past its attempts, or its worker died every time) is failed
-- with a reason; 'Reintentar' in /admin/trabajos puts it back in the queue.
create function private.seguir_trabajo_documento()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.estado = 'fallido' and old.estado <> 'fallido' then
    update public.documentos d set estado = 'fallido', motivo = 'atascado', procesado_at = now()
    where d.id = (new.datos ->> 'documento')::uuid and d.estado in ('en_cola', 'procesando');
  elsif old.estado = 'fallido' and new.estado = 'pendiente' then
    update public.documentos d set estado = 'en_cola', motivo = null, procesado_at = null
    where d.id = (new.datos ->> 'documento')::uuid and d.estado = 'fallido';
  end if;
  return null;
end;
$$;

create trigger trabajos_documento after update of estado on public.trabajos
  for each row when (new.tipo = 'documento.procesar') execute function private.seguir_trabajo_documento();

-- The worker takes a document: what it needs to read it, or nothing when it was deleted meanwhile.
create function public.empezar_documento(documento uuid)
returns json
language sql
security definer
set search_path = ''
as $$
  update public.documentos d set estado = 'procesando'
  where d.id = documento and d.estado in ('en_cola', 'procesando')
  returning json_build_object('id', d.id, 'asistente_id', d.asistente_id, 'objeto', d.objeto, 'tipo', d.tipo,
    'tamano', d.tamano);
$$;

-- Its passages, in place of any it had: [{ pagina, texto, terminos }], `terminos` the stems separated by spaces.
-- A long document comes in parts (the API takes bodies of a few megabytes): the first (`desde` 0) clears what a
-- dead worker may have left, the last (`ultima`) makes the document 'listo', and only then does the search see
-- any of them (buscar_pasajes reads ready documents only). False when the document was deleted meanwhile.
create function public.guardar_pasajes(
  documento uuid, pasajes jsonb, paginas integer default null, desde integer default 0, ultima boolean default true
)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  asistente uuid;
begin
  select d.asistente_id into asistente from public.documentos d
  where d.id = documento and d.estado = 'procesando' for update;
  if not found then
    return false;
  end if;
  if desde = 0 then
    delete from public.pasajes p where p.documento_id = documento;
  end if;
  -- Each stem counted once a passage, in the order of the stems: two documents of one assistant written at once
  -- lock the stems they share in the same order, so one waits for the other instead of deadlocking.
  with nuevos as (
    insert into public.pasajes (documento_id, asistente_id, pagina, orden, texto, terminos)
    select documento, asistente, (p ->> 'pagina')::integer, desde + o::integer, p ->> 'texto',
      to_tsvector('simple', p ->> 'terminos')
    from jsonb_array_elements(guardar_pasajes.pasajes) with ordinality as t (p, o)
    returning terminos
  )
  insert into public.vocabulario as v (asistente_id, termino, pasajes)
  select asistente, palabra, count(*)
  from nuevos, unnest(tsvector_to_array(nuevos.terminos)) palabra
  where char_length(palabra) <= 60
  group by palabra
  order by palabra
  on conflict (asistente_id, termino) do update set pasajes = v.pasajes + excluded.pasajes;
  if ultima then
    update public.documentos d
    set estado = 'listo', motivo = null, paginas = guardar_pasajes.paginas,
        pasajes = (select count(*) from public.pasajes p where p.documento_id = documento), procesado_at = now()
    where d.id = documento;
  end if;
  return true;
end;
$$;

-- Failed for a reason no retry changes (no text, a password, not what its extension says…).
create function public.fallar_documento(documento uuid, motivo text, paginas integer default null)
returns void
language sql
security definer
set search_path = ''
as $$
  update public.documentos d
  set estado = 'fallido', motivo = fallar_documento.motivo, paginas = coalesce(fallar_documento.paginas, d.paginas),
      pasajes = 0, procesado_at = now()
  where d.id = documento;
$$;

-- 'Reprocesar' in the back office: a failed document back in the queue, as a new job.
create function public.reprocesar_documento(documento uuid)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.require_admin();
  update public.documentos d set estado = 'en_cola', motivo = null, procesado_at = null
  where d.id = documento and d.estado = 'fallido';
  if not found then
    return false;
  end if;
  insert into public.trabajos (tipo, datos, clave, max_intentos)
  values ('documento.procesar', jsonb_build_object('documento', documento),
    'documento:' || documento || ':procesar:' || floor(extract(epoch from clock_timestamp()) * 1000), 3);
  return true;
end;
$$;

revoke execute on function private.encolar_documento(), private.seguir_trabajo_documento() from public, anon, authenticated;
revoke execute on function
  public.empezar_documento(uuid),
  public.guardar_pasajes(uuid, jsonb, integer, integer, boolean),
  public.fallar_documento(uuid, text, integer)
from public, anon, authenticated;
revoke execute on function public.reprocesar_documento(uuid) from public, anon;
grant execute on function public.reprocesar_documento(uuid) to authenticated;

-- Searching, inside the client's own assistant ---------------------------------------------------------------

-- The passages of one assistant that answer a question's stems (`terminos`, as app/.server/knowledge/terms.ts
-- makes them), best first: how many of the question's stems each holds, then how often. A passage answers when it
-- holds more than half of them (any, for a question of one): one word of two is a coincidence. A stem no passage of
-- the assistant has is read as the nearest one it has (a typo: 'factruas' → 'factur'). Only the assistant's owner
-- or an admin may search it; anyone else is refused, whatever the assistant's id.
create function public.buscar_pasajes(asistente uuid, terminos text[], cuantos integer default 5)
returns table (
  documento_id uuid, documento text, tipo text, pagina integer, texto text, coincidencias integer, puntuacion real
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  duenio uuid;
  -- The question's stems as the assistant knows them, the rarest first.
  buscados text[];
  necesarios integer;
  consulta tsquery;
  candidatos tsquery;
  cuenta text;
begin
  select a.user_id into duenio from public.asistentes a where a.id = asistente;
  if duenio is null or (duenio <> (select auth.uid()) and not public.is_admin()) then
    raise exception 'asistente no encontrado' using errcode = '42501';
  end if;
  select coalesce(array_agg(termino order by frecuencia, termino), '{}') into buscados
  from (
    select coalesce(conocido.termino, t) as termino, max(coalesce(conocido.pasajes, 0)) as frecuencia
    from unnest(terminos[1:20]) t
    left join lateral (
      select v.termino, v.pasajes from public.vocabulario v
      where v.asistente_id = asistente and (v.termino = t or (char_length(t) >= 4 and v.termino operator(extensions.%) t))
      order by v.termino = t desc, extensions.similarity(v.termino, t) desc
      limit 1
    ) conocido on true
    where t ~ '^[[:alnum:]]+$'
    group by 1
  ) conocidos;
  if cardinality(buscados) = 0 then
    return;
  end if;
  necesarios := cardinality(buscados) / 2 + 1;
  consulta := array_to_string(buscados, ' | ')::tsquery;
  -- Only the passages that answer are read and ranked: those holding one of the groups of `necesarios` stems
  -- ('(a & b) | (a & c) | (b & c)' for three), which the index finds without reading the rest. A common word
  -- ('cliente', the firm's own name) would otherwise have the search read most of the assistant's passages for
  -- answers that need another word of the question anyway. Past eight stems the groups are too many (126 for
  -- nine): a passage that holds `necesarios` of them holds one of the rarest (all but necesarios - 1) at least.
  if cardinality(buscados) <= 8 then
    with recursive grupos (ultimo, grupo) as (
      select i, array[buscados[i]] from generate_subscripts(buscados, 1) i
      union all
      select i, g.grupo || buscados[i] from grupos g, generate_subscripts(buscados, 1) i
      where i > g.ultimo and cardinality(g.grupo) < necesarios
    )
    select string_agg('(' || array_to_string(grupo, ' & ') || ')', ' | ')::tsquery into candidatos
    from grupos where cardinality(grupo) = necesarios;
  else
    candidatos := array_to_string(buscados[1:cardinality(buscados) - necesarios + 1], ' | ')::tsquery;
  end if;
  -- How many stems a passage holds, written out ('(terminos @@ a) + (terminos @@ b)'): a subquery over the stems
  -- for each passage read costs as much again as reading it. The stems are letters and digits, quoted anyway.
  select string_agg(format('(c.terminos @@ %L::tsquery)::integer', b), ' + ') into cuenta from unnest(buscados) b;
  return query execute format($consulta$
    select p.documento_id, d.nombre, d.tipo, p.pagina, p.texto, p.coincidencias, p.puntuacion
    from (
      select c.id, c.documento_id, c.pagina, c.texto, %s as coincidencias, ts_rank(c.terminos, $2) as puntuacion
      from public.pasajes c
      where c.asistente_id = $1 and c.terminos @@ $3
    ) p
    join public.documentos d on d.id = p.documento_id
    where p.coincidencias >= $4 and d.estado = 'listo'
    order by p.coincidencias desc, p.puntuacion desc, p.id
    limit $5
  $consulta$, cuenta) using asistente, consulta, candidatos, necesarios, least(greatest(cuantos, 1), 20);
end;
$$;

revoke execute on function public.buscar_pasajes(uuid, text[], integer) from public, anon;
grant execute on function public.buscar_pasajes(uuid, text[], integer) to authenticated;

-- The back office: every assistant's documents, their states and errors, with the plan's count ----------------

create function public.admin_documentos(asistente uuid default null, estado text default null, cuantos integer default 100)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.require_admin();
  return jsonb_build_object(
    'rows', coalesce((
      select jsonb_agg(to_jsonb(fila) order by fila.subido_at desc, fila.id)
      from (
        select d.id, d.asistente_id, a.nombre as asistente, u.email as cliente, d.nombre, d.tipo, d.tamano, d.paginas,
          d.estado, d.motivo, d.pasajes, d.subido_at, d.procesado_at,
          (select t.ultimo_error from public.trabajos t
           where t.tipo = 'documento.procesar' and t.datos ->> 'documento' = d.id::text
           order by t.created_at desc limit 1) as error
        from public.documentos d
        join public.asistentes a on a.id = d.asistente_id
        left join public.usuarios u on u.id = d.user_id
        where (admin_documentos.asistente is null or d.asistente_id = admin_documentos.asistente)
          and (admin_documentos.estado is null or d.estado = admin_documentos.estado)
        order by d.subido_at desc, d.id
        limit least(greatest(cuantos, 1), 500)
      ) fila
    ), '[]'::jsonb),
    'asistentes', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', a.id, 'nombre', a.nombre, 'cliente', u.email, 'plan', private.plan_activo(a.user_id),
        'limite', private.limite_documentos(private.plan_activo(a.user_id)),
        'usados', (select count(*) from public.documentos d where d.asistente_id = a.id),
        'fallidos', (select count(*) from public.documentos d where d.asistente_id = a.id and d.estado = 'fallido'),
        'en_marcha', (select count(*) from public.documentos d
                      where d.asistente_id = a.id and d.estado in ('en_cola', 'procesando'))
      ) order by a.nombre, a.id)
      from public.asistentes a
      left join public.usuarios u on u.id = a.user_id
      where exists (select 1 from public.documentos d where d.asistente_id = a.id)
        or a.id = admin_documentos.asistente
    ), '[]'::jsonb),
    'cola', (
      select json_build_object(
        'pendientes', count(*) filter (where t.estado = 'pendiente'),
        'en_curso', count(*) filter (where t.estado = 'en_curso'),
        'fallidos', count(*) filter (where t.estado = 'fallido'),
        'mas_antiguo', min(t.created_at) filter (where t.estado in ('pendiente', 'en_curso'))
      )
      from public.trabajos t
      where t.tipo = 'documento.procesar'
    )
  );
end;
$$;

revoke execute on function public.admin_documentos(uuid, text, integer) from public, anon;
grant execute on function public.admin_documentos(uuid, text, integer) to authenticated;
