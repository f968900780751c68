import {
	useEffect,
	useId,
	useLayoutEffect,
	useRef,
	useState,
	type CSSProperties,
	type FormEvent,
	type KeyboardEvent,
	type RefObject,
} from 'react'
import { useFetcher } from 'react-router'
import { Icon } from '~/components/ui/icon'
import { chat } from '~/content/chat'
import { questionMaxLength, type Answer, type AnswerEvent } from '~/lib/chat'
import { cn } from '~/lib/utils'
import type { action as handoverAction } from '~/routes/site/chat'
import { AnswerView, HandoverForm } from './chat-answer'

/** A message of the conversation: the visitor's words, or the chat's answer, words or both. */
type Message = {
	id: string
	sender: 'bot' | 'user'
	text?: string
	answer?: Answer
	/** While a language model's words are still coming. */
	streaming?: boolean
}

/** Whatever a tap can land on: buttons, links, form fields. */
const tappable = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"]'
/** Room kept between the chat button and anything tappable, in px. */
const clearance = 8

/**
 * Whether anything tappable of the page passes under `spot` (the chat button's place): an
 * IntersectionObserver whose root is shrunk by its margins to that corner, so the browser reports
 * it as it renders and no code of ours runs on scroll. It watches what the page adds later too.
 * Null until the first report: the button waits aside for it rather than showing for a frame and
 * then sliding away from, say, the cookie banner's buttons.
 */
function useCovering(spot: RefObject<HTMLElement | null>) {
	const [covering, setCovering] = useState<boolean | null>(null)
	useEffect(() => {
		const corner = spot.current
		if (!corner) return
		const widget = corner.closest('[data-chat]')
		const under = new Set<Element>()
		let observer: IntersectionObserver | undefined
		let frame = 0
		const observeAll = () => {
			frame = 0
			let watched = 0
			for (const target of document.querySelectorAll(tappable)) {
				if (widget?.contains(target)) continue
				observer?.observe(target)
				watched++
			}
			// The observer reports only on what it watches: with nothing to watch, nothing is under it.
			if (watched === 0) setCovering(false)
		}
		const watch = () => {
			observer?.disconnect()
			under.clear()
			const box = corner.getBoundingClientRect()
			const { clientWidth, clientHeight } = document.documentElement
			const inset = (distance: number) => `${-Math.max(0, Math.floor(distance - clearance))}px`
			observer = new IntersectionObserver(
				(entries) => {
					for (const entry of entries) {
						if (entry.isIntersecting) under.add(entry.target)
						else under.delete(entry.target)
					}
					setCovering(under.size > 0)
				},
				{
					rootMargin: [box.top, clientWidth - box.right, clientHeight - box.bottom, box.left].map(inset).join(' '),
				},
			)
			observeAll()
		}
		const changed = new MutationObserver(() => {
			frame ||= requestAnimationFrame(observeAll)
		})
		// Chromium keeps reporting a button as clear of the corner after the deferred block (render-when-near) it
		// is in, or one above it, renders and so moves it: a fresh observer reports where everything is then.
		const rendered = (event: Event) => {
			if (event instanceof ContentVisibilityAutoStateChangeEvent && !event.skipped) watch()
		}
		watch()
		changed.observe(document.body, { childList: true, subtree: true })
		window.addEventListener('resize', watch)
		// Capture: the event does not bubble, and fires on the deferred block itself.
		document.addEventListener('contentvisibilityautostatechange', rendered, true)
		return () => {
			document.removeEventListener('contentvisibilityautostatechange', rendered, true)
			window.removeEventListener('resize', watch)
			changed.disconnect()
			observer?.disconnect()
			cancelAnimationFrame(frame)
		}
	}, [spot])
	return covering
}

/**
 * How far the cookie banner reaches up from the bottom of the screen while `active`, in px; 0 without it. The
 * banner is fixed at the bottom above the chat, and on a desktop it spans the open panel's corner: lifted by this,
 * the panel and its field sit clear of it and the banner's buttons stay in reach (issue 55).
 */
function useBannerHeight(active: boolean) {
	const [height, setHeight] = useState(0)
	// Before the panel is first drawn: never a frame of it under the banner. The widget renders in the browser only.
	useLayoutEffect(() => {
		if (!active) return
		let banner: Element | null = null
		const measure = () => setHeight(banner ? Math.max(0, window.innerHeight - banner.getBoundingClientRect().top) : 0)
		const resized = new ResizeObserver(measure)
		// The banner goes once the visitor chooses, while the chat may be open.
		const find = () => {
			const current = document.querySelector('[data-cookie-banner]')
			if (current === banner) return
			if (banner) resized.unobserve(banner)
			banner = current
			if (banner) resized.observe(banner)
			measure()
		}
		measure()
		const changed = new MutationObserver(find)
		find()
		changed.observe(document.body, { childList: true, subtree: true })
		window.addEventListener('resize', measure)
		return () => {
			window.removeEventListener('resize', measure)
			changed.disconnect()
			resized.disconnect()
		}
	}, [active])
	return active ? height : 0
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
		const email = reply?.sent
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
