/**
 * The first stop of the Tab key on every layout: past the header and menus to
 * <main id="contenido">. (not-sr-only resets padding, hence the focus: padding.)
 */
export function SkipLink() {
	return (
		<a
			href="#contenido"
			className="sr-only z-50 rounded-full bg-brand text-sm font-medium text-brand-foreground shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:px-4 focus:py-2"
		>
			Saltar al contenido
		</a>
	)
}
