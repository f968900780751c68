-- Assistants (issue 22): the product KIA sells is an assistant per client. The team records each one
-- in /admin/asistentes (its channels, where it stands, when it went live, a note for the client) and
-- the client follows theirs in /dashboard/asistentes.
--
-- Admins write through the API as themselves, so RLS decides: only an admin creates, changes or
-- deletes an assistant; a client reads their own and nobody else's (the select policy of the schema
-- migration). Who owns an assistant is set when it is created and never changed through the API.

alter table public.asistentes
  -- Where the assistant works. Every plan includes the private web app, so that is where one starts.
  add column canales text[] not null default array['web']::text[],
  add column estado text not null default 'en_preparacion',
  -- When it went live, or is planned to: a day in Madrid's calendar, not an instant.
  add column fecha_activacion date,
  -- What the team tells the client about it, shown on their card.
  add column nota text,
  add column updated_at timestamptz not null default now(),
  add constraint asistentes_nombre check (char_length(btrim(nombre)) between 1 and 120),
  add constraint asistentes_empresa check (empresa is null or char_length(empresa) <= 120),
  add constraint asistentes_canales check (
    cardinality(canales) between 1 and 6
    and canales <@ array['web', 'whatsapp', 'email', 'calendario', 'drive', 'pagos']::text[]
  ),
  add constraint asistentes_estado check (estado in ('en_preparacion', 'activo', 'en_pausa')),
  -- A live assistant went live on some day: the client's card says since when.
  add constraint asistentes_activo_con_fecha check (estado <> 'activo' or fecha_activacion is not null),
  add constraint asistentes_nota check (nota is null or char_length(nota) <= 1000);

create trigger asistentes_updated_at before update on public.asistentes
  for each row execute function public.set_updated_at();

create policy "asistentes: admins create" on public.asistentes
  for insert to authenticated
  with check ((select public.is_admin()));

create policy "asistentes: admins update" on public.asistentes
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "asistentes: admins delete" on public.asistentes
  for delete to authenticated
  using ((select public.is_admin()));

grant insert (user_id, nombre, empresa, canales, estado, fecha_activacion, nota) on public.asistentes to authenticated;
grant update (nombre, empresa, canales, estado, fecha_activacion, nota) on public.asistentes to authenticated;
grant delete on public.asistentes to authenticated;

-- { total, rows }: the assistants matching the search term (name, company, the client's name or
-- e-mail, accents ignored) and the filters, newest first; the same shape and rules as the other
-- admin lists. The table holds one row per client's assistant, hundreds rather than the bookings'
-- hundred thousand, so the search reads it whole instead of keeping an index of its own.
create function public.admin_asistentes(
  termino text,
  desde integer,
  cuantos integer,
  estado text default null,
  canal text default null
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  patron text := case when coalesce(termino, '') = '' then null else private.plano(public.contains_pattern(termino)) end;
begin
  perform public.require_admin();
  return (
    with coincidencias as (
      select a.id, a.user_id, a.nombre, a.empresa, a.canales, a.estado, a.fecha_activacion, a.nota,
        a.created_at, a.updated_at, u.full_name as cliente_nombre, u.email as cliente_email
      from public.asistentes a
      left join public.usuarios u on u.id = a.user_id
      where (patron is null or private.plano(
          a.nombre || ' ' || coalesce(a.empresa, '') || ' ' || coalesce(u.full_name, '') || ' ' || coalesce(u.email, '')
        ) like patron)
        and (admin_asistentes.estado is null or a.estado = admin_asistentes.estado)
        and (canal is null or canal = any (a.canales))
    )
    select jsonb_build_object(
      'total', (select count(*) from coincidencias),
      'rows', coalesce((
        select jsonb_agg(to_jsonb(pagina) order by pagina.created_at desc, pagina.id desc)
        from (
          select * from coincidencias
          order by created_at desc, id desc
          offset greatest(desde, 0) limit least(greatest(cuantos, 0), 100)
        ) pagina
      ), '[]'::jsonb)
    )
  );
end;
$$;

revoke all on function public.admin_asistentes(text, integer, integer, text, text) from public;
grant execute on function public.admin_asistentes(text, integer, integer, text, text) to authenticated;
