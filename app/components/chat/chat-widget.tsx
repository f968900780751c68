import { useEffect, useId, useRef, useState, type CSSProperties, type FormEvent, type KeyboardEvent } from 'react'
import { useFetcher } from 'react-router'
import { Icon } from '~/components/ui/icon'
import { chat } from '~/content/chat'
import { questionMaxLength, type Answer, type AnswerEvent } from '~/lib/chat'
import { cn } from '~/lib/utils'
import type { action as handoverAction } from '~/routes/site/chat'
import { AnswerView, HandoverForm } from './chat-answer'
import { useBannerHeight, useCovering } from './chat-clearance'

/** A message of the conversation: the visitor's words, or the chat's answer, words or both. */
type Message = {
	id: string
	sender: 'bot' | 'user'
	text?: string
	answer?: Answer
	/** While a language model's words are still coming. */
	streaming?: boolean
}

/** Where the chat sends a question; the answer comes back as AnswerEvents, one JSON object a line. */
const answerUrl = '/resources/asistente'

/** The events of one answer as they arrive. */
async function* readEvents(response: Response): AsyncGenerator<AnswerEvent> {
	if (!response.body) return
	const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
	let pending = ''
	for (;;) {
		const { done, value } = await reader.read()
		if (done) return
		pending += value
		const lines = pending.split('\n')
		pending = lines.pop() ?? ''
		for (const line of lines) if (line.trim()) yield JSON.parse(line) as AnswerEvent
	}
}

const focusable = 'a[href], button:not([disabled]), input:not([type="hidden"]):not([tabindex="-1"]), textarea, select'

/**
 * The site's chat (issue 54): answers from what KIA has published, with the passage it relies on and
 * links to its pages; says so when nothing published answers, and hands over to a person on request.
 */
export function ChatWidget() {
	const [open, setOpen] = useState(false)
	const [messages, setMessages] = useState<Message[]>([{ id: 'greeting', text: chat.greeting, sender: 'bot' }])
	const [typing, setTyping] = useState(false)
	const [draft, setDraft] = useState('')
	/** The question the hand-over form carries, while it is open. */
	const [handover, setHandover] = useState<string | null>(null)
	const panelId = useId()
	const inputRef = useRef<HTMLInputElement>(null)
	const listRef = useRef<HTMLOListElement>(null)
	const panelRef = useRef<HTMLElement>(null)
	const toggleRef = useRef<HTMLButtonElement>(null)
	const lastQuestion = useRef('')
	const spot = useRef<HTMLDivElement>(null)
	const covering = useCovering(spot)
	const lift = useBannerHeight(open)
	const [keyboardFocus, setKeyboardFocus] = useState(false)
	const fetcher = useFetcher<typeof handoverAction>({ key: 'chat-persona' })
	// Out of the way of the page's buttons and links (or of what may be there, before the first report), unless
	// the chat is open or the keyboard is on its button.
	const aside = covering !== false && !open && !keyboardFocus

	useEffect(() => {
		if (open) inputRef.current?.focus()
	}, [open])
	useEffect(() => {
		listRef.current?.lastElementChild?.scrollIntoView({ block: 'end' })
	}, [messages, typing, handover])
	// The hand-over form takes focus when it opens, and gives it back to the message field when it goes (its sent
	// button, which had it, goes with it).
	const handoverOpen = handover !== null
	useEffect(() => {
		if (handoverOpen) panelRef.current?.querySelector<HTMLInputElement>('input[type="email"]')?.focus()
		else if (
			!document.activeElement ||
			document.activeElement === document.body ||
			panelRef.current?.contains(document.activeElement)
		)
			inputRef.current?.focus()
	}, [handoverOpen])

	// Once the team has the question, the chat says so (and only then) and the visitor can go on asking. Set while
	// rendering, as React advises for state that follows another's change.
	const reply = fetcher.state === 'idle' ? fetcher.data : undefined
	const [seenReply, setSeenReply] = useState(reply)
	if (reply !== seenReply) {
		setSeenReply(reply)
		const email = reply && 'sent' in reply && typeof reply.sent === 'string' ? reply.sent : null
		if (email) {
			setHandover(null)
			setMessages((current) => [
				...current,
				{ id: `enviado-${current.length}`, sender: 'bot', text: chat.handover.sent(email) },
			])
		}
	}

	/** Closing from inside the panel hands focus back to the button that opened it, not to the top of the page. */
	function close() {
		setOpen(false)
		toggleRef.current?.focus()
	}

	function say(message: Omit<Message, 'id' | 'sender'>) {
		const id = crypto.randomUUID()
		setMessages((current) => [...current, { id, sender: 'bot', ...message }])
		return id
	}

	function update(id: string, change: (message: Message) => Message) {
		setMessages((current) => current.map((message) => (message.id === id ? change(message) : message)))
	}

	function openHandover(question: string) {
		setHandover(question)
	}

	/** `previous`: the question before this one, which a request for a person is about. */
	async function ask(question: string, previous: string) {
		setTyping(true)
		let answerId: string | null = null
		try {
			const response = await fetch(answerUrl, { method: 'POST', body: new URLSearchParams({ pregunta: question }) })
			for await (const event of readEvents(response)) {
				if (event.type === 'refused') say({ text: event.message })
				else if (event.type === 'start') {
					answerId = say({ answer: event.answer, streaming: event.composing })
					if (event.answer.kind === 'handover') openHandover(previous)
					if (!event.composing) setTyping(false)
				} else if (answerId && event.type === 'text') {
					setTyping(false)
					const text = event.text
					update(answerId, (message) =>
						message.answer?.kind === 'found'
							? { ...message, answer: { ...message.answer, composed: (message.answer.composed ?? '') + text } }
							: message,
					)
				} else if (answerId && event.type === 'fallback') {
					update(answerId, (message) =>
						message.answer?.kind === 'found'
							? { ...message, streaming: false, answer: { ...message.answer, composed: undefined } }
							: message,
					)
				} else if (answerId && event.type === 'end') update(answerId, (message) => ({ ...message, streaming: false }))
			}
		} catch {
			if (answerId) update(answerId, (message) => ({ ...message, streaming: false }))
			else say({ text: chat.failed })
		} finally {
			setTyping(false)
		}
	}

	function send(event: FormEvent) {
		event.preventDefault()
		const text = draft.trim()
		if (!text || typing) return
		setMessages((current) => [...current, { id: crypto.randomUUID(), text, sender: 'user' }])
		setDraft('')
		setHandover(null)
		void ask(text, lastQuestion.current)
		lastQuestion.current = text
	}

	/** Tab and Shift+Tab go round the panel's own controls while it is open; Escape closes it. */
	function keepFocus(event: KeyboardEvent<HTMLElement>) {
		if (event.key === 'Escape') return close()
		if (event.key !== 'Tab' || !panelRef.current) return
		const controls = [...panelRef.current.querySelectorAll<HTMLElement>(focusable)].filter((element) =>
			element.checkVisibility(),
		)
		const first = controls[0]
		const last = controls.at(-1)
		if (event.shiftKey && document.activeElement === first) {
			event.preventDefault()
			last?.focus()
		} else if (!event.shiftKey && document.activeElement === last) {
			event.preventDefault()
			first?.focus()
		}
	}

	return (
		<>
			{/* Room under the footer for the button, so the page's last links and buttons scroll clear of it. */}
			<div aria-hidden className="h-22 bg-surface-muted/40 sm:h-24" />
			<div
				data-chat
				style={{ '--chat-lift': `${lift}px` } as CSSProperties}
				className="fixed right-4 bottom-[calc(1rem+var(--chat-lift))] z-30 flex flex-col items-end gap-3 sm:right-6 sm:bottom-[calc(1.5rem+var(--chat-lift))]"
			>
				{/* Its height leaves the sticky header (4 rem, above it) and the button below it clear. */}
				{open ? (
					<section
						ref={panelRef}
						id={panelId}
						aria-label={chat.title}
						className="flex h-[34rem] max-h-[calc(100dvh-10.5rem-var(--chat-lift))] w-[24rem] max-w-[calc(100vw-2rem)] flex-col overflow-hidden rounded-2xl border bg-surface shadow-2xl"
						onKeyDown={keepFocus}
					>
						<header className="flex items-center justify-between gap-3 bg-brand px-4 py-3 text-brand-foreground">
							<div className="flex items-center gap-2">
								<Icon name="bot" className="size-5" />
								<h2 className="text-sm font-semibold">{chat.title}</h2>
							</div>
							{/* On the brand header the ring colour (1.2:1 to 1.9:1 against it) would not show; the header's text colour does. */}
							<button
								type="button"
								onClick={close}
								aria-label={chat.close}
								className="rounded-full p-1 hover:bg-white/15 focus-visible:outline-brand-foreground"
							>
								<Icon name="x" className="size-4" />
							</button>
						</header>
						<div className="flex-1 overflow-y-auto p-4 text-sm">
							<ol ref={listRef} aria-live="polite" aria-relevant="additions text" className="space-y-3">
								{messages.map((message) => (
									<li
										key={message.id}
										data-sender={message.sender}
										aria-busy={message.streaming || undefined}
										className={cn(
											'rounded-2xl px-3.5 py-2.5',
											message.sender === 'bot'
												? 'max-w-[92%] bg-surface-muted'
												: 'ml-auto max-w-[85%] w-fit bg-brand text-brand-foreground',
										)}
									>
										{message.answer ? (
											<AnswerView
												answer={message.answer}
												compact
												person={
													<button
														type="button"
														onClick={() => openHandover(lastQuestion.current)}
														className="inline-flex items-center gap-1.5 rounded-full border bg-surface px-2.5 py-1 text-xs font-medium hover:bg-surface-muted"
													>
														<Icon name="user-round" className="size-3.5" />
														{chat.person}
													</button>
												}
											/>
										) : (
											message.text
										)}
									</li>
								))}
								{typing ? (
									<li
										aria-label={chat.typing}
										className="flex w-16 gap-1 rounded-2xl bg-surface-muted px-3.5 py-3"
										data-testid="typing"
									>
										{[0, 150, 300].map((delay) => (
											<span
												key={delay}
												className="size-2 animate-bounce rounded-full bg-muted-foreground"
												style={{ animationDelay: `${delay}ms` }}
											/>
										))}
									</li>
								) : null}
							</ol>
							{handover !== null ? (
								<div className="mt-3 rounded-2xl border bg-background p-3.5" data-testid="handover">
									<p className="mb-3 text-xs text-muted-foreground">{chat.handover.prompt}</p>
									<HandoverForm
										as={fetcher.Form}
										compact
										question={handover}
										lastResult={fetcher.data?.result}
										submitting={fetcher.state !== 'idle'}
									>
										<button
											type="button"
											onClick={() => setHandover(null)}
											className="rounded-full px-3 text-sm font-medium text-muted-foreground hover:text-foreground"
										>
											{chat.handover.cancel}
										</button>
									</HandoverForm>
								</div>
							) : null}
						</div>
						<form method="get" action="/asistente" onSubmit={send} className="flex gap-2 border-t p-3">
							<label htmlFor={`${panelId}-message`} className="sr-only">
								{chat.inputLabel}
							</label>
							<input
								ref={inputRef}
								id={`${panelId}-message`}
								name="pregunta"
								value={draft}
								onChange={(event) => setDraft(event.target.value)}
								placeholder={chat.inputPlaceholder}
								maxLength={questionMaxLength}
								autoComplete="off"
								className="min-w-0 flex-1 rounded-full border bg-background px-4 py-2 text-sm"
							/>
							<button
								type="submit"
								aria-label={chat.send}
								className="inline-flex size-9 items-center justify-center rounded-full bg-brand text-brand-foreground"
							>
								<Icon name="send" className="size-4" />
							</button>
						</form>
					</section>
				) : null}
				<div ref={spot} className="size-14">
					<button
						ref={toggleRef}
						type="button"
						onClick={() => setOpen((value) => !value)}
						onFocus={(event) => setKeyboardFocus(event.currentTarget.matches(':focus-visible'))}
						onBlur={() => setKeyboardFocus(false)}
						aria-expanded={open}
						aria-controls={open ? panelId : undefined}
						aria-label={open ? chat.close : chat.open}
						// Aside it lets taps through but stays in the Tab order: focus by keyboard brings it back.
						className={cn(
							'inline-flex size-14 items-center justify-center rounded-full bg-brand text-brand-foreground shadow-xl transition-[opacity,translate,scale] duration-200 hover:scale-105 motion-reduce:transition-none',
							aside && 'pointer-events-none translate-y-6 opacity-0',
						)}
					>
						{open ? <Icon name="x" className="size-6" /> : <Icon name="message-circle" className="size-6" />}
					</button>
				</div>
			</div>
		</>
	)
}
