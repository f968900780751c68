import { Link } from 'react-router'
import { adminCopy } from '~/content/admin'

export default function AdminHome() {
	return (
		<>
			<h1 className="text-3xl font-bold tracking-tight">{adminCopy.welcome}</h1>
			<p className="mt-2 text-muted-foreground">{adminCopy.welcomeText}</p>
			<ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
				{adminCopy.cards.map((card) => (
					<li key={card.to}>
						<Link
							to={card.to}
							className="block h-full rounded-2xl border bg-surface p-6 shadow-sm transition hover:border-brand/50"
						>
							<span className="block font-semibold">{card.title}</span>
							<span className="mt-1 block text-sm text-muted-foreground">{card.text}</span>
						</Link>
					</li>
				))}
			</ul>
		</>
	)
}
