import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startSupabase, type LocalSupabase } from '../../local/supabase/server'
import { seededDatabase } from './database'
import { seededStorageDir, smtpPort } from './urls'

export type StorageStandIn = {
	supabase: LocalSupabase
	/** The files the stand-in holds, hidden ones (half-written) included. */
	storedFiles: () => Promise<string[]>
	stop: () => Promise<void>
}

/** A stand-in as startTestSupabase's (the seed's objects' files included), over a files folder the test can look into. */
export async function startStorageStandIn(): Promise<StorageStandIn> {
	const storageDir = await mkdtemp(join(tmpdir(), 'kia-storage-test-'))
	const supabase = await startSupabase({
		database: await seededDatabase(),
		port: 0,
		log: false,
		mail: { host: '127.0.0.1', port: smtpPort(), from: 'KIA <no-reply@kia.test>' },
		storageDir,
		storageFrom: seededStorageDir(),
	})
	return {
		supabase,
		storedFiles: async () => (await readdir(storageDir)).sort(),
		stop: async () => {
			await supabase.stop()
			await rm(storageDir, { recursive: true, force: true })
		},
	}
}

/**
 * A private bucket as an app migration would make it (2 KiB, PDFs, images and plain text), with the
 * policies of "each client their own folder": the first segment of the name is the user's id.
 */
export async function createClientFilesBucket(supabase: LocalSupabase, bucket: string) {
	const ownFolder = `bucket_id = '${bucket}' and (storage.foldername(name))[1] = (select auth.uid()::text)`
	await supabase.db.query(`
		insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
		values ('${bucket}', '${bucket}', false, 2048, array['application/pdf', 'image/*', 'text/plain']);
		create policy "${bucket}: read own" on storage.objects for select to authenticated using (${ownFolder});
		create policy "${bucket}: add own" on storage.objects for insert to authenticated with check (${ownFolder});
		create policy "${bucket}: replace own" on storage.objects for update to authenticated
		  using (${ownFolder}) with check (${ownFolder});
		create policy "${bucket}: remove own" on storage.objects for delete to authenticated using (${ownFolder});
	`)
}

/** The versions `storage.objects` points at: the files that should exist, and no others. */
export async function listedVersions(supabase: LocalSupabase) {
	const { rows } = await supabase.db.query<{ version: string }>(
		'select version from storage.objects where version is not null order by version',
	)
	return rows.map((row) => row.version)
}
