/** The cookie banner, preferences dialog and footer link: on every page of the site. */
export const cookieTexts = {
	bannerLabel: 'Consentimiento de cookies',
	bannerHeading: 'Usamos cookies',
	bannerText:
		'Utilizamos cookies necesarias para que la web funcione y, con tu permiso, cookies de análisis y marketing para mejorar nuestros servicios. Puedes aceptarlas, rechazarlas o elegir cuáles permitir.',
	customize: 'Personalizar',
	reject: 'Rechazar',
	accept: 'Aceptar todo',
	dialogTitle: 'Preferencias de cookies',
	dialogText:
		'Las cookies necesarias hacen que la web funcione y no se pueden desactivar. Las demás solo se usan si nos das permiso.',
	rejectAll: 'Rechazar todo',
	save: 'Guardar preferencias',
	manage: 'Gestionar Cookies',
	pageHeading: 'Tus preferencias de cookies',
	pageText: 'Puedes cambiar tu elección en cualquier momento.',
	options: {
		necessary: { label: 'Necesarias', text: 'Sesión, tema y tu elección de cookies. Siempre activas.' },
		analytics: { label: 'Análisis', text: 'Nos ayudan a entender cómo se usa la web.' },
		marketing: { label: 'Marketing', text: 'Permiten mostrarte publicidad relevante.' },
	},
} as const
