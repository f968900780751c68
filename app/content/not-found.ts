export const motivationalQuotes = [
	'Cada camino equivocado es un paso más hacia el correcto.',
	'Perderse también es una forma de descubrir algo nuevo.',
	'Los grandes proyectos empiezan con un pequeño desvío.',
	'No todas las rutas llevan a destino, pero todas enseñan algo.',
	'El éxito consiste en levantarse una vez más de las que caes.',
] as const
