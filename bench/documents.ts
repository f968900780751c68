// A client's documents (issue 67) on the production server and its worker: a 100-page PDF from upload to ready, the
// upload request of a 5 MB file, a search of one client's 5,000 documents (100,000 passages) through
// buscar_pasajes, and the worker's memory while it reads a 50 MB PDF. Part of `npm run bench` (`npm run bench --
// documents` alone).
import { randomUUID } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import { passageTerms, questionTerms } from '../app/.server/knowledge/terms'
import { documentsPath } from '../app/lib/documents'
import { chatQuestions } from '../tests/support/chat-questions'
import {
	assistantOnPlan,
	multipartBody,
	prosePages,
	siteSentences,
	storeDocument,
	textPdf,
} from '../tests/support/documents'
import { createUser, type TestUser } from '../tests/support/supabase'
import { rawRequest } from '../tests/support/urls'
import { cpuMs, median, percentile, residentMiB, signInCookie, type BenchStack } from './support'

const readyRuns = 5
const uploadRuns = 40
const searchRounds = 3
const searchWarmUp = 20
const memoryRuns = 5
const corpus = { documents: 5_000, passagesEach: 20 }

type Client = { user: TestUser; assistant: string; cookie: string }

export async function measureDocuments(stack: BenchStack) {
	const user = await createUser(stack.services.supabaseUrl, `bench-documentos-${randomUUID()}@kia.test`)
	const assistant = await assistantOnPlan(stack.services.supabaseUrl, user, 'enterprise')
	const client = { user, assistant, cookie: await signInCookie(stack, user.email, user.password) }
	const sections = [
		await uploadToReady(stack, client),
		await uploadRequest(stack, client),
		await search(stack, client),
		await workerMemory(stack, client),
	]
	return `## A client's documents (issue 67)\n\n${sections.join('\n')}`
}

/** Its upload through the app, as the page's script sends each file (`/subir`), the answer's time and status. */
async function upload(stack: BenchStack, { assistant, cookie }: Client, name: string, bytes: Buffer) {
	const { body, type } = await multipartBody([{ name, bytes, type: 'application/pdf' }])
	const url = stack.portal(`${documentsPath(assistant)}/subir`)
	const started = performance.now()
	const answer = await rawRequest(url, {
		method: 'POST',
		body,
		headers: {
			Cookie: cookie,
			Origin: new URL(url).origin,
			'Content-Type': type,
			'Content-Length': String(body.byteLength),
		},
	})
	const ms = performance.now() - started
	if (answer.status !== 200) throw new Error(`the upload of ${name} answered ${answer.status}: ${answer.body}`)
	return ms
}

/** Waits until the document is read, looking every 20 ms; when it was first seen being read, and when ready. */
async function processed(stack: BenchStack, assistant: string, name: string) {
	let reading: number | undefined
	for (;;) {
		const { rows } = await stack.services.database.query<{ estado: string; motivo: string | null; pasajes: number }>(
			'select estado, motivo, pasajes from documentos where asistente_id = $1 and nombre = $2',
			[assistant, name],
		)
		const [row] = rows
		if (row?.estado === 'procesando') reading ??= performance.now()
		if (row?.estado === 'listo') return { reading, ready: performance.now(), passages: row.pasajes }
		if (row?.estado === 'fallido') throw new Error(`${name} failed: ${row.motivo}`)
		await new Promise((resolve) => setTimeout(resolve, 20))
	}
}

async function uploadToReady(stack: BenchStack, client: Client) {
	const rows: string[] = []
	const totals: number[] = []
	for (let run = 1; run <= readyRuns; run++) {
		const name = `Memoria anual ${run} ${randomUUID().slice(0, 8)}.pdf`
		const bytes = await textPdf(prosePages(100, { title: name }))
		const started = performance.now()
		const answered = await upload(stack, client, name, bytes)
		const { reading, ready, passages } = await processed(stack, client.assistant, name)
		totals.push(ready - started)
		rows.push(
			`| ${run} | ${(bytes.byteLength / 1e6).toFixed(2)} | ${passages} | ${answered.toFixed(0)} | ${reading ? (reading - started).toFixed(0) : '–'} | ${(ready - started).toFixed(0)} |`,
		)
		console.info(rows.at(-1))
	}
	return `### A 100-page text PDF, from upload to ready

${readyRuns} PDFs of 100 A4 pages of prose each (about 3,000 characters a page, the site's own Spanish copy), one
after the other, each uploaded through \`/subir\` as the page's script sends it and then watched in its row every 20 ms,
on the production server that also runs the worker (the default deployment: the upload wakes it). Target: ≤ 10 s.
Median **${(median(totals) / 1000).toFixed(1)} s**, slowest ${(Math.max(...totals) / 1000).toFixed(1)} s.

| run | MB | passages | upload answered ms | seen being read ms | ready ms |
|---|---|---|---|---|---|
${rows.join('\n')}
`
}

async function uploadRequest(stack: BenchStack, client: Client) {
	const samples: number[] = []
	const cpuTimes: number[] = []
	let size = 0
	for (let run = -1; run <= uploadRuns; run++) {
		const name = `Catálogo ilustrado ${run} ${randomUUID().slice(0, 8)}.pdf`
		// Ten pages of prose, each with a photo: 5.2 MB that no compression shrinks.
		const bytes = await textPdf(prosePages(10, { title: name }), { imageBytesPerPage: 520_000 })
		size = bytes.byteLength
		const cpuBefore = await cpuMs(stack.app.pid)
		const ms = await upload(stack, client, name, bytes)
		const cpu = (await cpuMs(stack.app.pid)) - cpuBefore
		// The worker reads each before the next is sent: the request alone is measured, not the worker beside it.
		await processed(stack, client.assistant, name)
		if (run > 0) {
			samples.push(ms)
			cpuTimes.push(cpu)
		}
	}
	samples.sort((a, b) => a - b)
	return `### The upload request of a 5 MB file

A ${(size / 2 ** 20).toFixed(1)} MiB PDF (ten pages of prose, each with a photo of incompressible bytes) through
\`/subir\`, ${uploadRuns} times after 2 to warm up, each a different file and each read by the worker before the next
is sent; from the first byte sent to the answer's last, on loopback (the server reads the multipart body, checks the
type by content, hashes it, stores it in Storage and registers it). Target: ≤ 300 ms. The server's CPU per upload
(its process's user and system time, in /proc's 10 ms ticks) is the part the host's load does not change.

| uploads | p50 ms | p95 ms | max ms | server CPU per upload, median ms |
|---|---|---|---|---|
| ${samples.length} | ${percentile(samples, 0.5)} | ${percentile(samples, 0.95)} | ${percentile(samples, 1)} | ${median(cpuTimes).toFixed(0)} |
`
}

/**
 * One client's archive, written as the worker writes passages (guardar_pasajes, one call a document): each document
 * about one subject (a run of neighbouring sentences of the site's copy) and its own particulars (a file number, a
 * client, invoices and amounts), as a firm's documents are. Terms are the passages' own (passageTerms).
 */
async function seedArchive(stack: BenchStack, client: Client) {
	const db = stack.services.database
	const { rows } = await db.query<{ id: string }>(
		`insert into asistentes (user_id, nombre, empresa) values ($1, 'Archivo de la gestoría', 'Gestoría Núñez')
		 returning id`,
		[client.user.id],
	)
	const archive = rows[0]?.id ?? ''
	const sentenceTerms = siteSentences.map(passageTerms)
	const firstNames = ['Lucía', 'Hugo', 'Martina', 'Mateo', 'Sofía', 'Leo', 'Julia', 'Daniel', 'Paula', 'Álvaro']
	const surnames = ['García', 'Rodríguez', 'González', 'Fernández', 'López', 'Martínez', 'Sánchez', 'Pérez', 'Gómez']
	const trades = ['Talleres', 'Panadería', 'Construcciones', 'Asesoría', 'Clínica', 'Transportes', 'Bodegas', 'Hostal']
	let random = 42
	/** A number below `below`, the same every run (a linear congruential generator's high bits). */
	const next = (below: number) => {
		random = (random * 1_103_515_245 + 12_345) % 2 ** 31
		return Math.floor((random / 2 ** 31) * below)
	}
	const particulars = [
		(file: number, company: string) =>
			`Factura F${2024 + next(3)}-${String(next(100_000)).padStart(5, '0')} a ${company}, expediente ${file}: ${next(9_000) + 100},${String(next(100)).padStart(2, '0')} euros.`,
		(file: number, company: string) =>
			`Contrato ${file}/${2024 + next(3)} entre ${company} y su gestoría, firmado el ${next(28) + 1} del ${next(12) + 1}.`,
		(file: number, company: string) =>
			`Nómina de ${firstNames[next(firstNames.length)]} ${surnames[next(surnames.length)]}, de ${company}: ${next(2_000) + 1_100} euros brutos.`,
		(file: number, company: string) =>
			`Modelo ${['303', '130', '111', '115', '390'][next(5)]} del ${next(4) + 1}T de ${company}, justificante ${file}${next(1_000)}.`,
	]
	const started = performance.now()
	const batch = 100
	for (let from = 0; from < corpus.documents; from += batch) {
		const documents = Array.from({ length: Math.min(batch, corpus.documents - from) }, (_, n) => {
			const number = from + n + 1
			const id = randomUUID()
			const subject = next(siteSentences.length)
			const company = `${trades[next(trades.length)]} ${surnames[next(surnames.length)]} ${firstNames[next(firstNames.length)]}`
			const passages = Array.from({ length: corpus.passagesEach }, (_, passage) => {
				// A page's first passage names its particulars, as a letterhead or a heading would.
				const texts = passage % 4 === 0 ? [particulars[next(particulars.length)]?.(number, company) ?? ''] : []
				const terms = texts.map(passageTerms)
				for (let sentence = 0; sentence < 5; sentence++) {
					const index = (subject + next(40)) % siteSentences.length
					texts.push(siteSentences[index] ?? '')
					terms.push(sentenceTerms[index] ?? '')
				}
				return { pagina: Math.floor(passage / 4) + 1, texto: texts.join(' '), terminos: terms.join(' ') }
			})
			return { id, name: `Expediente ${number} · ${company}.pdf`, passages }
		})
		await db.transaction(async (tx) => {
			await tx.query(
				`insert into documentos (id, asistente_id, user_id, nombre, objeto, tipo, tamano, sha256, estado, subido_por)
				 select d.id, $1, $2, d.nombre, d.objeto, 'pdf', 180000, encode(sha256(d.id::text::bytea), 'hex'),
				   'procesando', $2
				 from unnest($3::uuid[], $4::text[], $5::text[]) as d (id, nombre, objeto)`,
				[
					archive,
					client.user.id,
					documents.map((d) => d.id),
					documents.map((d) => d.name),
					documents.map((d) => `${client.user.id}/${archive}/${d.id}.pdf`),
				],
			)
			// Their rows enqueue their reading; nobody is to read these (they have no file), so the jobs go before commit.
			await tx.query(`delete from trabajos where tipo = 'documento.procesar' and datos ->> 'documento' = any($1)`, [
				documents.map((d) => d.id),
			])
			for (const document of documents)
				await tx.query('select public.guardar_pasajes($1, $2::jsonb, 5)', [
					document.id,
					JSON.stringify(document.passages),
				])
		})
	}
	const seconds = (performance.now() - started) / 1000
	await db.query('vacuum analyze pasajes, documentos, vocabulario')
	const { rows: counts } = await db.query<{ pasajes: number; vocabulario: number; mb: number }>(
		`select (select count(*) from pasajes where asistente_id = $1)::int as pasajes,
		   (select count(*) from vocabulario where asistente_id = $1)::int as vocabulario,
		   round(pg_total_relation_size('pasajes') / 1e6)::int as mb`,
		[archive],
	)
	return { archive, seconds, ...counts[0] }
}

/** How many passages hold each stem as the search reads it (a typo as the nearest stem), from the vocabulary. */
async function passagesHolding(stack: BenchStack, archive: string, stem: string) {
	const { rows } = await stack.services.database.query<{ termino: string; pasajes: number }>(
		`select v.termino, v.pasajes from vocabulario v
		 where v.asistente_id = $1 and (v.termino = $2 or (char_length($2) >= 4 and v.termino operator(extensions.%) $2))
		 order by v.termino = $2 desc, extensions.similarity(v.termino, $2) desc limit 1`,
		[archive, stem],
	)
	return rows[0] ?? { termino: stem, pasajes: 0 }
}

/** The passages that answer a question (those holding more than half of its stems): what the search ranks. */
async function answering(stack: BenchStack, archive: string, stems: { termino: string }[]) {
	const { rows } = await stack.services.database.query<{ count: number }>(
		`select count(*)::int from pasajes p where p.asistente_id = $1
		   and (select count(*) from unnest($2::text[]) t where p.terminos @@ t::tsquery) > cardinality($2::text[]) / 2`,
		[archive, [...new Set(stems.map((stem) => stem.termino))]],
	)
	return rows[0]?.count ?? 0
}

const bands = [
	['up to 1,000', -1, 1_000],
	['1,000–10,000', 1_000, 10_000],
	['10,000–30,000', 10_000, 30_000],
	['over 30,000', 30_000, Infinity],
] as const

async function search(stack: BenchStack, client: Client) {
	const seeded = await seedArchive(stack, client)
	const questions = []
	for (const terms of chatQuestions.map(({ question }) => questionTerms(question)).filter((some) => some.length)) {
		const read = await Promise.all(terms.map((stem) => passagesHolding(stack, seeded.archive, stem)))
		questions.push({ terms, read, answering: await answering(stack, seeded.archive, read) })
	}
	const searchArguments = (terms: string[]) => ({ asistente: seeded.archive, terminos: terms, cuantos: 3 })
	const throughRest = async (terms: string[]) => {
		const { error } = await client.user.client.rpc('buscar_pasajes', searchArguments(terms))
		if (error) throw error
	}
	// The function alone, on one connection, as the client's role with their claims (what PostgREST sets).
	const claims = JSON.stringify({ sub: client.user.id, role: 'authenticated' })
	const inSql = (terms: string[]) =>
		stack.services.database.transaction(async (tx) => {
			await tx.query(`select set_config('request.jwt.claims', $1, true), set_config('role', 'authenticated', true)`, [
				claims,
			])
			await tx.query('select * from public.buscar_pasajes($1, $2, 3)', [seeded.archive, terms])
		})
	const rows: string[] = []
	const byBand: string[] = []
	let worst = ''
	for (const [label, ask] of [
		['supabase-js, as the signed-in client, through the REST stand-in', throughRest],
		['the SQL call alone, on one connection', inSql],
	] as const) {
		for (const { terms } of questions.slice(0, searchWarmUp)) await ask(terms)
		const timed: { ms: number; question: (typeof questions)[number] }[] = []
		for (let round = 0; round < searchRounds; round++)
			for (const question of questions) {
				const started = performance.now()
				await ask(question.terms)
				timed.push({ ms: performance.now() - started, question })
			}
		const samples = timed.map(({ ms }) => ms).sort((a, b) => a - b)
		rows.push(
			`| ${label} | ${samples.length} | ${percentile(samples, 0.5)} | ${percentile(samples, 0.95)} | ${percentile(samples, 1)} |`,
		)
		if (ask !== throughRest) continue
		for (const [band, above, upTo] of bands) {
			const inBand = timed.filter(({ question }) => question.answering > above && question.answering <= upTo)
			const sorted = inBand.map(({ ms }) => ms).sort((a, b) => a - b)
			byBand.push(
				`| ${band} | ${inBand.length / searchRounds} | ${percentile(sorted, 0.5)} | ${percentile(sorted, 0.95)} | ${percentile(sorted, 1)} |`,
			)
		}
		worst = timed
			.sort((a, b) => b.ms - a.ms)
			.slice(0, 5)
			.map(
				({ ms, question }) =>
					`${ms.toFixed(0)} ms (${question.read.map((stem) => `${stem.termino} ${stem.pasajes.toLocaleString('en')}`).join(', ')}; ${question.answering.toLocaleString('en')} answer)`,
			)
			.join('; ')
	}
	return `### Searching one client's ${corpus.documents.toLocaleString('en')} documents

${seeded.pasajes?.toLocaleString('en')} passages of one assistant (${seeded.vocabulario?.toLocaleString('en')} stems in its vocabulary, \`pasajes\`
${seeded.mb} MB with its indexes), written as the worker writes them (\`guardar_pasajes\`, one call a document, in
${seeded.seconds.toFixed(0)} s). Each document is about one subject (a run of neighbouring sentences of the site's
copy) with its own particulars (a file number, a client, invoices, amounts). The ${questions.length} questions of
\`tests/support/chat-questions.ts\` as 'Probar el asistente' asks them (\`questionTerms\`, three passages), ${searchRounds} rounds
after ${searchWarmUp} to warm up, sequential. Target: p95 ≤ 50 ms.

| through | searches | p50 ms | p95 ms | max ms |
|---|---|---|---|---|
${rows.join('\n')}

Through the REST stand-in, by how many of the assistant's passages answer the question (hold more than half of its
stems): the passages the search reads and ranks.

| passages that answer | questions | p50 ms | p95 ms | max ms |
|---|---|---|---|---|
${byBand.join('\n')}

Slowest, each stem as searched with the passages that hold it, and how many passages answer: ${worst}.
`
}

/** The highest resident memory since it was last reset, in MiB (Linux's VmHWM). */
async function peakMiB(pid: number) {
	const status = await readFile(`/proc/${pid}/status`, 'utf8')
	return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
}

async function workerMemory(stack: BenchStack, client: Client) {
	const rows: string[] = []
	const pid = stack.app.pid
	for (let run = 1; run <= memoryRuns; run++) {
		const name = `Informe escaneado ${run} ${randomUUID().slice(0, 8)}.pdf`
		// 330 pages of prose, each with a 150 KB photo: 50 MB, under the bucket's 50 MiB.
		const bytes = await textPdf(prosePages(330, { title: name }), { imageBytesPerPage: 150_000 })
		const before = await residentMiB(pid)
		// From now on VmHWM is the highest the server reaches (proc(5), clear_refs "5").
		await writeFile(`/proc/${pid}/clear_refs`, '5')
		const started = performance.now()
		// Stored straight into Storage, as the upload stores it: the server only reads it, with its worker.
		await storeDocument(client.user, client.assistant, name, 'pdf', bytes)
		const { ready, passages } = await processed(stack, client.assistant, name)
		const peak = await peakMiB(pid)
		const after = await residentMiB(pid)
		rows.push(
			`| ${run} | ${(bytes.byteLength / 1e6).toFixed(1)} | ${passages} | ${((ready - started) / 1000).toFixed(1)} | ${before.toFixed(0)} | ${peak.toFixed(0)} | ${after.toFixed(0)} |`,
		)
		console.info(rows.at(-1))
	}
	return `### The worker's memory while it reads a 50 MB PDF

${memoryRuns} PDFs of 50 MB (330 pages of prose, each with a photo of 150 KB of incompressible bytes), one after the
other, stored in the client's folder and registered as the upload does, then read by the production server's
worker. Resident memory of the server process (RSS) before, its highest while reading (VmHWM, reset just before), and
after.

| run | MB | passages | stored to ready s | RSS before MiB | peak MiB | after MiB |
|---|---|---|---|---|---|---|
${rows.join('\n')}
`
}
