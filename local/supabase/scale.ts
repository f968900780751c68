import type { Database } from './db'

/**
 * Realistic volume for the admin pages: `bookings` demo meetings on distinct
 * weekday slots (so the one-confirmed-per-slot rule holds) and `users`
 * accounts with profiles (created by the sign-up trigger), all in SQL.
 */
export async function seedScale(db: Database, { bookings = 100_000, users = 10_000 } = {}) {
	await db.query(`
		insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
		  confirmation_token, recovery_token, email_change_token_new, email_change,
		  raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
		select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
		  'usuario' || n || '@empresa' || (n % 97) || '.es', null, now(), '', '', '', '',
		  '{"provider":"email","providers":["email"]}',
		  jsonb_build_object('full_name',
		    (array['Lucía','Hugo','Martina','Mateo','Sofía','Leo','Julia','Daniel','Paula','Álvaro'])[1 + n % 10] || ' ' ||
		    (array['García','Rodríguez','González','Fernández','López','Martínez','Sánchez','Pérez','Gómez','Martín'])[1 + (n / 10) % 10]),
		  now(), now()
		from generate_series(1, ${Number(users)}) n;

		with slots as (
			select d::date as fecha, h::time as hora, row_number() over (order by d desc, h) as n
			from generate_series('1970-01-01'::date, current_date + 60, interval '1 day') d
			cross join unnest(array['10:00','10:30','11:00','11:30','12:00','12:30','13:00','13:30']) h
			where extract(isodow from d) between 1 and 5
			  -- No booking earlier today: the past is history, and a new booking must still be to come.
			  and (d::date < (now() at time zone 'Europe/Madrid')::date or d + h::time > now() at time zone 'Europe/Madrid')
			  and not exists (select 1 from public.reservas r where r.fecha = d::date and r.hora = h::time)
		)
		insert into public.reservas (fecha, hora, motivo, status, nombre, email)
		select fecha, hora,
			(array['Demostración del asistente KIA','Facturación VERIFACTU','WhatsApp Business','Consulta sobre tarifas', null])[1 + n % 5],
			case when n % 10 = 0 then 'cancelada' else 'confirmada' end,
			(array['Lucía','Hugo','Martina','Mateo','Sofía','Leo','Julia','Daniel','Paula','Álvaro'])[1 + n % 10] || ' ' ||
			(array['García','Rodríguez','González','Fernández','López','Martínez','Sánchez','Pérez','Gómez','Martín'])[1 + (n / 10) % 10],
			'cliente' || n || '@empresa' || (n % 97) || '.es'
		from slots
		where n <= ${Number(bookings)};

		-- Made-up clients at made-up addresses: nobody to e-mail, no meeting to make. (The jobs this statement's
		-- inserts enqueued: their created_at is its transaction's now().)
		delete from public.trabajos where created_at = now();
	`)
	// What autovacuum does in time after a bulk load, done at once so the pages are measured as they will
	// run: statistics for the planner, the visibility map for index-only scans, and the trigram indexes'
	// pending entries moved into the index proper (left pending, every search reads them all).
	await db.query('vacuum analyze auth.users, public.reservas, public.usuarios')
}
