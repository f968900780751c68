export type FaqItem = { question: string; answer: string }

export const homeFaq: FaqItem[] = [
	{
		question: '¿Qué es KIA exactamente?',
		answer:
			'KIA crea asistentes inteligentes propios para tu negocio. Los entrenamos con tus documentos y los conectamos a tus herramientas para que te ayuden con recordatorios fiscales, facturas, correos y atención a clientes.',
	},
	{
		question: '¿Cuánto se tarda en tener mi asistente?',
		answer:
			'Depende del plan: 30 días con Starter, 6 semanas con Business y de 8 a 10 semanas con Enterprise, desde que tenemos tus documentos y accesos. Te damos una fecha concreta en la propuesta.',
	},
	{
		question: '¿Qué documentos necesitáis?',
		answer:
			'Los que usas a diario: tarifas, procedimientos, plantillas de correo, preguntas frecuentes de tus clientes o modelos de factura. Te ayudamos a elegirlos y a prepararlos.',
	},
	{
		question: '¿Mis datos están protegidos?',
		answer:
			'Sí. Tratamos tus datos conforme al RGPD, solo se usan para tu asistente y nunca para entrenar los de otros clientes. El acceso a tu WebApp es privado.',
	},
	{
		question: '¿Por qué canales funciona el asistente?',
		answer:
			'Por tu WebApp privada, por WhatsApp Business y por correo electrónico. Tú eliges qué canales activar y qué puede hacer en cada uno.',
	},
	{
		question: '¿Está preparado para VERIFACTU?',
		answer:
			'Sí. El asistente prepara la facturación electrónica según los requisitos de VERIFACTU y te ayuda con los modelos fiscales que presentas ante la Agencia Tributaria.',
	},
	{
		question: '¿Puedo cambiar de plan más adelante?',
		answer:
			'Claro. Puedes pasar de Starter a Business o Enterprise cuando tu negocio lo necesite, y también volver a un plan más sencillo.',
	},
	{
		question: '¿Qué soporte ofrecéis?',
		answer:
			'Depende del plan. Starter no incluye soporte continuo, pero sí el entrenamiento inicial completo, y puedes contratar bolsas de horas de soporte. Business incluye 30 días de soporte tras la entrega y Enterprise, 3 meses de soporte y mantenimiento prioritario. Para cualquier otra consulta, escríbenos o llámanos de lunes a viernes: te respondemos en menos de 24 horas.',
	},
	{
		question: '¿Qué es la WebApp incluida?',
		answer:
			'Es una aplicación web privada con tu logo y tus colores, desde la que hablas con tu asistente y revisas su trabajo. Se accede con tu cuenta de Google o con email y contraseña.',
	},
	{
		question: '¿Qué pasa después de pagar?',
		answer:
			'Te escribimos para agendar la reunión de arranque, recogemos tus documentos y empezamos a construir tu asistente. Te mantenemos informado en cada paso hasta la entrega.',
	},
]
