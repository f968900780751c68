import type { Route } from './+types/auth'

export const meta: Route.MetaFunction = () => [
	{ title: 'Acceso Clientes · KIA' },
	{ name: 'robots', content: 'noindex' },
]

// The sign-in and sign-up forms arrive with the portal authentication issue (#6).
export default function Auth() {
	return (
		<div className="flex flex-1 items-center justify-center px-4 py-16">
			<section className="w-full max-w-md rounded-2xl border bg-surface p-8 shadow-sm">
				<h1 className="text-2xl font-semibold tracking-tight">Iniciar Sesión</h1>
				<p className="mt-2 text-muted-foreground">Accede a tu panel de cliente de KIA.</p>
			</section>
		</div>
	)
}
