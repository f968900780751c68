import { createHash, randomUUID } from 'node:crypto'
import { Readable } from 'node:stream'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import type { SupabaseClient } from '@supabase/supabase-js'
import busboy from 'busboy'
import { z } from 'zod'
import { documentsCopy as copy, nextPlanOf } from '~/content/documents'
import { planById } from '~/content/plans'
import type { Database } from '~/lib/database.types'
import { documentLimits } from '~/lib/documents'
import { wakeWorker } from '../jobs/wake'
import { log } from '../log'
import { documentsBucket, loadQuota, type DocumentQuota } from './documents'
import { checkFile, documentName } from './files'

type Client = SupabaseClient<Database>

/** What became of one file of an upload, in the order sent. */
export type UploadOutcome = { name: string; ok: boolean; message: string }

/** The whole upload: each file's outcome, and what is said above them (no plan, the plan's count reached). */
export type UploadResult = {
	outcomes: UploadOutcome[]
	/** Said once for the whole upload, with the page to go to. */
	notice?: { message: string; href: string; link: string }
	message?: string
}

export type Upload = { client: Client; userId: string; assistantId: string; pricingUrl: string }

const registration = z.discriminatedUnion('ok', [
	z.object({ ok: z.literal(true) }),
	z.object({
		ok: z.literal(false),
		error: z.enum(['sin_plan', 'limite', 'duplicado', 'sin_archivo']),
		existente: z.string().optional(),
		plan: z.enum(['starter', 'business', 'enterprise']).optional(),
		limite: z.number().optional(),
	}),
])

/**
 * Reads a multipart upload as it arrives, one file at a time (the next is parsed only once the one before is
 * stored: backpressure keeps at most one file in memory), each refused or stored on its own so that one bad file
 * does not stop the rest. A file over the size limit is cut off as soon as it passes it, a body over the upload's
 * limit as soon as it passes that (server.js and nginx refuse a declared one before reading anything).
 */
export async function receiveUpload(request: Request, upload: Upload): Promise<UploadResult> {
	const contentType = request.headers.get('Content-Type') ?? ''
	if (!/^multipart\/form-data\s*;/i.test(contentType) || !request.body) {
		throw new UploadRefused(copy.unreadable, 415)
	}
	const quota = await loadQuota(upload.client, upload.assistantId)
	if (!quota.plan) {
		await drain(request)
		return { outcomes: [], notice: { message: copy.noPlan.text, href: upload.pricingUrl, link: copy.noPlan.link } }
	}
	const files = new Files(upload, quota)
	const parser = busboy({
		headers: { 'content-type': contentType },
		defParamCharset: 'utf8',
		// The name as sent, path included: a name with slashes is refused rather than cut short.
		preservePath: true,
		limits: { fileSize: documentLimits.maxFileBytes, fields: 20, fieldSize: 1024, parts: 1000 },
	})
	let received = 0
	const body = Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>)
	const parsed = new Promise<void>((resolve, reject) => {
		parser.on('file', (_field, stream, info) => files.add(info.filename ?? '', stream))
		parser.on('close', resolve)
		parser.on('error', reject)
		body.on('data', (chunk: Buffer) => {
			received += chunk.byteLength
			if (received > documentLimits.maxRequestBytes) body.destroy(new TooLarge())
		})
		body.on('error', reject)
	})
	body.pipe(parser)
	try {
		await parsed
	} catch (error) {
		if (error instanceof TooLarge) throw new UploadRefused(copy.tooLarge, 413)
		log.warn({ err: error }, '[knowledge] upload could not be read')
		// busboy refuses a part whose header holds control characters: in practice, a file's name.
		const badHeader = error instanceof Error && error.message === 'Malformed part header'
		throw new UploadRefused(badHeader ? copy.badHeader : copy.unreadable, 400)
	}
	const outcomes = await files.done()
	if (outcomes.length === 0) return { outcomes, message: copy.noFile }
	return { outcomes, notice: files.notice, message: files.extra > 0 ? copy.outcome.tooMany(files.extra) : undefined }
}

class TooLarge extends Error {}

/** An upload refused whole (not a form, too big, unreadable): the status to answer and what to say. */
export class UploadRefused extends Error {
	constructor(
		message: string,
		readonly status: number,
	) {
		super(message)
	}
}

/** The upload's answer, a refusal of the whole upload included, with its status. */
export async function answerUpload(
	request: Request,
	upload: Upload,
): Promise<{ result: UploadResult; status: number }> {
	try {
		const result = await receiveUpload(request, upload)
		return { result, status: result.outcomes.some((outcome) => outcome.ok) ? 200 : 400 }
	} catch (error) {
		if (!(error instanceof UploadRefused)) throw error
		return { result: { outcomes: [], message: error.message }, status: error.status }
	}
}

/** Reads and discards the body, so the browser gets the answer rather than a reset connection. */
async function drain(request: Request) {
	await request.body?.pipeTo(new WritableStream()).catch(() => undefined)
}

/** The upload's files, stored one after the other. */
class Files {
	private chain = Promise.resolve()
	private readonly outcomes: UploadOutcome[] = []
	private count = 0
	extra = 0
	notice: UploadResult['notice']
	/** Once the plan's count is reached, the rest is refused without storing it. */
	private full = false

	constructor(
		private readonly upload: Upload,
		private readonly quota: DocumentQuota,
	) {
		this.full = quota.limite !== null && quota.usados >= quota.limite
		if (this.full) this.notice = this.limitNotice(quota.plan, quota.limite)
	}

	add(filename: string, stream: Readable) {
		// A file input left empty still sends a part, with no name and no bytes.
		if (!filename) {
			stream.resume()
			return
		}
		this.count += 1
		if (this.count > documentLimits.maxFiles) {
			this.extra += 1
			stream.resume()
			return
		}
		const index = this.outcomes.push({ name: filename, ok: false, message: '' }) - 1
		this.chain = this.chain.then(async () => {
			const outcome = await this.store(filename, stream).catch((error: unknown) => {
				log.error({ err: error }, '[knowledge] a file could not be stored')
				stream.resume()
				return this.refuse(filename, copy.outcome.storageError)
			})
			this.outcomes[index] = outcome
		})
	}

	async done() {
		await this.chain
		return this.outcomes
	}

	private refuse(name: string, reason: string): UploadOutcome {
		return { name, ok: false, message: copy.outcome.refused(name, reason) }
	}

	private limitNotice(plan: DocumentQuota['plan'], limit: number | null) {
		const next = plan && plan !== 'enterprise' ? nextPlanOf[plan] : 'enterprise'
		const planName = planById(plan ?? 'starter')?.name ?? ''
		const nextName = planById(next)?.name ?? ''
		return {
			message: `${copy.outcome.limit(limit ?? 0, planName).replace(/^./, (first) => first.toUpperCase())}`,
			href: `${this.upload.pricingUrl}/${next}`,
			link: copy.nextPlan(nextName),
		}
	}

	private async store(filename: string, stream: Readable): Promise<UploadOutcome> {
		const { bytes, truncated } = await readFile(stream)
		const name = documentName(filename)
		if (!name) return this.refuse(filename, copy.outcome.badName)
		if (truncated) return this.refuse(name, copy.failures.demasiado_grande)
		if (bytes.byteLength === 0) return this.refuse(name, copy.outcome.empty)
		if (this.full) return this.refuse(name, copy.outcome.limit(this.quota.limite ?? 0, this.planName()))
		const checked = await checkFile(name, bytes)
		if (!checked.ok) return this.refuse(name, copy.failures[checked.reason])
		const sha256 = createHash('sha256').update(bytes).digest('hex')
		const { client, userId, assistantId } = this.upload
		const existing = await client
			.from('documentos')
			.select('nombre')
			.eq('asistente_id', assistantId)
			.eq('sha256', sha256)
			.maybeSingle()
		if (existing.error) throw existing.error
		if (existing.data) return this.refuse(name, copy.outcome.duplicate(existing.data.nombre))
		// A generated key under the client's own folder: Storage refuses accents, and the name is ours to keep.
		const id = randomUUID()
		const key = `${userId}/${assistantId}/${id}.${checked.type}`
		const stored = await client.storage
			.from(documentsBucket)
			.upload(key, bytes, { contentType: checked.mime, upsert: false })
		if (stored.error) throw stored.error
		const registered = await client.rpc('registrar_documento', {
			id,
			asistente: assistantId,
			nombre: name,
			tipo: checked.type,
			tamano: bytes.byteLength,
			sha256,
		})
		const answer = registered.error ? null : registration.safeParse(registered.data)
		if (answer?.success && answer.data.ok) {
			// Its row enqueued its reading: this process's worker starts now rather than at its next look.
			wakeWorker()
			return { name, ok: true, message: copy.outcome.received(name) }
		}
		// No row for it: its file goes, so nothing is left half-written.
		const removed = await client.storage.from(documentsBucket).remove([key])
		if (removed.error) log.error({ err: removed.error, key }, '[knowledge] a refused file could not be removed')
		if (registered.error) throw registered.error
		if (!answer?.success) throw new Error('registrar_documento answered an unknown shape')
		const refusal = answer.data
		if (refusal.ok) throw new Error('unreachable')
		if (refusal.error === 'duplicado') return this.refuse(name, copy.outcome.duplicate(refusal.existente ?? ''))
		if (refusal.error === 'limite' || refusal.error === 'sin_plan') {
			this.full = true
			this.notice = this.limitNotice(refusal.plan ?? this.quota.plan, refusal.limite ?? this.quota.limite)
			return this.refuse(name, copy.outcome.limit(refusal.limite ?? this.quota.limite ?? 0, this.planName()))
		}
		throw new Error(`registrar_documento refused the file: ${refusal.error}`)
	}

	private planName() {
		return planById(this.quota.plan ?? 'starter')?.name ?? ''
	}
}

/** The file's bytes, and whether busboy cut it off at the size limit (it discards the rest). */
async function readFile(stream: Readable) {
	const chunks: Buffer[] = []
	let truncated = false
	stream.on('limit', () => {
		truncated = true
	})
	for await (const chunk of stream as AsyncIterable<Buffer>) {
		if (!truncated) chunks.push(chunk)
	}
	return {
		// A Buffer is a Uint8Array already: another would be a second copy of the file.
		bytes: Buffer.concat(chunks),
		truncated: truncated || Boolean((stream as { truncated?: boolean }).truncated),
	}
}
