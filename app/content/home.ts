export const home = {
	title: 'KIA · Tu asistente inteligente propio para tu negocio',
	description:
		'KIA crea asistentes de inteligencia artificial entrenados con los documentos de tu empresa y conectados a WhatsApp Business, correo, calendario y facturación.',
	eyebrow: 'Asistente propio, creado con tu conocimiento, activado con IA',
	headline: 'Haz menos. Logra más. Vive mejor.',
	lead: 'Un asistente inteligente entrenado con los documentos de tu negocio que recuerda tus obligaciones fiscales, gestiona facturas y responde correos por ti, en la web, en WhatsApp Business y por email.',
} as const
