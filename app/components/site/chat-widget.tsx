import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react'
import { Icon } from '~/components/ui/icon'
import { chat } from '~/content/chat'
import { cn } from '~/lib/utils'

type Message = { id: string; text: string; sender: 'bot' | 'user' }

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

/** SPEC §2: local only — a greeting, a typing indicator and a canned reply after 2 s. */
export function ChatWidget() {
	const [open, setOpen] = useState(false)
	const [messages, setMessages] = useState<Message[]>([{ id: 'greeting', text: chat.greeting, sender: 'bot' }])
	const [typing, setTyping] = useState(false)
	const [draft, setDraft] = useState('')
	const panelId = useId()
	const inputRef = useRef<HTMLInputElement>(null)
	const listRef = useRef<HTMLOListElement>(null)
	const toggleRef = useRef<HTMLButtonElement>(null)
	const timers = useRef<ReturnType<typeof setTimeout>[]>([])
	const spot = useRef<HTMLDivElement>(null)
	const covering = useCovering(spot)
	const [keyboardFocus, setKeyboardFocus] = useState(false)
	// Out of the way of the page's buttons and links (or of what may be there, before the first report), unless
	// the chat is open or the keyboard is on its button.
	const aside = covering !== false && !open && !keyboardFocus

	useEffect(() => () => timers.current.forEach(clearTimeout), [])
	useEffect(() => {
		if (open) inputRef.current?.focus()
	}, [open])
	useEffect(() => {
		listRef.current?.lastElementChild?.scrollIntoView({ block: 'end' })
	}, [messages, typing])

	/** Closing from inside the panel hands focus back to the button that opened it, not to the top of the page. */
	function close() {
		setOpen(false)
		toggleRef.current?.focus()
	}

	function send(event: FormEvent) {
		event.preventDefault()
		const text = draft.trim()
		if (!text) return
		setMessages((current) => [...current, { id: crypto.randomUUID(), text, sender: 'user' }])
		setDraft('')
		setTyping(true)
		timers.current.push(
			setTimeout(() => {
				setTyping(false)
				setMessages((current) => [...current, { id: crypto.randomUUID(), text: chat.reply, sender: 'bot' }])
			}, chat.replyDelayMs),
		)
	}

	return (
		<>
			{/* Room under the footer for the button, so the page's last links and buttons scroll clear of it. */}
			<div aria-hidden className="h-22 bg-surface-muted/40 sm:h-24" />
			<div data-chat className="fixed right-4 bottom-4 z-30 flex flex-col items-end gap-3 sm:right-6 sm:bottom-6">
				{open ? (
					<section
						id={panelId}
						aria-label={chat.title}
						className="flex h-[28rem] max-h-[calc(100dvh-6rem)] w-[22rem] max-w-[calc(100vw-2rem)] flex-col overflow-hidden rounded-2xl border bg-surface shadow-2xl"
						onKeyDown={(event) => {
							if (event.key === 'Escape') close()
						}}
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
								aria-label="Cerrar chat"
								className="rounded-full p-1 hover:bg-white/15 focus-visible:outline-brand-foreground"
							>
								<Icon name="x" className="size-4" />
							</button>
						</header>
						<ol ref={listRef} aria-live="polite" className="flex-1 space-y-3 overflow-y-auto p-4 text-sm">
							{messages.map((message) => (
								<li
									key={message.id}
									data-sender={message.sender}
									className={cn(
										'max-w-[85%] rounded-2xl px-3.5 py-2.5',
										message.sender === 'bot' ? 'bg-surface-muted' : 'ml-auto bg-brand text-brand-foreground',
									)}
								>
									{message.text}
								</li>
							))}
							{typing ? (
								<li
									aria-label="KIA está escribiendo"
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
						<form onSubmit={send} className="flex gap-2 border-t p-3">
							<label htmlFor={`${panelId}-message`} className="sr-only">
								Escribe tu mensaje
							</label>
							<input
								ref={inputRef}
								id={`${panelId}-message`}
								value={draft}
								onChange={(event) => setDraft(event.target.value)}
								placeholder="Escribe tu mensaje..."
								maxLength={500}
								autoComplete="off"
								className="min-w-0 flex-1 rounded-full border bg-background px-4 py-2 text-sm"
							/>
							<button
								type="submit"
								aria-label="Enviar mensaje"
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
						aria-label={open ? 'Cerrar chat' : 'Abrir chat con KIA'}
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
