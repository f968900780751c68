-- Demo data for local development and tests (`supabase db reset` and the local stand-in load it).
-- Accounts (README): admin@kia.test / kia-admin-2025 (admin) and cliente@kia.test / kia-cliente-2025 (cliente).

-- The token columns are set to '' because GoTrue cannot read NULL into them.
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  confirmation_token, recovery_token, email_change_token_new, email_change,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at
) values
  ('00000000-0000-0000-0000-000000000000', 'a0000000-0000-4000-8000-000000000001', 'authenticated',
   'authenticated', 'admin@kia.test', extensions.crypt('kia-admin-2025', extensions.gen_salt('bf')), now(),
   '', '', '', '',
   '{"provider":"email","providers":["email"]}', '{"full_name":"Laura Martínez"}', now(), now()),
  ('00000000-0000-0000-0000-000000000000', 'c0000000-0000-4000-8000-000000000001', 'authenticated',
   'authenticated', 'cliente@kia.test', extensions.crypt('kia-cliente-2025', extensions.gen_salt('bf')), now(),
   '', '', '', '',
   '{"provider":"email","providers":["email"]}', '{"full_name":"Javier Ortega"}', now(), now());

insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
select u.id::text, u.id,
  jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false),
  'email', now(), now()
from auth.users u
where u.email in ('admin@kia.test', 'cliente@kia.test');

-- The sign-up trigger created both profiles as cliente.
update public.usuarios set role = 'admin', nombre = 'Laura', apellidos = 'Martínez'
where id = 'a0000000-0000-4000-8000-000000000001';
update public.usuarios set nombre = 'Javier', apellidos = 'Ortega', telefono = '612345678', phone = '+34612345678',
  preferencia_comunicacion = 'ambos'
where id = 'c0000000-0000-4000-8000-000000000001';

-- Bookings of the demo client, relative to today so there is always an upcoming one.
with dias as (
  select d::date as fecha, row_number() over (order by d) as n
  from generate_series(current_date + 1, current_date + 21, interval '1 day') d
  where extract(isodow from d) between 1 and 5
), pasados as (
  select d::date as fecha, row_number() over (order by d desc) as n
  from generate_series(current_date - 30, current_date - 1, interval '1 day') d
  where extract(isodow from d) between 1 and 5
)
insert into public.reservas (user_id, fecha, hora, motivo, status, meet_url, event_id, nombre, email)
select 'c0000000-0000-4000-8000-000000000001', fecha, hora::time, motivo, status, meet_url, event_id,
  'Javier Ortega', 'cliente@kia.test'
from (
  select (select fecha from dias where n = 2) as fecha, '10:30' as hora,
    'Demostración del asistente KIA' as motivo, 'confirmada' as status,
    'https://meet.jit.si/kia-demo-seed-proxima' as meet_url, 'seed-proxima' as event_id
  union all
  select (select fecha from dias where n = 6), '12:00', 'Integración con WhatsApp Business', 'confirmada',
    'https://meet.jit.si/kia-demo-seed-whatsapp', 'seed-whatsapp'
  union all
  select (select fecha from pasados where n = 3), '11:00', 'Facturación VERIFACTU', 'confirmada',
    'https://meet.jit.si/kia-demo-seed-pasada', 'seed-pasada'
  union all
  select (select fecha from pasados where n = 8), '13:00', null, 'cancelada', null, 'seed-cancelada'
  union all
  select (select fecha from dias where n = 4), '10:00', 'Revisión del plan Business', 'cancelada', null,
    'seed-cancelada-futura'
) as demo;

-- The demo client's billing (issue 55): Business monthly since the first of the month before last, three
-- paid invoices, renewing on the first of next month. The Stripe stand-in holds the same customer,
-- subscription and invoices under the same ids (local/stripe/demo.ts), so the portal and the stand-in
-- agree. Periods start at midnight UTC on the first of a month, a date both sides work out alike.
insert into public.stripe_customers (user_id, customer_id, created_at)
select 'c0000000-0000-4000-8000-000000000001', 'cus_KiaDemoJavier1',
  (date_trunc('month', now() at time zone 'UTC') - interval '2 months') at time zone 'UTC';

insert into public.suscripciones (
  id, user_id, customer_id, price_id, plan, periodo, status, current_period_end, cancel_at_period_end,
  amount, currency, price_interval, created_at
)
select 'sub_KiaDemoBusinessMonthly01', 'c0000000-0000-4000-8000-000000000001', 'cus_KiaDemoJavier1',
  'price_local_business_monthly', 'business', 'monthly', 'active',
  (date_trunc('month', now() at time zone 'UTC') + interval '1 month') at time zone 'UTC', false,
  19900, 'eur', 'month',
  (date_trunc('month', now() at time zone 'UTC') - interval '2 months') at time zone 'UTC';

-- Their hosted pages on the stand-in's default address (the app's local default, STRIPE_API_URL).
-- A Spanish company: 199 € and 21 % IVA, 240,79 €, as Stripe Tax charges it (docs/decisions/019-iva.md).
insert into public.facturas (
  id, user_id, customer_id, subscription_id, number, status, billing_reason, currency, total, total_excluding_tax,
  tax, amount_due, amount_paid, hosted_invoice_url, invoice_pdf, created_at
)
select 'in_KiaDemoInvoice000000000' || n, 'c0000000-0000-4000-8000-000000000001', 'cus_KiaDemoJavier1',
  'sub_KiaDemoBusinessMonthly01', 'KIADEMO-000' || n, 'paid',
  case when n = 1 then 'subscription_create' else 'subscription_cycle' end, 'eur', 24079, 19900, 4179, 24079, 24079,
  'http://127.0.0.1:12111/i/test_KiaDemoInvoicePage00000000000000000000000' || n,
  'http://127.0.0.1:12111/invoice/test_KiaDemoInvoicePage00000000000000000000000' || n || '/pdf',
  (date_trunc('month', now() at time zone 'UTC') + (n - 3) * interval '1 month') at time zone 'UTC'
from generate_series(1, 3) n;

-- Their assistant, live on the web and WhatsApp for some weeks now.
insert into public.asistentes (id, user_id, nombre, empresa, canales, estado, fecha_activacion, nota, created_at)
select 'a5000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000001', 'Asistente de Ortega Asesores',
  'Ortega Asesores', array['web', 'whatsapp'], 'activo',
  (date_trunc('month', now() at time zone 'UTC') - interval '2 months' + interval '14 days')::date,
  'Responde las consultas de clientes y recuerda los plazos fiscales.',
  (date_trunc('month', now() at time zone 'UTC') - interval '2 months') at time zone 'UTC';

-- The support inbox: the client's request about their assistant, answered by Laura, and a visitor's message
-- nobody has read yet.
insert into public.form_submissions (id, form_type, data, status, assignee, solicitante, asistente_id, created_at)
values
  ('f5000000-0000-4000-8000-000000000001', 'soporte',
   '{"subject":"Añadir el horario de verano","message":"Hola, en julio y agosto abrimos de 8:00 a 15:00. ¿Podéis enseñárselo al asistente para que lo diga cuando le pregunten?"}',
   'en_curso', 'a0000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000001',
   'a5000000-0000-4000-8000-000000000001', now() - interval '2 days'),
  ('f5000000-0000-4000-8000-000000000002', 'Contacto General',
   '{"name":"Marta Gil","email":"marta.gil@kia.test","message":"Hola, tenemos una clínica dental y nos interesa un asistente para WhatsApp. ¿Podemos hablar esta semana?"}',
   'nueva', null, null, null, now() - interval '3 hours');

insert into public.form_submission_events (submission_id, kind, author, subject, body, created_at) values
  ('f5000000-0000-4000-8000-000000000001', 'respuesta', 'a0000000-0000-4000-8000-000000000001',
   'Re: Añadir el horario de verano',
   'Hola, Javier: ya lo hemos añadido. Desde el 1 de julio el asistente dará el horario de verano. Te avisamos cuando esté probado.',
   now() - interval '1 day');

-- Blog -------------------------------------------------------------------------------------------

insert into public.blog_tags (id, name) values
  ('b1000000-0000-4000-8000-000000000001', 'VERIFACTU'),
  ('b1000000-0000-4000-8000-000000000002', 'Gestorías'),
  ('b1000000-0000-4000-8000-000000000003', 'WhatsApp Business'),
  ('b1000000-0000-4000-8000-000000000004', 'Automatización'),
  ('b1000000-0000-4000-8000-000000000005', 'Inteligencia artificial'),
  ('b1000000-0000-4000-8000-000000000006', 'Pymes');

insert into public.blog_posts (id, title, slug, excerpt, content, image_url, author, published_at) values
(
  'b2000000-0000-4000-8000-000000000001',
  'VERIFACTU: qué cambia en la facturación de tu empresa y cómo prepararte',
  'verifactu-que-cambia-y-como-prepararte',
  'El nuevo sistema de facturación verificable de la Agencia Tributaria obliga a adaptar el software de facturación. Te explicamos los plazos, los requisitos y cómo automatizarlo.',
  '<p>El Reglamento de sistemas informáticos de facturación, conocido como <strong>VERIFACTU</strong>, exige que el software con el que emites tus facturas garantice la integridad, la trazabilidad y la inalterabilidad de cada registro. Cada factura queda encadenada a la anterior mediante una huella digital y, si lo eliges, se remite automáticamente a la Agencia Tributaria.</p>
<h2>¿A quién afecta?</h2>
<p>A las sociedades y a los autónomos que facturan con un programa informático, con independencia de su tamaño. Quedan fuera quienes ya están acogidos al Suministro Inmediato de Información (SII).</p>
<h2>Qué debe hacer tu sistema de facturación</h2>
<ul>
<li>Generar un registro de facturación por cada factura emitida o anulada.</li>
<li>Incluir en la factura un código QR que permita al cliente comprobarla en la sede electrónica.</li>
<li>Conservar un registro de eventos que no pueda modificarse.</li>
</ul>
<h2>Cómo te ayuda un asistente inteligente</h2>
<p>Un asistente entrenado con tus datos puede preparar cada factura con los requisitos de VERIFACTU, avisarte de los errores antes de emitirla y dejarla lista para su envío. Tú revisas y confirmas; el resto es automático.</p>',
  null, 'Laura Martínez', now() - interval '3 days'
),
(
  'b2000000-0000-4000-8000-000000000002',
  'Inteligencia artificial para gestorías: cinco tareas que ya puedes delegar',
  'inteligencia-artificial-para-gestorias',
  'Recordatorios fiscales, clasificación de documentos, respuestas a clientes… Repasamos las tareas de una gestoría que un asistente de IA resuelve hoy con seguridad.',
  '<p>Las gestorías viven en un calendario fiscal exigente y con clientes que preguntan lo mismo una y otra vez. Un asistente de inteligencia artificial entrenado con los procedimientos del despacho libera horas cada semana.</p>
<h2>1. Recordatorios de obligaciones fiscales</h2>
<p>Modelos trimestrales, pagos fraccionados, declaraciones informativas: el asistente avisa a cada cliente con antelación y le pide la documentación que falta.</p>
<h2>2. Clasificación de documentos</h2>
<p>Facturas, nóminas y extractos llegan por correo o WhatsApp. El asistente los reconoce, los nombra y los archiva en la carpeta correcta de Google Drive.</p>
<h2>3. Respuestas a preguntas frecuentes</h2>
<p>¿Puedo deducirme este gasto? ¿Cuándo se presenta el modelo 303? Las respuestas salen de tu propia base de conocimiento, con el tono del despacho.</p>
<h2>4. Borradores de correos</h2>
<p>El asistente redacta la respuesta y tú decides si la envías tal cual o la ajustas.</p>
<h2>5. Preparación de facturas</h2>
<p>Con los datos del cliente y del servicio, prepara la factura y la deja lista para revisar.</p>',
  null, 'Javier Ruiz', now() - interval '9 days'
),
(
  'b2000000-0000-4000-8000-000000000003',
  'WhatsApp Business y un asistente de IA: atención al cliente las 24 horas',
  'whatsapp-business-asistente-ia',
  'Tus clientes ya escriben por WhatsApp. Conectar un asistente entrenado con tu información permite responder al instante sin perder el trato cercano.',
  '<p>Más del 90 % de los usuarios de móvil en España utilizan WhatsApp a diario. Para muchos negocios es ya el principal canal de contacto, y también el que más interrupciones genera.</p>
<h2>Respuestas al instante, con tu información</h2>
<p>El asistente se entrena con tus tarifas, horarios, condiciones y preguntas frecuentes. Responde en segundos y, cuando una consulta necesita a una persona, te la pasa con el contexto completo.</p>
<h2>Citas, recordatorios y documentos</h2>
<p>Puede agendar citas en tu calendario, recordar pagos pendientes y recibir documentos que guarda directamente en tu nube.</p>
<h2>Privacidad ante todo</h2>
<p>Las conversaciones se tratan conforme al RGPD y los datos se quedan en tu entorno. Tú decides qué puede responder el asistente y qué no.</p>',
  null, 'Laura Martínez', now() - interval '16 days'
),
(
  'b2000000-0000-4000-8000-000000000004',
  'Automatiza la bandeja de entrada: respuestas inteligentes al correo electrónico',
  'automatiza-la-bandeja-de-entrada',
  'El correo sigue siendo la herramienta de trabajo número uno. Un asistente que clasifica, prioriza y redacta respuestas puede devolverte una hora al día.',
  '<p>La mayoría de los profesionales dedican más de dos horas al día al correo electrónico. Buena parte de ese tiempo se va en mensajes repetitivos que siguen siempre el mismo patrón.</p>
<h2>Clasificar y priorizar</h2>
<p>El asistente identifica facturas, solicitudes de presupuesto, incidencias y consultas, y marca lo que necesita tu atención hoy.</p>
<h2>Redactar con tu estilo</h2>
<p>Aprende de tus respuestas anteriores para proponer borradores con tu tono. Tú solo revisas y envías.</p>
<h2>Conectado con tus herramientas</h2>
<p>Si un correo incluye una factura, la archiva; si propone una reunión, consulta tu calendario y sugiere huecos libres.</p>',
  null, 'Equipo KIA', now() - interval '24 days'
),
(
  'b2000000-0000-4000-8000-000000000005',
  'Cómo entrenar un asistente con los documentos de tu empresa',
  'como-entrenar-un-asistente-con-tus-documentos',
  'Manuales, tarifas, contratos y preguntas frecuentes: así convertimos el conocimiento de tu negocio en un asistente que responde como tú.',
  '<p>Un asistente genérico sabe de todo un poco; el tuyo tiene que saber de tu negocio. Por eso el primer paso de cada proyecto KIA es reunir y ordenar tu conocimiento.</p>
<h2>Qué documentos sirven</h2>
<p>Catálogos, listas de precios, procedimientos internos, condiciones de contratación, correos tipo y preguntas frecuentes. Cuanto más concretos, mejores respuestas.</p>
<h2>Cómo lo hacemos</h2>
<ol>
<li>Revisamos contigo qué información puede usar el asistente y cuál no.</li>
<li>Preparamos los documentos y los indexamos de forma segura.</li>
<li>Probamos el asistente con preguntas reales antes de la entrega.</li>
</ol>
<p>El plan Starter admite hasta 100 documentos, Business hasta 500 y Enterprise no tiene límite inicial.</p>',
  null, 'Javier Ruiz', now() - interval '33 days'
),
(
  'b2000000-0000-4000-8000-000000000006',
  'Digitalizar una pyme en 2025 sin grandes inversiones',
  'digitalizar-una-pyme-sin-grandes-inversiones',
  'La digitalización no exige cambiarlo todo. Empezar por las tareas repetitivas y conectar las herramientas que ya usas da resultados desde el primer mes.',
  '<p>Muchas pymes aplazan la digitalización porque la imaginan cara y lenta. La realidad es que el mayor retorno suele estar en automatizar lo pequeño y repetitivo.</p>
<h2>Empieza por lo que más tiempo te quita</h2>
<p>Apunta durante una semana las tareas que repites a diario. Recordatorios, respuestas a clientes y gestión de facturas suelen encabezar la lista.</p>
<h2>Conecta lo que ya tienes</h2>
<p>Google Workspace, tu pasarela de pago y WhatsApp Business pueden trabajar juntos a través de un asistente, sin cambiar de herramientas.</p>
<h2>Mide y amplía</h2>
<p>Con una función activa ya se nota la diferencia. Después, añade canales y funciones a medida que el negocio lo pida.</p>',
  -- A fixed day of the year its title names, whenever the seed is loaded (issue 55).
  null, 'Equipo KIA', timestamptz '2025-03-12 10:00:00+01'
),
(
  'b2000000-0000-4000-8000-000000000007',
  'Borrador: novedades del plan Enterprise',
  'borrador-novedades-plan-enterprise',
  'Artículo en preparación.',
  '<p>Este artículo aún no está publicado.</p>',
  null, 'Equipo KIA', null
);

insert into public.blog_post_tags (post_id, tag_id) values
  ('b2000000-0000-4000-8000-000000000001', 'b1000000-0000-4000-8000-000000000001'),
  ('b2000000-0000-4000-8000-000000000001', 'b1000000-0000-4000-8000-000000000004'),
  ('b2000000-0000-4000-8000-000000000002', 'b1000000-0000-4000-8000-000000000002'),
  ('b2000000-0000-4000-8000-000000000002', 'b1000000-0000-4000-8000-000000000005'),
  ('b2000000-0000-4000-8000-000000000003', 'b1000000-0000-4000-8000-000000000003'),
  ('b2000000-0000-4000-8000-000000000003', 'b1000000-0000-4000-8000-000000000005'),
  ('b2000000-0000-4000-8000-000000000004', 'b1000000-0000-4000-8000-000000000004'),
  ('b2000000-0000-4000-8000-000000000005', 'b1000000-0000-4000-8000-000000000005'),
  ('b2000000-0000-4000-8000-000000000006', 'b1000000-0000-4000-8000-000000000006'),
  ('b2000000-0000-4000-8000-000000000006', 'b1000000-0000-4000-8000-000000000004'),
  ('b2000000-0000-4000-8000-000000000007', 'b1000000-0000-4000-8000-000000000001');

-- The demo data above is history, not news: the e-mails and meeting links its writes enqueued are not sent.
delete from public.trabajos;

-- The assistant's documents (issue 67, decision 018): three PDFs the client handed over in its first weeks. Their
-- files are supabase/buckets/documentos/<objeto> (`npm run seed:documents` makes them, and prints the sizes and
-- hashes below), which `supabase db reset`, `supabase start` on a new database and the local stand-in upload to
-- the bucket once this file has run (config.toml's [storage.buckets.documentos]). Reading them is news: each
-- row's job stays in the queue, so the first run's worker makes their passages (en_cola, then listo) and
-- 'Probar el asistente' answers from them.
insert into public.documentos (id, asistente_id, user_id, nombre, objeto, tipo, tamano, sha256, subido_por, subido_at)
select d.id, 'a5000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000001', d.nombre,
  'c0000000-0000-4000-8000-000000000001/a5000000-0000-4000-8000-000000000001/' || d.id || '.pdf', 'pdf', d.tamano,
  d.sha256, 'c0000000-0000-4000-8000-000000000001', now() - d.dias * interval '1 day'
from (values
  ('d5000000-0000-4000-8000-000000000001'::uuid, 'Calendario fiscal para clientes.pdf', 5798,
   '5a850812124271f1dae90673594cbb1106aaf19be84cd7408ef0c771dcbabb0f', 40),
  ('d5000000-0000-4000-8000-000000000002'::uuid, 'Tarifas y servicios.pdf', 2398,
   '30389987f214eaf8c9884a9606a5e4eb02a3ce1b0dba1c88ffe8853936bd41a0', 39),
  ('d5000000-0000-4000-8000-000000000003'::uuid, 'Preguntas frecuentes de los clientes.pdf', 3605,
   'a0b1bed2142a997cad21a27515ce5039956b366d6a4c68d819a72a4c97d174ac', 12)
) as d (id, nombre, tamano, sha256, dias);
