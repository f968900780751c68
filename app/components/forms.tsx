import type { SubmissionResult } from '@conform-to/react'
import { useId, type ComponentProps, type ReactNode } from 'react'
import { useNavigation, useRouteLoaderData } from 'react-router'
import { company, companyIdentityCopy } from '~/content/company'
import { privacyNotice, type PrivacyNoticeForm } from '~/content/privacy-notice'
import type { CompanyIdentity } from '~/lib/company-identity'
import { submissionKeyField } from '~/lib/submission-key'
import { cn } from '~/lib/utils'
import type { loader as rootLoader } from '~/root'
import { Button } from './ui/button'
import { Icon } from './ui/icon'

/**
 * When a form's own checks run in the browser (conform's `useForm`): first when it is sent, then on every keystroke in
 * a field. Never when a field is left: an error shown then pushes down what is under the field between the press of
 * the pointer on it and the release, and the click is lost (a slot of the booking form picked right after a wrong
 * e-mail stayed unchecked).
 */
export const validateOnSubmit = { shouldValidate: 'onSubmit', shouldRevalidate: 'onInput' } as const

export type ListOfErrors = (string | null | undefined)[] | null | undefined

export function ErrorList({ id, errors }: { id?: string; errors?: ListOfErrors }) {
	const shown = errors?.filter(Boolean)
	if (!shown?.length) return null
	return (
		<ul id={id} className="mt-1.5 space-y-1 text-sm text-danger">
			{shown.map((error) => (
				<li key={error}>{error}</li>
			))}
		</ul>
	)
}

const fieldClass =
	'block w-full rounded-xl border bg-background py-2.5 text-sm text-foreground placeholder:text-muted-foreground/80 [&[readonly]]:bg-surface-muted [&[readonly]]:text-muted-foreground focus-visible:border-ring aria-[invalid=true]:border-danger'

export const inputClass = `${fieldClass} px-4`

/**
 * A native select keeps the platform's picker (a phone's wheel, the keyboard, no JavaScript needed); only the
 * platform's arrow goes, which read as a disabled control beside our fields (app.css, `select-chevron`).
 */
export const selectClass = `${fieldClass} select-chevron pl-4 pr-10`

/** Label, input and errors wired together (aria-invalid, aria-describedby). */
export function Field({
	label,
	inputProps,
	errors,
	className,
	hideLabel,
}: {
	label: string
	inputProps: ComponentProps<'input'>
	errors?: ListOfErrors
	className?: string
	hideLabel?: boolean
}) {
	const fallbackId = useId()
	const id = inputProps.id ?? fallbackId
	const errorId = errors?.length ? `${id}-error` : undefined
	return (
		<div className={className}>
			<label htmlFor={id} className={cn('mb-1.5 block text-sm font-medium', hideLabel && 'sr-only')}>
				{label}
			</label>
			<input
				id={id}
				aria-invalid={errorId ? true : undefined}
				aria-describedby={errorId}
				className={inputClass}
				{...inputProps}
			/>
			<ErrorList id={errorId} errors={errors} />
		</div>
	)
}

/** Label, textarea, an optional hint and errors wired together, as `Field` does for an input. */
export function TextareaField({
	label,
	textareaProps,
	errors,
	hint,
	className,
}: {
	label: string
	textareaProps: ComponentProps<'textarea'>
	errors?: ListOfErrors
	/** A line under the field saying what to write; read by screen readers with the field. */
	hint?: string
	className?: string
}) {
	const fallbackId = useId()
	const id = textareaProps.id ?? fallbackId
	const errorId = errors?.length ? `${id}-error` : undefined
	const hintId = hint ? `${id}-ayuda` : undefined
	const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
	return (
		<div className={className}>
			<label htmlFor={id} className="mb-1.5 block text-sm font-medium">
				{label}
			</label>
			<textarea
				rows={5}
				{...textareaProps}
				id={id}
				aria-invalid={errorId ? true : undefined}
				aria-describedby={describedBy}
				className={cn(inputClass, 'resize-y', textareaProps.className)}
			/>
			{hint ? (
				<p id={hintId} className="mt-1.5 text-xs text-muted-foreground">
					{hint}
				</p>
			) : null}
			<ErrorList id={errorId} errors={errors} />
		</div>
	)
}

/**
 * Which submission is in flight: the form posted to the path `formAction` (any when unsaid) whose `intent` and other
 * `fields` are these. A page with several forms tells them apart by their intent and fields, which a bare
 * `navigation.state === 'submitting'` cannot; a form's pending state lasts until the page its answer leads to has
 * loaded (the redirect included), so a button pressed once stays pressed until then. A search form (`method:
 * 'get'`) is pending while the page it asks for loads.
 */
export function usePendingForm({
	formAction,
	intent,
	fields = {},
	method = 'post',
}: { formAction?: string; intent?: string; fields?: Record<string, string>; method?: 'get' | 'post' } = {}) {
	const navigation = useNavigation()
	const form = navigation.formData
	if (navigation.state === 'idle' || !form || (navigation.formMethod === 'GET') !== (method === 'get')) return false
	if (formAction !== undefined && new URL(navigation.formAction ?? '', 'http://x').pathname !== formAction) return false
	if (intent !== undefined && form.get('intent') !== intent) return false
	return Object.entries(fields).every(([name, value]) => form.get(name) === value)
}

/** A form's submit button: while its submission is in flight, disabled, with a spinner and `pendingLabel`. */
export function SubmitButton({
	pending,
	pendingLabel,
	icon,
	children,
	...props
}: { pending: boolean; pendingLabel?: string; icon?: ReactNode; children: ReactNode } & Omit<
	ComponentProps<typeof Button>,
	'type'
>) {
	return (
		<Button type="submit" {...props} disabled={pending || props.disabled} aria-disabled={pending || undefined}>
			{pending ? <Icon name="loader-circle" className="size-4 animate-spin" /> : icon}
			{pending ? (pendingLabel ?? children) : children}
		</Button>
	)
}

/**
 * The hidden key of a form that makes something (app/.server/http/submission-key.ts): while the form shows the
 * answer to a submission, the key it was sent with, so sending it again is known for a repeat; else the page's.
 */
export function SubmissionKeyInput({ lastResult }: { lastResult?: SubmissionResult<string[]> | null }) {
	const pageKey = useRouteLoaderData<typeof rootLoader>('root')?.submissionKey ?? ''
	const sent = lastResult?.initialValue?.[submissionKeyField]
	return <input type="hidden" name={submissionKeyField} value={typeof sent === 'string' ? sent : pageKey} />
}

/**
 * The configured company (app/.server/env.ts), from the root's data: the identity of the legal notice and the
 * invoices, the privacy notice's controller. Null only on the root's own error page. The company's pieces are here, in a module the pages that show
 * them load anyway: a module of their own was one more file for a first visit to fetch (first-load.spec).
 */
export function useCompanyIdentity(): CompanyIdentity | null {
	return useRouteLoaderData<typeof rootLoader>('root')?.company ?? null
}

/** Who trades as KIA on one run of text, after `lead`: the footer's line, and the invoices'. */
export function CompanyIdentityLine({
	identity,
	lead,
	className,
}: {
	identity: CompanyIdentity
	lead?: string
	className?: string
}) {
	return (
		<p className={cn('text-xs', className)}>
			{lead ? `${lead} ` : null}
			{companyIdentityCopy.line(identity)}
		</p>
	)
}

/**
 * The first-layer privacy notice beside the submit button of a form that takes personal data: the configured
 * company as the controller, the form's purpose, the rights, and the privacy policy (on the site's host, wherever
 * the form is).
 */
export function PrivacyNotice({ form, className }: { form: PrivacyNoticeForm; className?: string }) {
	const root = useRouteLoaderData<typeof rootLoader>('root')
	const name = root?.company.legalName ?? company.brand
	// 'S.L.' ends the sentence already.
	const controller = name.endsWith('.') ? name : `${name}.`
	const policy = root?.host === 'portal' ? `${root.env.SITE_URL}${privacyNotice.policyPath}` : privacyNotice.policyPath
	return (
		<p className={cn('text-xs leading-relaxed text-muted-foreground', className)} data-privacy-notice={form}>
			<strong className="font-medium">{privacyNotice.controller}:</strong> {controller}{' '}
			<strong className="font-medium">{privacyNotice.purpose}:</strong> {privacyNotice.purposes[form]}.{' '}
			<strong className="font-medium">{privacyNotice.rights}:</strong> {privacyNotice.rightsText}. {privacyNotice.more}{' '}
			<a href={policy} className="underline underline-offset-2 hover:text-foreground">
				{privacyNotice.policy}
			</a>
			.
		</p>
	)
}
