import { Construction } from 'lucide-react'
import { adminCopy } from '~/content/admin'

/** Servicios, Asistentes and Facturación: not built yet (issue 22), and the page says so. */
export default function AdminPlaceholder() {
	return (
		<div className="rounded-2xl border border-dashed bg-surface p-16 text-center">
			<Construction aria-hidden className="mx-auto size-10 text-muted-foreground" />
			<h1 className="mt-4 text-2xl font-bold">{adminCopy.placeholder.title}</h1>
			<p className="mt-2 text-muted-foreground">{adminCopy.placeholder.text}</p>
		</div>
	)
}
