import { company } from './company'

export type LegalSection = {
	heading: string
	paragraphs: string[]
	/** Optional bullet list shown after the paragraphs. */
	list?: string[]
}

export type LegalDocument = {
	/** Page <h1> and <title>. */
	title: string
	/** One sentence for the meta description (max 155 characters). */
	description: string
	/** ISO date of the last update. */
	updated: string
	intro: string
	sections: LegalSection[]
}

/** The title of each legal page's table of contents. */
export const legalContentsHeading = 'En esta página'

export const privacyPolicy: LegalDocument = {
	title: 'Política de privacidad',
	description:
		'Cómo trata KIA tus datos personales conforme al RGPD y la LOPDGDD: finalidades, bases legales, plazos, destinatarios y cómo ejercer tus derechos.',
	updated: '2025-07-25',
	intro: `En KIA nos tomamos en serio la protección de tus datos personales. Esta política explica qué datos tratamos cuando visitas nuestra web, reservas una demo, contratas alguno de nuestros planes o utilizas el portal de clientes, con qué finalidad lo hacemos, durante cuánto tiempo los conservamos y qué derechos puedes ejercer, de acuerdo con el Reglamento (UE) 2016/679 General de Protección de Datos (RGPD) y la Ley Orgánica 3/2018, de Protección de Datos Personales y garantía de los derechos digitales (LOPDGDD).`,
	sections: [
		{
			heading: '1. Responsable del tratamiento',
			paragraphs: [
				`El responsable del tratamiento de tus datos personales es la sociedad titular de KIA, cuya razón social, NIF, domicilio social y datos registrales figuran en el aviso legal de esta página. Puedes contactar con nosotros por correo electrónico en ${company.email} para cualquier consulta general.`,
				`Para cualquier cuestión relacionada con la protección de datos o para ejercer tus derechos, puedes escribirnos a ${company.privacyEmail}. Atenderemos tu solicitud con la mayor diligencia posible.`,
			],
		},
		{
			heading: '2. Datos que tratamos',
			paragraphs: [
				'Tratamos únicamente los datos que son necesarios para las finalidades descritas en esta política. Según cómo te relaciones con nosotros, podemos tratar las siguientes categorías de datos:',
			],
			list: [
				'Datos de contacto facilitados en los formularios de la web: nombre, correo electrónico y el contenido del mensaje que nos envías.',
				'Datos de reserva de reuniones de demostración: nombre, correo electrónico, fecha y hora elegidas y, en su caso, la información que nos indiques sobre tu negocio.',
				'Datos de cuenta en el portal de clientes: nombre, correo electrónico, credenciales de acceso (o el identificador de tu cuenta de Google si eliges ese método) y preferencias de perfil.',
				'Datos de contratación y facturación: razón social o nombre, NIF, dirección de facturación, plan contratado e historial de pagos. Los datos completos de la tarjeta los trata directamente Stripe; nosotros no los almacenamos.',
				'Datos de navegación: dirección IP, tipo de navegador, páginas visitadas y datos obtenidos mediante cookies, en los términos de nuestra Política de cookies.',
				'Documentos y contenidos que nos facilitas para entrenar y configurar tu asistente, que pueden contener datos personales de terceros de los que tú eres responsable.',
				'Preguntas que escribes en el asistente de la web (el chat): guardamos solo el texto de la pregunta, la fecha, si encontró respuesta y las páginas que te enlazó, sin tu dirección IP ni ningún otro identificador. Si pides hablar con una persona, también el correo electrónico que nos dejes para responderte.',
			],
		},
		{
			heading: '3. Finalidades y bases legales del tratamiento',
			paragraphs: [
				'Tratamos tus datos para las finalidades que se indican a continuación, cada una de ellas amparada en una base legal prevista en el artículo 6 del RGPD:',
			],
			list: [
				'Atender tus consultas y solicitudes de información enviadas a través de los formularios, el correo electrónico o el teléfono. Base legal: tu consentimiento y, en su caso, la aplicación de medidas precontractuales a petición tuya.',
				'Gestionar la reserva y celebración de reuniones de demostración gratuitas. Base legal: aplicación de medidas precontractuales a petición del interesado.',
				'Gestionar la contratación, el desarrollo, la entrega y el mantenimiento de tu asistente, así como el acceso al portal de clientes y la gestión de tu suscripción. Base legal: ejecución del contrato.',
				'Emitir facturas, llevar la contabilidad y cumplir las obligaciones fiscales y mercantiles. Base legal: cumplimiento de obligaciones legales.',
				'Garantizar la seguridad de la web y del portal, prevenir el fraude y mejorar nuestros servicios. Base legal: interés legítimo de la empresa.',
				'Responder a las preguntas del asistente de la web con lo que publicamos en ella y saber qué preguntas se quedan sin respuesta para mejorar sus contenidos. Base legal: interés legítimo de la empresa. Si pides hablar con una persona, atender tu consulta. Base legal: tu consentimiento.',
				'Analizar el uso de la web mediante cookies analíticas y, en su caso, mostrar publicidad personalizada. Base legal: tu consentimiento, que puedes retirar en cualquier momento.',
				'Enviarte comunicaciones comerciales sobre nuestros productos y servicios. Base legal: tu consentimiento o, si eres cliente, nuestro interés legítimo conforme al artículo 21 de la LSSI-CE, pudiendo oponerte en cualquier momento.',
			],
		},
		{
			heading: '4. Plazos de conservación',
			paragraphs: [
				'Conservamos los datos de contacto y de consultas durante el tiempo necesario para atender tu solicitud y, como máximo, durante un año desde la última comunicación, salvo que se inicie una relación contractual.',
				'Las preguntas escritas en el asistente de la web se conservan 90 días y después se eliminan automáticamente. No van unidas a tu dirección IP ni a ningún identificador, así que solo podrían relacionarse contigo si tú mismo escribes en ellas tus datos. Para evitar abusos limitamos cuántas preguntas se pueden hacer desde una misma dirección en diez minutos: ese recuento, que sí usa la dirección, no se une a las preguntas y se elimina pasado un día.',
				'Los datos de clientes se conservan mientras dure la relación contractual y, una vez finalizada, durante los plazos de prescripción de las acciones legales que pudieran derivarse y los exigidos por la normativa fiscal y mercantil, que con carácter general es de seis años para la documentación contable y facturas.',
				'Los documentos que nos facilitas para entrenar tu asistente se conservan mientras el servicio esté activo. Al finalizar el contrato los devolvemos o suprimimos, a tu elección, salvo que exista una obligación legal de conservarlos. Los datos tratados sobre la base del consentimiento se conservan hasta que lo retires.',
			],
		},
		{
			heading: '5. Destinatarios y encargados del tratamiento',
			paragraphs: [
				'No cedemos tus datos a terceros salvo obligación legal, por ejemplo a la Agencia Estatal de Administración Tributaria, a juzgados y tribunales o a las Fuerzas y Cuerpos de Seguridad cuando así lo requieran.',
				'Para prestar nuestros servicios contamos con proveedores que acceden a los datos en calidad de encargados del tratamiento, con los que hemos firmado los correspondientes contratos conforme al artículo 28 del RGPD:',
			],
			list: [
				'Supabase: autenticación y base de datos del portal de clientes, con alojamiento de los datos en la Unión Europea.',
				'Stripe: procesamiento de pagos con tarjeta, gestión de suscripciones y portal de facturación.',
				'Google: servicios de Google Workspace (correo, Google Drive y Google Calendar), inicio de sesión con cuenta de Google y, solo con tu consentimiento, Google Analytics.',
				'Meta Platforms: WhatsApp Business, cuando el asistente se conecta a este canal por decisión del cliente.',
				'Proveedores de alojamiento web, de modelos de inteligencia artificial y de correo electrónico necesarios para el funcionamiento de la web y de los asistentes.',
			],
		},
		{
			heading: '6. Transferencias internacionales de datos',
			paragraphs: [
				'Algunos de nuestros proveedores, como Stripe o Google, pueden tratar datos fuera del Espacio Económico Europeo, principalmente en Estados Unidos. En esos casos, las transferencias se realizan con las garantías adecuadas previstas en el RGPD.',
				'Estas garantías incluyen la adhesión del proveedor al Marco de Privacidad de Datos UE-EE. UU. (Data Privacy Framework), objeto de una decisión de adecuación de la Comisión Europea, o la firma de las cláusulas contractuales tipo aprobadas por la Comisión, junto con medidas técnicas complementarias como el cifrado. Puedes solicitar más información sobre estas garantías escribiendo a nuestra dirección de privacidad.',
			],
		},
		{
			heading: '7. Tus derechos',
			paragraphs: [
				'Como titular de los datos, puedes ejercer en cualquier momento los siguientes derechos reconocidos en los artículos 15 a 22 del RGPD:',
			],
			list: [
				'Acceso: saber si tratamos tus datos y obtener una copia de ellos.',
				'Rectificación: corregir los datos inexactos o completar los incompletos.',
				'Supresión: solicitar que eliminemos tus datos cuando ya no sean necesarios, entre otros supuestos.',
				'Oposición: oponerte al tratamiento basado en el interés legítimo o con fines de mercadotecnia directa.',
				'Limitación del tratamiento: solicitar que conservemos tus datos pero no los tratemos, en los supuestos previstos legalmente.',
				'Portabilidad: recibir tus datos en un formato estructurado y de uso común, o que los transmitamos a otro responsable.',
				'Retirada del consentimiento: en cualquier momento, sin que ello afecte a la licitud del tratamiento previo.',
				'No ser objeto de decisiones individuales basadas únicamente en tratamientos automatizados que produzcan efectos jurídicos sobre ti.',
			],
		},
		{
			heading: '8. Cómo ejercer tus derechos y reclamar ante la AEPD',
			paragraphs: [
				`Para ejercer tus derechos, envía un correo electrónico a ${company.privacyEmail} o un escrito a KIA en el domicilio social que figura en el aviso legal, indicando el derecho que deseas ejercer y aportando la información necesaria para identificarte. Te responderemos en el plazo máximo de un mes, prorrogable por otros dos meses en casos complejos, informándote de la prórroga.`,
				'Si consideras que no hemos atendido correctamente tus derechos o que el tratamiento de tus datos infringe la normativa, tienes derecho a presentar una reclamación ante la Agencia Española de Protección de Datos (AEPD), a través de su sede electrónica en www.aepd.es o en su domicilio en la calle Jorge Juan, 6, 28001 Madrid.',
			],
		},
		{
			heading: '9. Datos de terceros tratados en los asistentes',
			paragraphs: [
				'Cuando un cliente nos encarga un asistente y nos facilita documentos, contactos o conversaciones que contienen datos personales de sus propios clientes, empleados o proveedores, el cliente actúa como responsable del tratamiento y nosotros como encargado del tratamiento.',
				'En ese caso, tratamos esos datos únicamente siguiendo las instrucciones documentadas del cliente y con la finalidad de prestar el servicio contratado, conforme al contrato de encargo del tratamiento que forma parte de las condiciones de contratación. No utilizamos esos datos para fines propios ni para entrenar modelos de terceros.',
			],
		},
		{
			heading: '10. Seguridad de la información',
			paragraphs: [
				'Aplicamos medidas técnicas y organizativas apropiadas para garantizar un nivel de seguridad adecuado al riesgo, de acuerdo con el artículo 32 del RGPD. Entre otras, utilizamos cifrado en tránsito mediante HTTPS, control de accesos con autenticación segura, separación de los datos de cada cliente, copias de seguridad periódicas y acceso restringido del personal según el principio de necesidad de conocer.',
				'Si se produjera una violación de la seguridad de los datos personales que supusiera un riesgo para tus derechos, la notificaríamos a la AEPD y, cuando proceda, a los afectados en los plazos y términos previstos en la normativa.',
			],
		},
		{
			heading: '11. Menores de edad y cambios en esta política',
			paragraphs: [
				'Nuestros servicios están dirigidos a profesionales y empresas. No recogemos de forma consciente datos de menores de 14 años. Si detectamos que hemos recibido datos de un menor sin la autorización de sus padres o tutores, los eliminaremos.',
				'Podemos actualizar esta política para adaptarla a cambios legislativos, jurisprudenciales o en nuestros servicios. Publicaremos siempre la versión vigente en esta página con su fecha de actualización y, si los cambios son relevantes, te los comunicaremos por correo electrónico o mediante un aviso en la web o en el portal de clientes.',
			],
		},
	],
}

export const cookiePolicy: LegalDocument = {
	title: 'Política de cookies',
	description:
		'Qué cookies usa la web de KIA, para qué sirven, cuánto duran y cómo puedes aceptarlas, rechazarlas o configurarlas en cualquier momento.',
	updated: '2025-07-25',
	intro: `Esta política explica qué son las cookies, cuáles utiliza KIA en su sitio web y en el portal de clientes, con qué finalidad y cómo puedes gestionarlas. La redactamos conforme al artículo 22.2 de la Ley 34/2002, de Servicios de la Sociedad de la Información y de Comercio Electrónico (LSSI-CE), el RGPD y la Guía sobre el uso de las cookies de la Agencia Española de Protección de Datos.`,
	sections: [
		{
			heading: '1. Qué son las cookies',
			paragraphs: [
				'Las cookies son pequeños archivos que un sitio web almacena en tu navegador o dispositivo cuando lo visitas. Permiten, entre otras cosas, recordar tus preferencias, mantener iniciada tu sesión o conocer de forma agregada cómo se utiliza la web.',
				'En esta política usamos el término cookies en sentido amplio, incluyendo también tecnologías similares como el almacenamiento local del navegador (localStorage), que cumplen funciones equivalentes.',
			],
		},
		{
			heading: '2. Tipos de cookies',
			paragraphs: [
				'Según su titularidad, las cookies pueden ser propias, cuando las gestiona el propio titular de la web, o de terceros, cuando las gestiona otra entidad que trata los datos obtenidos. Según su duración, pueden ser de sesión, que desaparecen al cerrar el navegador, o persistentes, que se conservan durante un tiempo determinado.',
				'Según su finalidad, distinguimos las siguientes categorías:',
			],
			list: [
				'Técnicas o necesarias: imprescindibles para el funcionamiento de la web y del portal, como mantener la sesión, recordar la preferencia de tema o guardar tu elección sobre cookies. Están exentas de consentimiento conforme al artículo 22.2 de la LSSI-CE.',
				'Analíticas: permiten medir de forma agregada el número de visitas y el uso de la web para mejorarla. Solo se instalan si das tu consentimiento.',
				'De marketing: permiten medir la eficacia de nuestras campañas y mostrarte publicidad relacionada con tus intereses. Solo se instalan si das tu consentimiento.',
			],
		},
		{
			heading: '3. Cookies que utilizamos',
			paragraphs: [
				'A continuación detallamos las cookies y elementos de almacenamiento que pueden utilizarse en nuestra web y en el portal de clientes, indicando su nombre, titular, finalidad, duración y tipo:',
			],
			list: [
				'kia-theme (propia): guarda la preferencia de tema claro u oscuro de la web. Duración: 12 meses. Tipo: técnica.',
				'kia-portal-theme (propia): guarda la preferencia de tema claro u oscuro del portal de clientes. Duración: 12 meses. Tipo: técnica.',
				'cookie_consent y kia-consent (propias): almacenan tu elección sobre el uso de cookies, la primera en localStorage y la segunda como cookie. Duración: 12 meses. Tipo: técnica.',
				'sb-…-auth-token (propia, servicio de Supabase): mantiene tu sesión iniciada en la web y en el portal de clientes; solo la lee nuestro servidor. Duración: 7 días desde tu última visita, o hasta que cierres sesión. Tipo: técnica.',
				'sb-…-auth-token-flow-…-code-verifier, sb-…-auth-token-flows-code-verifier y sb-…-auth-token-code-verifier (propias, servicio de Supabase): protegen el inicio de sesión con Google y los enlaces de confirmación y de recuperación de contraseña que te enviamos por correo; la primera se guarda una vez por cada inicio de sesión en curso, la segunda enumera los que están en curso y la tercera repite el último. Duración: 1 hora. Tipo: técnica.',
				'kia-toast (propia): muestra en la página siguiente el aviso de lo que acabas de hacer y se borra al mostrarlo. Duración: 1 minuto. Tipo: técnica.',
				'kia-booking-draft (propia): conserva los datos del formulario de solicitud de demostración mientras inicias sesión o te registras. Duración: 30 minutos. Tipo: técnica.',
				'kia-checkout-draft (propia): recuerda el plan y la modalidad que elegiste al pulsar «Pagar y Activar» mientras inicias sesión o te registras, para llevarte después al pago. Duración: 30 minutos. Tipo: técnica.',
				'kia-device (propia, solo en el portal de clientes): recuerda que desde este navegador ya has iniciado sesión en tu cuenta, para que los intentos fallidos hechos desde otros lugares no te bloqueen el acceso. Guarda un identificador aleatorio y un código derivado de tu correo con una clave secreta, no el correo. Duración: 12 meses. Tipo: técnica.',
				'_ga (tercero, Google Analytics): distingue de forma anónima a los usuarios para elaborar estadísticas de uso. Duración: 2 años. Tipo: analítica, solo con consentimiento.',
				'_ga_* (tercero, Google Analytics): mantiene el estado de la sesión de análisis para la propiedad de Google Analytics 4. Duración: 2 años. Tipo: analítica, solo con consentimiento.',
			],
		},
		{
			heading: '4. Cookies de terceros y transferencias',
			paragraphs: [
				'Las cookies analíticas de Google Analytics son gestionadas por Google Ireland Limited, que puede transferir datos a Google LLC en Estados Unidos con las garantías adecuadas, como su adhesión al Marco de Privacidad de Datos UE-EE. UU. y las cláusulas contractuales tipo. Hemos configurado el servicio para minimizar los datos recogidos.',
				'Si en el futuro utilizamos cookies de marketing de otros terceros, las añadiremos a esta política antes de activarlas y solo se instalarán con tu consentimiento previo. Puedes consultar más información sobre el tratamiento que realiza Google en policies.google.com/privacy.',
			],
		},
		{
			heading: '5. Cómo aceptar, rechazar o configurar las cookies',
			paragraphs: [
				'En tu primera visita te mostramos un aviso que te permite aceptar todas las cookies, rechazar las no necesarias o configurarlas por categorías. Rechazar las cookies es tan sencillo como aceptarlas, y las cookies analíticas y de marketing no se instalan hasta que das tu consentimiento.',
				'Tu elección se guarda en el almacenamiento local del navegador bajo la clave cookie_consent y se replica en la cookie kia-consent, para no volver a preguntarte en cada visita. Te pediremos de nuevo tu consentimiento, como máximo, cada 12 meses o si cambian las cookies que utilizamos.',
				'Puedes cambiar o retirar tu consentimiento en cualquier momento pulsando el botón «Gestionar Cookies» que encontrarás en el pie de todas las páginas de la web.',
			],
		},
		{
			heading: '6. Cómo desactivar las cookies en tu navegador',
			paragraphs: [
				'Además de nuestro panel de configuración, puedes permitir, bloquear o eliminar las cookies instaladas en tu dispositivo desde las opciones de tu navegador. Ten en cuenta que si bloqueas las cookies técnicas es posible que algunas funciones, como el inicio de sesión en el portal de clientes, no funcionen correctamente.',
				'Puedes consultar cómo hacerlo en la ayuda de los navegadores más utilizados:',
			],
			list: [
				'Google Chrome: Configuración, Privacidad y seguridad, Cookies de terceros y datos de sitios.',
				'Mozilla Firefox: Ajustes, Privacidad y seguridad, Cookies y datos del sitio.',
				'Safari: Ajustes, Privacidad, Gestionar datos de sitios web.',
				'Microsoft Edge: Configuración, Cookies y permisos del sitio, Administrar y eliminar cookies y datos del sitio.',
			],
		},
		{
			heading: '7. Actualizaciones de esta política',
			paragraphs: [
				'Podemos modificar esta política cuando cambien las cookies que utilizamos o la normativa aplicable. Publicaremos siempre la versión vigente en esta página con su fecha de actualización y, si los cambios afectan a cookies que requieren consentimiento, te lo volveremos a solicitar.',
			],
		},
		{
			heading: '8. Más información',
			paragraphs: [
				`Para más información sobre cómo tratamos tus datos personales, consulta nuestra Política de privacidad. Si tienes cualquier duda sobre esta política de cookies, puedes escribirnos a ${company.privacyEmail}.`,
			],
		},
	],
}

export const contractingTerms: LegalDocument = {
	title: 'Términos de contratación',
	description:
		'Condiciones para contratar los asistentes de IA de KIA: planes, precios, pagos con Stripe, suscripciones, plazos de entrega, soporte y responsabilidad.',
	updated: '2025-07-25',
	intro: `Estos términos regulan la contratación de los servicios de KIA a través de su sitio web. Te recomendamos leerlos con atención antes de realizar cualquier pedido: al contratar, declaras haberlos leído y aceptado. Puedes descargarlos o imprimirlos en cualquier momento desde esta página.`,
	sections: [
		{
			heading: '1. Partes y objeto',
			paragraphs: [
				`Los servicios los presta la sociedad titular de KIA, identificada en el aviso legal de esta página con su razón social, NIF, domicilio social y datos registrales, y con correo electrónico de contacto ${company.email} (en adelante, KIA). El cliente es la persona física o jurídica que contrata cualquiera de los planes o servicios adicionales ofrecidos en la web.`,
				'El objeto del contrato es el diseño, desarrollo, configuración y puesta en marcha de un asistente de inteligencia artificial personalizado para el cliente, entrenado con sus propios documentos e integrado con los canales y herramientas que correspondan al plan contratado, como WhatsApp Business, el correo electrónico, Google Drive, Google Calendar o la pasarela de pagos Stripe.',
				'El asistente puede ayudar, entre otras tareas, a gestionar recordatorios fiscales, facturas y respuestas de correo electrónico, y a preparar la facturación electrónica conforme a los requisitos del sistema VERIFACTU. Todos los planes incluyen una aplicación web privada con el logotipo y los colores del cliente y acceso privado mediante cuenta de Google o correo electrónico y contraseña.',
			],
		},
		{
			heading: '2. Planes y precios',
			paragraphs: [
				'Todos los precios se indican en euros y no incluyen el IVA ni otros impuestos aplicables, que se añadirán en la factura según la normativa vigente. El pago anual equivale a un ahorro de dos meses respecto al pago mensual. Los planes disponibles son:',
			],
			list: [
				'Starter: 999 € al año o 99 € al mes. Plazo de desarrollo de 30 días. No incluye soporte, que puede contratarse mediante paquetes de horas.',
				'Business: 1.999 € al año o 199 € al mes. Plazo de desarrollo de 6 semanas. Incluye 30 días de soporte.',
				'Enterprise: 4.999 € en un único pago anual o 499 € al mes. Plazo de desarrollo de 8 a 10 semanas. Incluye 3 meses de soporte prioritario.',
			],
		},
		{
			heading: '3. Servicios adicionales',
			paragraphs: [
				'El cliente puede contratar, junto con su plan o en cualquier momento posterior, los siguientes servicios adicionales, cuyos precios tampoco incluyen el IVA:',
			],
			list: [
				'Mantenimiento: desde 149 € al mes, según el alcance acordado.',
				'Alojamiento y API privada: 49 € al mes o 499 € al año.',
				'Subdominio dedicado y alojamiento: 99 € al año.',
				'Formación para equipos: 180 € por sesión de 2 horas.',
				'Integraciones a medida: desde 500 €, según presupuesto previo aceptado por el cliente.',
			],
		},
		{
			heading: '4. Proceso de contratación y pago',
			paragraphs: [
				'Antes de contratar, el cliente puede reservar una reunión de demostración gratuita de 15 minutos para resolver sus dudas. La contratación se realiza en línea: el cliente elige el plan y la modalidad de pago, introduce sus datos de facturación, acepta estos términos y completa el pago con tarjeta a través de la plataforma segura de Stripe. KIA no tiene acceso a los datos completos de la tarjeta.',
				'Una vez confirmado el pago, el cliente recibe por correo electrónico la confirmación del pedido y la factura correspondiente, y obtiene acceso al portal de clientes (portal.kia.es), desde el que puede gestionar sus reuniones, su suscripción y su perfil. El contrato se formaliza en español y KIA conserva una copia electrónica del mismo.',
			],
		},
		{
			heading: '5. Suscripciones, renovación y cancelación',
			paragraphs: [
				'Las modalidades mensuales de todos los planes y las modalidades anuales de los planes Starter y Business son suscripciones que se renuevan automáticamente al final de cada periodo, mensual o anual, por el mismo importe, salvo que el cliente las cancele antes de la fecha de renovación. El cargo se realiza en la tarjeta registrada en Stripe.',
				'El cliente puede cancelar su suscripción en cualquier momento desde el portal de clientes. La cancelación surte efecto al final del periodo ya pagado, durante el cual el cliente seguirá teniendo acceso al servicio, y no da derecho al reembolso de los periodos ya iniciados, salvo en los casos previstos legalmente.',
				'La modalidad anual del plan Enterprise es un pago único que no se renueva automáticamente. Antes de su vencimiento, KIA informará al cliente de las opciones para continuar con el servicio.',
				'Si un cargo no puede realizarse, KIA lo comunicará al cliente y podrá suspender el servicio si el impago no se regulariza en un plazo razonable. KIA podrá actualizar sus precios para nuevos periodos, avisando al cliente con al menos 30 días de antelación para que pueda cancelar si no está de acuerdo.',
			],
		},
		{
			heading: '6. Plazos de entrega y colaboración del cliente',
			paragraphs: [
				'Los plazos máximos de desarrollo son de 30 días para el plan Starter, 6 semanas para el plan Business y de 8 a 10 semanas para el plan Enterprise. Los plazos se cuentan desde que el cliente ha realizado el pago y ha facilitado la documentación, los accesos y la información necesarios.',
				'Los retrasos imputables al cliente, como la falta de entrega de documentos, de accesos a sus cuentas o de respuesta a las consultas de KIA, prolongarán los plazos en la misma medida. Una vez entregado el asistente, el cliente dispone de un periodo razonable para revisarlo y comunicar las incidencias detectadas.',
			],
		},
		{
			heading: '7. Obligaciones del cliente',
			paragraphs: ['Al contratar, el cliente se compromete a:'],
			list: [
				'Facilitar información veraz y mantener actualizados sus datos de facturación y contacto.',
				'Disponer de los derechos y, en su caso, de la base legal necesaria para entregar a KIA los documentos y datos con los que se entrena el asistente.',
				'Custodiar de forma diligente sus credenciales de acceso y las de los usuarios a los que dé acceso a su aplicación.',
				'Usar el asistente conforme a la ley, sin destinarlo a fines ilícitos, fraudulentos o que vulneren derechos de terceros.',
				'Mantener activas las cuentas de terceros necesarias para las integraciones, como WhatsApp Business, Google o Stripe, y cumplir sus condiciones de uso.',
				'Revisar las respuestas, facturas y comunicaciones generadas por el asistente antes de darles efectos fiscales o legales, ya que el asistente es una herramienta de apoyo y no sustituye el asesoramiento profesional.',
			],
		},
		{
			heading: '8. Propiedad intelectual y datos del cliente',
			paragraphs: [
				'El cliente conserva en todo momento la titularidad de sus documentos, datos, marcas, logotipos y contenidos, así como de la información generada a partir de ellos. KIA solo los utiliza para prestar el servicio contratado y no los emplea para otros fines ni para entrenar asistentes de otros clientes.',
				'KIA conserva la titularidad del software, las plantillas, los componentes y los conocimientos técnicos utilizados para construir el asistente. Mientras el contrato esté vigente, KIA concede al cliente una licencia de uso no exclusiva e intransferible sobre el asistente y la aplicación web personalizada, limitada a su propia actividad empresarial o profesional.',
				'A la finalización del contrato, el cliente puede solicitar la devolución de sus datos y documentos en un formato de uso común. Transcurrido un plazo de 30 días, KIA los suprimirá, salvo obligación legal de conservarlos.',
			],
		},
		{
			heading: '9. Disponibilidad y soporte',
			paragraphs: [
				'KIA aplica medios razonables para que el asistente y la aplicación web estén disponibles de forma continuada, pero no puede garantizar un funcionamiento ininterrumpido. Pueden producirse interrupciones por mantenimiento, actualizaciones, causas de fuerza mayor o fallos de servicios de terceros, como WhatsApp, Google, Stripe o los proveedores de alojamiento y de modelos de inteligencia artificial.',
				'El soporte incluido depende del plan: el plan Starter no incluye soporte, aunque el cliente puede adquirir paquetes de horas de soporte; el plan Business incluye 30 días de soporte desde la entrega; y el plan Enterprise incluye 3 meses de soporte prioritario. Una vez finalizado el periodo de soporte, el cliente puede contratar el servicio de mantenimiento. Las solicitudes de soporte se atienden en días laborables y en horario de oficina.',
			],
		},
		{
			heading: '10. Derecho de desistimiento',
			paragraphs: [
				'Los servicios de KIA están dirigidos principalmente a empresas y profesionales, que actúan en el ámbito de su actividad empresarial o profesional, por lo que no les resulta aplicable el derecho de desistimiento previsto en la normativa de consumidores.',
				`Si el cliente tiene la condición de consumidor, dispone de un plazo de 14 días naturales desde la contratación para desistir sin necesidad de justificación, comunicándolo de forma inequívoca a ${company.email}. Si el consumidor solicita expresamente que la prestación del servicio comience durante ese plazo, deberá abonar la parte proporcional del servicio prestado hasta la fecha del desistimiento, y perderá el derecho a desistir una vez que el servicio se haya ejecutado completamente con su consentimiento expreso y su reconocimiento de que, en ese caso, pierde tal derecho. Los reembolsos se realizarán por el mismo medio de pago en un plazo máximo de 14 días.`,
			],
		},
		{
			heading: '11. Limitación de responsabilidad y protección de datos',
			paragraphs: [
				'KIA responde del correcto desarrollo y funcionamiento del asistente conforme a lo contratado. No será responsable de los daños derivados del uso indebido del asistente, de decisiones tomadas por el cliente sin revisar los resultados generados, de la inexactitud de la información facilitada por el cliente ni de fallos de servicios de terceros ajenos a su control. En ningún caso responderá del lucro cesante ni de daños indirectos.',
				'Salvo en casos de dolo o culpa grave, la responsabilidad total de KIA frente a clientes empresarios o profesionales se limita al importe abonado por el cliente en los doce meses anteriores al hecho que origine la reclamación. Esta limitación no afecta a los derechos que la ley reconoce a los consumidores.',
				'El tratamiento de los datos personales se rige por nuestra Política de privacidad. Cuando KIA trate datos personales por cuenta del cliente para prestar el servicio, actuará como encargado del tratamiento conforme al artículo 28 del RGPD y a las instrucciones del cliente, en los términos del contrato de encargo que se suscribe junto con el pedido.',
			],
		},
		{
			heading: '12. Modificaciones, ley aplicable y jurisdicción',
			paragraphs: [
				'KIA puede modificar estos términos para adaptarlos a cambios legales o en sus servicios. Las modificaciones se aplicarán a las contrataciones y renovaciones posteriores a su publicación y se comunicarán a los clientes con suscripción activa con antelación suficiente.',
				'Estos términos se rigen por la legislación española. Para la resolución de cualquier controversia, las partes se someten a los Juzgados y Tribunales de Alicante, con renuncia a cualquier otro fuero que pudiera corresponderles, salvo que el cliente sea consumidor, en cuyo caso será competente el juzgado de su domicilio.',
			],
		},
	],
}
