import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import type { ComponentProps, ComponentType, ReactNode } from 'react'
import { Form, Link } from 'react-router'
import { HoneypotInputs } from 'remix-utils/honeypot/react'
import { Icon } from '~/components/ui/icon'
import { chat } from '~/content/chat'
import type { Answer, Quote, SourceLink } from '~/lib/chat'
import { handoverSchema } from '~/lib/chat-schemas'
import { cn } from '~/lib/utils'
import {
	ErrorList,
	Field,
	PrivacyNotice,
	SubmissionKeyInput,
	SubmitButton,
	TextareaField,
	validateOnSubmit,
} from '../forms'

/** Where /asistente's hand-over form posts; the widget posts the same form there. */
export const assistantPath = '/asistente'

function QuoteBlock({ quote, compact }: { quote: Quote; compact: boolean }) {
	return (
		<figure
			className={cn('rounded-xl border-l-4 border-brand bg-surface-muted/60', compact ? 'px-3 py-2' : 'px-4 py-3')}
		>
			<blockquote className="text-pretty">{quote.text}</blockquote>
			<figcaption className={cn('mt-1.5 text-muted-foreground', compact ? 'text-xs' : 'text-sm')}>
				{chat.source}{' '}
				<Link to={quote.href} className="font-medium text-brand-ink underline-offset-4 hover:underline">
					{quote.page}
				</Link>
				{quote.heading !== quote.page ? ` · ${quote.heading}` : null}
			</figcaption>
		</figure>
	)
}

export function SourceLinks({ links, compact }: { links: SourceLink[]; compact: boolean }) {
	return (
		<nav aria-label={chat.links}>
			<p className={cn('font-medium', compact ? 'text-xs' : 'text-sm')}>{chat.links}</p>
			<ul className="mt-1 flex flex-wrap gap-1.5">
				{links.map((link) => (
					<li key={link.href}>
						<Link
							to={link.href}
							className={cn(
								'inline-flex items-center gap-1 rounded-full border bg-surface font-medium text-brand-ink hover:bg-surface-muted',
								compact ? 'px-2.5 py-1 text-xs' : 'px-3 py-1.5 text-sm',
							)}
						>
							{link.label}
							<Icon name="arrow-right" className="size-3.5" />
						</Link>
					</li>
				))}
			</ul>
		</nav>
	)
}

/** 'No lo sé' done right: the contact form and a demo, and whatever the caller offers to reach a person. */
function NotFound({ compact, person }: { compact: boolean; person?: ReactNode }) {
	const linkClass = cn(
		'inline-flex items-center gap-1.5 rounded-full border bg-surface font-medium hover:bg-surface-muted',
		compact ? 'px-2.5 py-1 text-xs' : 'px-3 py-1.5 text-sm',
	)
	return (
		<div className="space-y-2">
			<p>{chat.notFound}</p>
			<div className="flex flex-wrap gap-1.5">
				<Link to="/contacto" className={linkClass}>
					<Icon name="mail" className="size-3.5" />
					{chat.contact}
				</Link>
				<Link to="/solicitar-demostracion-kia" className={linkClass}>
					<Icon name="calendar" className="size-3.5" />
					{chat.demo}
				</Link>
				{person}
			</div>
		</div>
	)
}

/**
 * One answer as both the chat and /asistente show it: the passage(s) it relies on, or the model's words
 * with those passages under them, and the pages to read more.
 */
export function AnswerView({
	answer,
	compact = false,
	person,
}: {
	answer: Answer
	/** The chat's narrow panel. */
	compact?: boolean
	/** How to reach a person, offered when nothing published answers. */
	person?: ReactNode
}) {
	switch (answer.kind) {
		case 'greeting':
			return <p>{chat.greetingReply}</p>
		case 'handover':
			return <p>{chat.handover.prompt}</p>
		case 'not-found':
			return <NotFound compact={compact} person={person} />
		case 'found':
			return (
				<div className="space-y-2.5">
					{answer.composed ? <p className="whitespace-pre-line">{answer.composed}</p> : null}
					{answer.quotes.map((quote) => (
						<QuoteBlock key={quote.href + quote.heading} quote={quote} compact={compact} />
					))}
					<SourceLinks links={answer.links} compact={compact} />
				</div>
			)
	}
}

type FormComponent = ComponentType<ComponentProps<typeof Form>>

/**
 * 'Quiero hablar con una persona': an e-mail and the question, for the team's inbox. A plain form post to
 * /asistente (so it works without JavaScript); the chat passes its fetcher's form.
 */
export function HandoverForm({
	lastResult,
	question,
	as: FormElement = Form,
	submitting,
	compact = false,
	children,
}: {
	lastResult?: SubmissionResult<string[]>
	question?: string
	as?: FormComponent
	submitting: boolean
	compact?: boolean
	/** After the submit button: the chat's 'Cancelar'. */
	children?: ReactNode
}) {
	const [form, fields] = useForm({
		// Not 'persona': that is the page's anchor for this form's card, and conform ties the fields to the form by id.
		id: compact ? 'persona-chat' : 'persona-formulario',
		lastResult,
		defaultValue: { pregunta: question },
		constraint: getZodConstraint(handoverSchema),
		...validateOnSubmit,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: handoverSchema }),
	})
	return (
		<FormElement
			method="post"
			action={assistantPath}
			className={cn(compact ? 'space-y-2.5' : 'space-y-4')}
			{...getFormProps(form)}
		>
			<HoneypotInputs label="No rellenes este campo" />
			<SubmissionKeyInput lastResult={lastResult} />
			<Field
				label={chat.handover.email}
				inputProps={{
					...getInputProps(fields.email, { type: 'email' }),
					autoComplete: 'email',
					placeholder: 'tu@empresa.es',
				}}
				errors={fields.email.errors}
			/>
			<TextareaField
				label={chat.handover.question}
				textareaProps={{ ...getTextareaProps(fields.pregunta), rows: compact ? 2 : 3 }}
				errors={fields.pregunta.errors}
			/>
			<ErrorList id={form.errorId} errors={form.errors} />
			<div className="flex flex-wrap gap-2">
				<SubmitButton
					size="md"
					pending={submitting}
					pendingLabel={chat.handover.submitting}
					icon={<Icon name="send" className="size-4" />}
				>
					{chat.handover.submit}
				</SubmitButton>
				{children}
			</div>
			<PrivacyNotice form="handover" />
		</FormElement>
	)
}
