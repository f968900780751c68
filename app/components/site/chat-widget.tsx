import { Bot, MessageCircle, Send, X } from 'lucide-react'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { chat } from '~/content/chat'
import { cn } from '~/lib/utils'

type Message = { id: string; text: string; sender: 'bot' | 'user' }

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
		<div className="fixed right-4 bottom-4 z-30 flex flex-col items-end gap-3 sm:right-6 sm:bottom-6">
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
							<Bot aria-hidden className="size-5" />
							<h2 className="text-sm font-semibold">{chat.title}</h2>
						</div>
						{/* On the brand header the ring colour (1.2:1 to 1.9:1 against it) would not show; the header's text colour does. */}
						<button
							type="button"
							onClick={close}
							aria-label="Cerrar chat"
							className="rounded-full p-1 hover:bg-white/15 focus-visible:outline-brand-foreground"
						>
							<X aria-hidden className="size-4" />
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
							<Send aria-hidden className="size-4" />
						</button>
					</form>
				</section>
			) : null}
			<button
				ref={toggleRef}
				type="button"
				onClick={() => setOpen((value) => !value)}
				aria-expanded={open}
				aria-controls={open ? panelId : undefined}
				aria-label={open ? 'Cerrar chat' : 'Abrir chat con KIA'}
				className="inline-flex size-14 items-center justify-center rounded-full bg-brand text-brand-foreground shadow-xl transition-transform hover:scale-105"
			>
				{open ? <X aria-hidden className="size-6" /> : <MessageCircle aria-hidden className="size-6" />}
			</button>
		</div>
	)
}
