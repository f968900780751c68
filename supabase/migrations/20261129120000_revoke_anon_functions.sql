-- Who may run the functions of public. PostgREST exposes every one of them at /rest/v1/rpc, and Supabase's
-- default privileges (plus PostgreSQL's own EXECUTE for PUBLIC) grant each new function to anon and
-- authenticated; the migrations revoked only from public, so anon could still call admin_soporte,
-- admin_asistentes, admin_suscripciones, admin_pagos and admin_pagos_fallidos. require_admin() inside them
-- refused it, but one mistake in a function would have been open to anyone with the public key.
-- tests/integration/supabase/function-grants.test.ts lists what each API role may run, with why.

-- anon runs no function of public: no policy for anon calls one and no page calls one without a session.
revoke execute on function
  public.admin_soporte(text, integer, integer, text, text, uuid, boolean),
  public.admin_asistentes(text, integer, integer, text, text),
  public.admin_suscripciones(text, integer, integer, text, text, text),
  public.admin_pagos(text, integer, integer, text, text),
  public.admin_pagos_fallidos(text, integer, integer, text),
  public.is_admin()
from public, anon;

-- A trigger runs its function without checking EXECUTE, so a trigger function is nobody's to call.
revoke execute on function public.set_updated_at() from public, anon, authenticated;

-- From now on a function is the server's alone until its migration grants it, as tables already are
-- (decision 003). The schema-level defaults name anon and authenticated; EXECUTE for PUBLIC is PostgreSQL's
-- global default, which only a global ALTER DEFAULT PRIVILEGES removes (it applies to functions this role
-- creates in any schema, which is what we want of private's too). service_role keeps its default grant.
alter default privileges in schema public revoke execute on functions from anon, authenticated;
alter default privileges revoke execute on functions from public;
