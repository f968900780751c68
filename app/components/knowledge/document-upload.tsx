import { useRef, useState, type DragEvent, type FormEvent } from 'react'
import { Form } from 'react-router'
import { SubmitButton, usePendingForm } from '~/components/forms'
import { Icon } from '~/components/ui/icon'
import { documentsCopy as copy } from '~/content/documents'
import { documentAccept, documentsPath } from '~/lib/documents'
import { cn } from '~/lib/utils'

/** What the server answers for an upload (app/.server/knowledge/upload.ts UploadResult), as the page shows it. */
export type UploadAnswer = {
	outcomes: { name: string; ok: boolean; message: string }[]
	notice?: { message: string; href: string; link: string }
	message?: string
}

type Sending = { key: string; name: string; percent: number; outcome?: { ok: boolean; message: string } }

/** One file to the upload endpoint, its progress reported as it goes (fetch cannot report an upload's). */
function sendFile(url: string, file: File, onProgress: (percent: number) => void) {
	return new Promise<UploadAnswer>((resolve) => {
		const body = new FormData()
		body.append('archivos', file)
		const request = new XMLHttpRequest()
		request.open('POST', url)
		request.responseType = 'json'
		request.upload.addEventListener('progress', (event) => {
			if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100))
		})
		const failed = (message: string) => resolve({ outcomes: [{ name: file.name, ok: false, message }] })
		request.addEventListener('load', () => {
			const answer = request.response as UploadAnswer | null
			if (answer && Array.isArray(answer.outcomes)) resolve(answer)
			else failed(copy.outcome.refused(file.name, request.status === 413 ? copy.tooLarge : copy.unreadable))
		})
		request.addEventListener('error', () => failed(copy.outcome.refused(file.name, copy.unreadable)))
		request.send(body)
	})
}

function Outcomes({ answer }: { answer: UploadAnswer }) {
	return (
		<div className="mt-4 space-y-2" data-testid="upload-outcomes">
			{answer.notice ? (
				<p className="rounded-xl bg-amber-500/10 p-3 text-sm">
					{answer.notice.message}{' '}
					<a href={answer.notice.href} className="font-medium text-brand-ink underline underline-offset-4">
						{answer.notice.link}
					</a>
				</p>
			) : null}
			{answer.message ? <p className="text-sm text-danger">{answer.message}</p> : null}
			<ul className="space-y-1 text-sm">
				{answer.outcomes.map((outcome, index) => (
					<li key={`${outcome.name}-${index}`} className={cn('flex gap-2', !outcome.ok && 'text-danger')}>
						<Icon name={outcome.ok ? 'circle-check' : 'circle-exclamation-point'} className="mt-0.5 size-4 shrink-0" />
						{outcome.message}
					</li>
				))}
			</ul>
		</div>
	)
}

/**
 * The upload form: a plain multipart form that the page's action reads without JavaScript; with it, files dropped
 * or chosen go one request each to the upload endpoint, each with its progress bar, and the list follows.
 */
export function DocumentUpload({
	assistantId,
	result,
	onSent,
}: {
	assistantId: string
	result?: UploadAnswer
	/** After each file sent: the list and count read again (use-document-listing.ts), not the whole page. */
	onSent: () => void
}) {
	const path = documentsPath(assistantId)
	const input = useRef<HTMLInputElement>(null)
	const [sending, setSending] = useState<Sending[]>([])
	const [answer, setAnswer] = useState<UploadAnswer | undefined>(undefined)
	const [over, setOver] = useState(false)
	const pending = usePendingForm({ formAction: path }) || sending.some((file) => !file.outcome)

	async function upload(files: File[]) {
		if (files.length === 0) {
			setAnswer({ outcomes: [], message: copy.noFile })
			return
		}
		const batch = files.map((file, index) => ({ key: `${Date.now()}-${index}`, name: file.name, percent: 0 }))
		setSending(batch)
		setAnswer(undefined)
		const answers: UploadAnswer[] = []
		for (const [index, file] of files.entries()) {
			const key = batch[index]?.key
			const update = (change: Partial<Sending>) =>
				setSending((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)))
			const answered = await sendFile(`${path}/subir`, file, (percent) => update({ percent }))
			answers.push(answered)
			const outcome = answered.outcomes[0] ?? { ok: false, message: answered.message ?? copy.unreadable }
			update({ percent: 100, outcome })
			onSent()
		}
		const notice = answers.find((item) => item.notice)?.notice
		setAnswer({ outcomes: answers.flatMap((item) => item.outcomes), notice })
		if (input.current) input.current.value = ''
	}

	function onSubmit(event: FormEvent<HTMLFormElement>) {
		event.preventDefault()
		void upload([...(input.current?.files ?? [])])
	}

	function onDrop(event: DragEvent<HTMLElement>) {
		event.preventDefault()
		setOver(false)
		void upload([...event.dataTransfer.files])
	}

	const shown = answer ?? result
	return (
		<section className="mb-10 rounded-2xl border bg-surface p-6" aria-labelledby="upload-heading">
			<h2 id="upload-heading" className="text-xl font-semibold">
				{copy.upload.heading}
			</h2>
			<Form method="post" action={path} encType="multipart/form-data" reloadDocument onSubmit={onSubmit}>
				<label
					htmlFor="archivos"
					onDragOver={(event) => {
						event.preventDefault()
						setOver(true)
					}}
					onDragLeave={() => setOver(false)}
					onDrop={onDrop}
					data-testid="drop-zone"
					className={cn(
						'mt-4 flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed p-8 text-center transition-colors',
						over ? 'border-brand bg-brand/5' : 'hover:bg-surface-muted',
					)}
				>
					<Icon name="folder-open" className="size-8 text-muted-foreground" />
					<span className="font-medium">{copy.upload.drop}</span>
					<span className="text-sm text-muted-foreground" id="archivos-hint">
						{copy.upload.hint}
					</span>
				</label>
				<div className="mt-4 flex flex-wrap items-center gap-3">
					<input
						ref={input}
						id="archivos"
						name="archivos"
						type="file"
						multiple
						accept={documentAccept}
						aria-describedby="archivos-hint"
						aria-label={copy.upload.label}
						className="min-w-0 flex-1 text-sm file:mr-3 file:rounded-full file:border file:bg-surface file:px-4 file:py-2 file:text-sm file:font-medium"
					/>
					<SubmitButton
						pending={pending}
						pendingLabel={copy.upload.pending}
						icon={<Icon name="plus" className="size-4" />}
					>
						{copy.upload.submit}
					</SubmitButton>
				</div>
			</Form>
			{sending.length > 0 ? (
				<ul className="mt-4 space-y-3" aria-label={copy.upload.heading}>
					{sending.map((file) => (
						<li key={file.key} className="text-sm" data-testid="upload-progress">
							<div className="flex justify-between gap-3">
								<span className="truncate font-medium">{file.name}</span>
								<span
									className={cn('shrink-0', file.outcome && !file.outcome.ok ? 'text-danger' : 'text-muted-foreground')}
								>
									{file.outcome
										? file.outcome.ok
											? copy.upload.sent
											: copy.states.fallido
										: copy.upload.uploading(file.percent)}
								</span>
							</div>
							<progress
								className="mt-1 h-2 w-full overflow-hidden rounded-full accent-brand"
								max={100}
								value={file.percent}
								aria-label={file.name}
							/>
						</li>
					))}
				</ul>
			) : null}
			<div aria-live="polite">{shown ? <Outcomes answer={shown} /> : null}</div>
		</section>
	)
}
