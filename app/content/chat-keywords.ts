import { capabilityPath } from '~/lib/capability-ids'

/**
 * The words visitors use for a page that its copy does not ('¿puedo ver una demo?' for the page that says
 * 'demostración'), by the page's path. The site's chat searches them with each of the page's passages and
 * never shows them (decision 015). Only what the page answers: a word here sends every question with it there.
 */
export const chatKeywords: Record<string, string> = {
	'/solicitar-demostracion-kia': 'demo, probar, prueba, verlo funcionando, reservar una reunión, conoceros',
	'/como-funciona': 'trabajar con vosotros, cómo trabajáis, proceso, pasos, metodología, empezar, primeros pasos',
	'/sostenibilidad':
		'sostenible, medio ambiente, cambio climático, contaminar, contaminación, ecológico, huella de carbono, emisiones, planeta',
	'/sobre-kia': 'quiénes somos, historia, origen, equipo, valores, a qué se dedica, misión',
	'/proyectos': 'clientes, casos de éxito, ejemplos, trabajos realizados, referencias',
	'/tarifas': 'planes, precios, contratar un asistente, comprar, suscribirse, darse de alta, coste, presupuesto',
	'/contacto': 'sede, dirección, ubicación, ciudad, horario, llamar',
	'/terminos-contratacion': 'darse de baja, contrato, condiciones, reembolso, devolución',
	'/politica-privacidad': 'borrar mis datos, eliminar mis datos, protección de datos',
	[capabilityPath('recordatorios-fiscales')]:
		'impuestos, impuestos trimestrales, IVA, IRPF, Hacienda, declaración, modelo 303, trimestre',
	[capabilityPath('atencion-whatsapp')]: 'atender, atienda, contestar, mensajes de clientes',
	[capabilityPath('respuestas-correo')]: 'email, emails, e-mail, mails, Gmail, bandeja de entrada',
	[capabilityPath('clasificacion-documentos')]: 'papeles, papeleo, archivar, organizar documentos, carpetas',
}
