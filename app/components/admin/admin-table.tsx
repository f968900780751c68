import { useEffect, useRef, type ReactNode } from 'react'
import { Form, Link, useSearchParams, useSubmit } from 'react-router'
import { Icon } from '~/components/ui/icon'
import { adminCopy } from '~/content/admin'
import { inputClass, selectClass } from '../forms'
import { Button } from '../ui/button'
import { StackedTable } from '../portal/stacked-table'

/**
 * Search, filters and pagination live in the URL (?q=, the filters' own names, ?page=): a plain GET
 * form without JavaScript; with it, the URL follows the fields after 300 ms of quiet. Submitting
 * leaves `page` out, so a new search starts on its first page.
 */
export function AdminTable({
	title,
	placeholder,
	columns,
	list: { total, page, pages, error },
	empty,
	filters,
	actions,
	lead,
	above,
	children,
}: {
	title: string
	placeholder: string
	columns: readonly string[]
	list: { total: number; page: number; pages: number; error: string | null }
	empty: string
	/** More fields of the search form, beside the search box. */
	filters?: ReactNode
	/** Page actions, beside the title. */
	actions?: ReactNode
	/** Under the title, before the search form: the page's figures, say. */
	lead?: ReactNode
	/** Between the search form and the table: an inline form opened without JavaScript, say. */
	above?: ReactNode
	children: ReactNode
}) {
	const [searchParams] = useSearchParams()
	const submit = useSubmit()
	const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
	useEffect(() => () => clearTimeout(timer.current), [])
	const pageHref = (target: number) => {
		const params = new URLSearchParams(searchParams)
		params.set('page', String(target))
		return `?${params}`
	}
	return (
		<>
			<div className="mb-6 flex flex-wrap items-center justify-between gap-3">
				<h1 className="text-3xl font-bold tracking-tight">{title}</h1>
				{actions}
			</div>
			{lead}
			<Form
				method="get"
				role="search"
				className="mb-6 flex flex-wrap items-end gap-3"
				onChange={(event) => {
					const form = event.currentTarget
					clearTimeout(timer.current)
					timer.current = setTimeout(() => void submit(form, { replace: true }), 300)
				}}
			>
				{/* The box gives way first, so the filters and 'Buscar' stay on its row as long as it can be 12rem wide. */}
				<div className="min-w-48 max-w-sm flex-1 max-sm:w-full max-sm:max-w-none max-sm:basis-full">
					<label htmlFor="q" className="sr-only">
						{adminCopy.search}
					</label>
					<input
						id="q"
						name="q"
						type="search"
						defaultValue={searchParams.get('q') ?? ''}
						placeholder={placeholder}
						className={inputClass}
					/>
				</div>
				{filters}
				<Button type="submit" variant="secondary">
					<Icon name="search" className="size-4" />
					{adminCopy.search}
				</Button>
			</Form>
			{above}
			{error ? (
				<p role="alert" className="rounded-xl border border-danger/40 p-4 text-danger">
					{error}
				</p>
			) : total === 0 ? (
				<p className="rounded-2xl border border-dashed bg-surface p-10 text-center text-muted-foreground">{empty}</p>
			) : (
				<>
					{/* On a phone each row is a card of labelled lines (the cells' data-label), with no sideways scroll. */}
					<StackedTable columns={columns}>{children}</StackedTable>
					<nav
						aria-label="Paginación"
						className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-muted-foreground"
					>
						<span>{adminCopy.pageOf(page, pages, total)}</span>
						<span className="flex gap-2">
							{page > 1 ? (
								<Link to={pageHref(page - 1)} className="rounded-full border px-4 py-1.5 hover:text-foreground">
									{adminCopy.previous}
								</Link>
							) : null}
							{page < pages ? (
								<Link to={pageHref(page + 1)} className="rounded-full border px-4 py-1.5 hover:text-foreground">
									{adminCopy.next}
								</Link>
							) : null}
						</span>
					</nav>
				</>
			)}
		</>
	)
}

/** One of a list's filters: a select in the search form, whose empty option is 'no filter'. */
export function FilterSelect({
	name,
	label,
	value,
	options,
}: {
	name: string
	label: string
	value: string | undefined
	options: [value: string, label: string][]
}) {
	return (
		<div>
			<label htmlFor={name} className="mb-1.5 block text-xs font-medium text-muted-foreground">
				{label}
			</label>
			<select id={name} name={name} defaultValue={value ?? ''} className={selectClass}>
				{options.map(([optionValue, optionLabel]) => (
					<option key={optionValue} value={optionValue}>
						{optionLabel}
					</option>
				))}
			</select>
		</div>
	)
}

/** 'Quitar filtros', while a filter is on: the same list with only its search term (and `keep`) left. */
export function ClearFilters({ active, keep = [] }: { active: boolean; keep?: string[] }) {
	const [searchParams] = useSearchParams()
	if (!active) return null
	const params = new URLSearchParams()
	for (const key of ['q', ...keep]) {
		const value = searchParams.get(key)
		if (value) params.set(key, value)
	}
	return (
		<Link
			to={params.size ? `?${params}` : '?'}
			className="self-end px-1 py-2.5 text-sm text-muted-foreground underline-offset-4 hover:underline"
		>
			{adminCopy.clearFilters}
		</Link>
	)
}
