import * as DialogPrimitive from '@radix-ui/react-dialog'
import type { ComponentProps, ReactNode } from 'react'
import { Icon } from '~/components/ui/icon'
import { cn } from '~/lib/utils'

export const Dialog = DialogPrimitive.Root
export const DialogTrigger = DialogPrimitive.Trigger
export const DialogClose = DialogPrimitive.Close

/** A centred modal: traps focus, closes on Escape, returns focus to its trigger (Radix). */
export function DialogContent({
	title,
	description,
	children,
	className,
	...props
}: ComponentProps<typeof DialogPrimitive.Content> & { title: string; description?: ReactNode }) {
	return (
		<DialogPrimitive.Portal>
			<DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/60 backdrop-blur-sm data-[state=open]:animate-in" />
			<DialogPrimitive.Content
				className={cn(
					'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border bg-surface p-6 shadow-2xl focus:outline-none',
					className,
				)}
				{...props}
			>
				<DialogPrimitive.Title className="pr-8 text-lg font-semibold">{title}</DialogPrimitive.Title>
				{description ? (
					<DialogPrimitive.Description className="mt-2 text-sm text-muted-foreground">
						{description}
					</DialogPrimitive.Description>
				) : (
					<DialogPrimitive.Description className="sr-only">{title}</DialogPrimitive.Description>
				)}
				<div className="mt-5">{children}</div>
				<DialogPrimitive.Close
					aria-label="Cerrar"
					className="absolute top-4 right-4 inline-flex size-8 items-center justify-center rounded-full text-muted-foreground hover:bg-surface-muted hover:text-foreground"
				>
					<Icon name="x" className="size-4" />
				</DialogPrimitive.Close>
			</DialogPrimitive.Content>
		</DialogPrimitive.Portal>
	)
}

export type ModalDialogProps = Omit<ComponentProps<typeof DialogContent>, 'children'> & {
	open: boolean
	onOpenChange: (open: boolean) => void
	children: ReactNode
}

/** A controlled dialog with no trigger of its own; what deferred-dialog.tsx loads on demand. */
export default function ModalDialog({ open, onOpenChange, ...content }: ModalDialogProps) {
	return (
		<Dialog open={open} onOpenChange={onOpenChange}>
			<DialogContent {...content} />
		</Dialog>
	)
}
