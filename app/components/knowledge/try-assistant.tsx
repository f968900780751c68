import { Form, useLocation } from 'react-router'
import { inputClass, SubmitButton, usePendingForm } from '~/components/forms'
import { Icon } from '~/components/ui/icon'
import { documentsCopy as copy } from '~/content/documents'
import { questionMaxLength } from '~/lib/chat'
import type { DocumentAnswer } from '~/lib/documents'

/**
 * 'Probar el asistente': a GET form, so a question is a link and works without JavaScript. The answer as the site's
 * chat gives one: the language model's words when it has them, over the quotes and their sources, which are ours.
 */
export function TryAssistant({
	question,
	answer,
	hasReady,
}: {
	question: string
	answer: DocumentAnswer | null
	hasReady: boolean
}) {
	// Finding the passages and, with a model, wording them takes up to its timeout: the button says so meanwhile.
	const pending = usePendingForm({ method: 'get', formAction: useLocation().pathname })
	return (
		<section className="rounded-2xl border bg-surface p-6" aria-labelledby="try-heading" id="probar">
			<h2 id="try-heading" className="text-xl font-semibold">
				{copy.try.heading}
			</h2>
			<p className="mt-1 text-sm text-muted-foreground">{hasReady ? copy.try.lead : copy.try.noDocuments}</p>
			<Form method="get" className="mt-4 flex flex-wrap gap-3" preventScrollReset>
				<label htmlFor="pregunta" className="sr-only">
					{copy.try.label}
				</label>
				<input
					id="pregunta"
					name="pregunta"
					type="search"
					required
					maxLength={questionMaxLength}
					defaultValue={question}
					placeholder={copy.try.placeholder}
					className={`${inputClass} min-w-0 flex-1`}
				/>
				<SubmitButton
					pending={pending}
					pendingLabel={copy.try.pending}
					icon={<Icon name="search" className="size-4" />}
				>
					{copy.try.submit}
				</SubmitButton>
			</Form>
			{answer ? (
				<div className="mt-5" aria-live="polite" data-testid="try-answer">
					{answer.kind === 'found' ? (
						<>
							{answer.composed ? (
								<div className="mb-5">
									<p className="text-sm font-medium">{copy.try.composed}</p>
									<p className="mt-2 whitespace-pre-line" data-testid="try-composed">
										{answer.composed}
									</p>
								</div>
							) : null}
							<p className="text-sm font-medium">{copy.try.answerFrom}</p>
							<ul className="mt-3 space-y-3">
								{answer.quotes.map((quote, index) => (
									<li key={index} className="rounded-xl bg-surface-muted p-4">
										<blockquote className="text-sm whitespace-pre-line">{quote.text}</blockquote>
										<p className="mt-2 flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
											<Icon name="file-text" className="size-3.5" />
											{copy.try.source(quote.document, quote.page)}
										</p>
									</li>
								))}
							</ul>
						</>
					) : (
						<p className="flex items-start gap-2 text-sm">
							<Icon name="search-x" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
							{copy.try.notFound}
						</p>
					)}
				</div>
			) : null}
		</section>
	)
}
