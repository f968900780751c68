import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form } from 'react-router'
import { ask, composeWholeAnswer, handoverForm } from '~/.server/chat/chat'
import { handlePublicForm } from '~/.server/inbox/public-forms'
import { sentFromOwnPage } from '~/.server/http/request'
import { doNotShare } from '~/.server/http/shared-cache'
import { AnswerView, assistantPath, HandoverForm } from '~/components/chat/chat-answer'
import { ErrorList, inputClass, usePendingForm } from '~/components/forms'
import { Card, Container, PageHero } from '~/components/site/page'
import { keepFormOnFailure } from '~/components/toaster'
import { Button } from '~/components/ui/button'
import { Icon } from '~/components/ui/icon'
import { chat } from '~/content/chat'
import { questionMaxLength } from '~/lib/chat'
import { questionSchema } from '~/lib/chat-schemas'
import { routeComponent } from '~/lib/route-component'
import { pageMeta, siteUrlFrom } from '~/lib/seo'
import { cn } from '~/lib/utils'
import type { Route } from './+types/chat'

export const meta: Route.MetaFunction = ({ matches, location }) =>
	pageMeta({
		title: chat.page.title,
		description: chat.page.description,
		path: assistantPath,
		siteUrl: siteUrlFrom(matches),
		// A question's page is one visitor's conversation, not a page to list.
		noindex: new URLSearchParams(location.search).has('pregunta'),
	})

/**
 * The chat without JavaScript (issue 54): `?pregunta=` is answered on the page, with the same answer and
 * links the widget shows. Each question is counted and kept for the team, so its page is never stored by the
 * shared cache.
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
	const params = url.searchParams
	if (!params.has('pregunta')) return { question: null, answer: null, error: null }
	doNotShare(context)
	const submission = parseWithZod(params, { schema: questionSchema })
	const question = params.get('pregunta') ?? ''
	if (submission.status !== 'success') {
		return data({ question, answer: null, error: submission.error?.pregunta?.[0] ?? null }, { status: 400 })
	}
	const asked = await ask(context, submission.value.pregunta)
	if (!asked.ok) return data({ question, answer: null, error: asked.message }, { status: 429 })
	const [answer] = await Promise.all([
		composeWholeAnswer(submission.value.pregunta, asked.answer, !sentFromOwnPage(request)),
		asked.kept,
	])
	return { question: submission.value.pregunta, answer, error: null }
}

export async function action({ request, context }: Route.ActionArgs) {
	return handlePublicForm(request, context, handoverForm)
}

/** A submission the network or the server dropped keeps the form as typed (keepFormOnFailure). */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
	return keepFormOnFailure(request, serverAction, ({ result }) => ({ result, sent: null }), 'contact')
}

export default routeComponent(AssistantPage)

function QuestionForm({ question, error }: { question: string | null; error: string | null }) {
	const errorId = error ? 'pregunta-error' : undefined
	return (
		<Form method="get" action={assistantPath} className="flex flex-col gap-3 sm:flex-row sm:items-start">
			<div className="flex-1">
				<label htmlFor="pregunta" className="sr-only">
					{chat.page.question}
				</label>
				<input
					id="pregunta"
					name="pregunta"
					type="search"
					defaultValue={question ?? ''}
					key={question}
					required
					maxLength={questionMaxLength}
					placeholder={chat.page.placeholder}
					autoComplete="off"
					aria-invalid={errorId ? true : undefined}
					aria-describedby={errorId}
					className={cn(inputClass, 'h-12')}
				/>
				<ErrorList id={errorId} errors={[error]} />
			</div>
			<Button type="submit" size="lg">
				<Icon name="search" className="size-4" />
				{chat.page.ask}
			</Button>
		</Form>
	)
}

function AssistantPage({ loaderData, actionData }: Route.ComponentProps) {
	const { question, answer, error } = loaderData
	const handingOver = usePendingForm({ formAction: assistantPath })
	const sent = actionData && 'sent' in actionData ? actionData.sent : null
	return (
		<>
			<PageHero eyebrow={chat.page.eyebrow} title={chat.page.heading} lead={chat.page.lead}>
				<div className="mt-8 max-w-2xl">
					<QuestionForm question={question} error={error} />
				</div>
			</PageHero>
			<Container className="grid gap-8 py-14 lg:grid-cols-[1.5fr_1fr]">
				<div aria-live="polite">
					{answer && question ? (
						<Card className="p-6 sm:p-8">
							<h2 className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">{chat.page.you}</h2>
							<p className="mt-2 text-lg font-medium text-pretty">{question}</p>
							<h2 className="mt-6 flex items-center gap-2 text-sm font-semibold tracking-wide text-muted-foreground uppercase">
								<Icon name="bot" className="size-4 text-brand-ink" />
								{chat.page.answer}
							</h2>
							<div className="mt-3 space-y-3 text-base">
								<AnswerView answer={answer} person={<PersonLink />} />
							</div>
						</Card>
					) : (
						<Card className="p-6 sm:p-8">
							<h2 className="font-semibold">{chat.page.examplesHeading}</h2>
							<ul className="mt-4 flex flex-wrap gap-2">
								{chat.page.examples.map((example) => (
									<li key={example}>
										<a
											href={`${assistantPath}?${new URLSearchParams({ pregunta: example })}`}
											className="inline-flex rounded-full border bg-surface px-3 py-1.5 text-sm font-medium text-brand-ink hover:bg-surface-muted"
										>
											{example}
										</a>
									</li>
								))}
							</ul>
							<p className="mt-5 text-sm text-muted-foreground">{chat.hint}</p>
						</Card>
					)}
				</div>
				<div id="persona" className="scroll-mt-24">
					<Card className="p-6 sm:p-8">
						<h2 className="flex items-center gap-2 text-lg font-semibold">
							<Icon name="user-round" className="size-5 text-brand-ink" />
							{chat.page.personHeading}
						</h2>
						{sent ? (
							<p role="status" className="mt-4 rounded-xl bg-surface-muted p-4 text-sm">
								{chat.handover.sent(sent)}
							</p>
						) : (
							<>
								<p className="mt-2 mb-5 text-sm text-muted-foreground">{chat.handover.prompt}</p>
								<HandoverForm
									lastResult={actionData?.result}
									question={question ?? undefined}
									submitting={handingOver}
								/>
							</>
						)}
					</Card>
				</div>
			</Container>
		</>
	)
}

function PersonLink() {
	return (
		<a
			href="#persona"
			className="inline-flex items-center gap-1.5 rounded-full border bg-surface px-3 py-1.5 text-sm font-medium hover:bg-surface-muted"
		>
			<Icon name="user-round" className="size-3.5" />
			{chat.person}
		</a>
	)
}
