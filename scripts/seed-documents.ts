// `npm run seed:documents`: the PDFs the lived-in seed's client has given their assistant (issue 67, decision 018),
// written under supabase/buckets/documentos at the keys supabase/seed.sql's rows name. They are committed, so
// `supabase db reset` and the local stand-in upload the same bytes; tests/unit/seed-documents.test.ts fails when
// they no longer match what this script makes, and then seed.sql's sizes and hashes are this script's output.
// Only PDFs: `supabase seed buckets` names a DOCX 'application/zip' and a text file 'text/…; charset=utf-8',
// neither of which the bucket takes (decision 018).
import { createHash } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib'

/** The seed's client (Javier Ortega) and his assistant (supabase/seed.sql). */
const client = 'c0000000-0000-4000-8000-000000000001'
const assistant = 'a5000000-0000-4000-8000-000000000001'

export const objectsDir = 'supabase/buckets/documentos'

type Block = { heading: string } | { text: string }
type SeedDocument = { id: string; name: string; title: string; pages: Block[][] }

const documents: SeedDocument[] = [
	{
		id: 'd5000000-0000-4000-8000-000000000001',
		name: 'Calendario fiscal para clientes.pdf',
		title: 'Calendario fiscal del contribuyente',
		pages: [
			[
				{
					text: 'Esta guía resume los plazos de las declaraciones que Ortega Asesores prepara para sus clientes autónomos y sociedades, un tema por página.',
				},
				{
					text: 'Cuando un plazo termina en sábado, domingo o festivo nacional, se traslada al siguiente día hábil. Te avisamos por correo y por WhatsApp diez días antes de cada plazo y te pedimos la documentación que falte.',
				},
			],
			[
				{ heading: 'IVA y pagos fraccionados, cada trimestre' },
				{
					text: 'El IVA (modelo 303) y el pago fraccionado del IRPF de los autónomos en estimación directa (modelo 130) se presentan del 1 al 20 de abril, del 1 al 20 de julio, del 1 al 20 de octubre y del 1 al 30 de enero, por cada uno de los cuatro trimestres.',
				},
				{
					text: 'Las retenciones de trabajadores y profesionales (modelo 111) y las del alquiler de un local (modelo 115) se presentan en los mismos plazos.',
				},
			],
			[
				{ heading: 'Si domicilias el pago' },
				{
					text: 'Si una declaración trimestral sale a pagar y quieres domiciliarla, el plazo acaba antes: el 15 de abril, el 15 de julio, el 15 de octubre y el 25 de enero. El banco carga el importe el último día del plazo, y así no se olvida.',
				},
			],
			[
				{ heading: 'Los resúmenes anuales' },
				{
					text: 'El resumen anual del IVA (modelo 390) se presenta hasta el 30 de enero, y los resúmenes anuales de retenciones (modelos 190 y 180), hasta el 31 de enero.',
				},
				{
					text: 'La declaración de operaciones con terceros de más de 3.005,06 euros en el año (modelo 347) se presenta durante el mes de febrero.',
				},
			],
			[
				{ heading: 'La declaración de la renta' },
				{
					text: 'La renta (modelo 100) se presenta desde principios de abril hasta el 30 de junio. Si sale a pagar y quieres domiciliar el pago, el último día es el 25 de junio. Puedes pagarla en dos plazos: el 60 % al presentarla y el 40 % restante hasta el 5 de noviembre.',
				},
			],
			[
				{ heading: 'El impuesto sobre sociedades' },
				{
					text: 'El impuesto sobre sociedades (modelo 200) se presenta en los 25 días naturales siguientes a los seis meses del cierre del ejercicio: si el ejercicio coincide con el año natural, del 1 al 25 de julio.',
				},
				{
					text: 'Los pagos fraccionados de las sociedades (modelo 202) se presentan del 1 al 20 de abril, de octubre y de diciembre.',
				},
			],
			[
				{ heading: 'La documentación que necesitamos' },
				{
					text: 'Para el IVA y el modelo 130, envíanos antes del día 5 del mes del plazo las facturas emitidas y recibidas del trimestre, los tiques de tus gastos y los extractos del banco.',
				},
				{
					text: 'Para la renta, el certificado de retenciones de tu empresa, los datos del alquiler o de la hipoteca de tu vivienda, los recibos de tus donativos y los justificantes de cualquier venta de acciones o de un inmueble.',
				},
			],
			[
				{ heading: 'Si se pasa un plazo' },
				{
					text: 'Presentar fuera de plazo sin que Hacienda lo haya pedido tiene un recargo del 1 % más otro 1 % por cada mes completo de retraso, hasta el 15 %. Pasados doce meses, el recargo es del 15 % más los intereses de demora.',
				},
				{
					text: 'Si Hacienda lo reclama antes, la sanción es mayor: avísanos en cuanto veas que no llegas.',
				},
			],
		],
	},
	{
		id: 'd5000000-0000-4000-8000-000000000002',
		name: 'Tarifas y servicios.pdf',
		title: 'Tarifas y servicios',
		pages: [
			[
				{ text: 'Precios sin IVA. La primera consulta es gratuita.' },
				{ heading: 'Autónomos' },
				{
					text: 'Cuota mensual de 60 euros: la contabilidad, el IVA y el modelo 130 de cada trimestre, los resúmenes anuales y la atención por teléfono, correo y WhatsApp. Con trabajadores, 15 euros más por trabajador y mes: las nóminas, los seguros sociales y el modelo 111.',
				},
				{ heading: 'Sociedades' },
				{
					text: 'Desde 150 euros al mes, según el número de facturas: la contabilidad, los impuestos trimestrales, las cuentas anuales y el impuesto sobre sociedades.',
				},
			],
			[
				{ heading: 'Lo que cuesta cada servicio' },
				{
					text: 'Declaración de la renta: 60 euros la individual y 90 euros la conjunta; gratis con cuota mensual. Alta de autónomo en Hacienda y en la Seguridad Social: 50 euros. Constitución de una sociedad limitada: 350 euros, sin la notaría ni el registro. Respuesta a un requerimiento de Hacienda: 45 euros la hora, con presupuesto antes de empezar.',
				},
				{ heading: 'Pagos' },
				{
					text: 'Las cuotas se cobran por domiciliación bancaria el día 5 de cada mes. Los servicios sueltos se pagan por transferencia o con tarjeta al encargarlos.',
				},
			],
		],
	},
	{
		id: 'd5000000-0000-4000-8000-000000000003',
		name: 'Preguntas frecuentes de los clientes.pdf',
		title: 'Preguntas frecuentes',
		pages: [
			[
				{ heading: '¿Cuál es vuestro horario?' },
				{
					text: 'De lunes a viernes, de 9:00 a 14:00 y de 16:00 a 19:00. En julio y agosto tenemos horario de verano: de 8:00 a 15:00, sin tardes.',
				},
				{ heading: '¿Dónde estáis?' },
				{
					text: 'En la calle del Olmo 14, 2.º, 28012 Madrid, a cinco minutos del metro de Lavapiés. Atendemos con cita previa, también por videollamada.',
				},
			],
			[
				{ heading: '¿Cómo os envío la documentación?' },
				{
					text: 'Por WhatsApp, por correo a documentos@ortega-asesores.test o en mano en la oficina. Las fotos de los tiques valen si se leen bien el importe, la fecha y el NIF del proveedor.',
				},
			],
			[
				{ heading: '¿Puedo deducirme los gastos del coche?' },
				{
					text: 'En el IRPF, solo si el vehículo se usa exclusivamente para la actividad, salvo en algunas profesiones como el transporte o la representación comercial. En el IVA, Hacienda admite deducir el 50 % si lo usas también para la actividad.',
				},
			],
			[
				{ heading: '¿Qué hago si me llega una carta de Hacienda?' },
				{
					text: 'No la dejes para luego: envíanosla el mismo día. La mayoría de los requerimientos dan diez días hábiles para contestar, contados desde que abres la notificación electrónica.',
				},
			],
			[
				{ heading: '¿Cuándo me cobráis? ¿Puedo darme de baja?' },
				{
					text: 'La cuota mensual se cobra el día 5 de cada mes por domiciliación bancaria, y ese mismo día te enviamos la factura por correo. Puedes darte de baja cuando quieras, avisándonos con un mes de antelación: te entregamos la contabilidad y las declaraciones presentadas para tu nueva asesoría.',
				},
			],
		],
	},
]

/**
 * A5 in points, a leaflet's page: one topic each, so a page's passage is short enough to be quoted whole (PDF.js
 * gives no paragraph breaks, and a passage is a page's text).
 */
const pageSize: [number, number] = [419.53, 595.28]
const margin = 48
const bodySize = 11
const lineHeight = 16

/** The words of `text` in lines no wider than `width` at `size`. */
function wrap(text: string, font: PDFFont, size: number, width: number) {
	const lines: string[] = []
	let line = ''
	for (const word of text.split(' ')) {
		const candidate = line ? `${line} ${word}` : word
		if (line && font.widthOfTextAtSize(candidate, size) > width) {
			lines.push(line)
			line = word
		} else {
			line = candidate
		}
	}
	if (line) lines.push(line)
	return lines
}

async function pdfOf(document: SeedDocument) {
	// No metadata of pdf-lib's own (its name, the time of the run): the same text makes the same bytes.
	const pdf = await PDFDocument.create({ updateMetadata: false })
	const regular = await pdf.embedFont(StandardFonts.Helvetica)
	const bold = await pdf.embedFont(StandardFonts.HelveticaBold)
	pdf.setTitle(document.title)
	pdf.setAuthor('Ortega Asesores')
	pdf.setLanguage('es-ES')
	const width = pageSize[0] - 2 * margin
	document.pages.forEach((blocks, index) => {
		const page = pdf.addPage(pageSize)
		let y = pageSize[1] - margin
		const draw = (target: PDFPage, line: string, font: PDFFont, size: number) => {
			target.drawText(line, { x: margin, y, size, font, color: rgb(0.1, 0.1, 0.12) })
			y -= size === bodySize ? lineHeight : size + 8
		}
		if (index === 0) {
			for (const line of wrap(document.title, bold, 18, width)) draw(page, line, bold, 18)
			y -= 10
		}
		for (const block of blocks) {
			if ('heading' in block) {
				y -= 6
				for (const line of wrap(block.heading, bold, 13, width)) draw(page, line, bold, 13)
			} else {
				for (const line of wrap(block.text, regular, bodySize, width)) draw(page, line, regular, bodySize)
				y -= 8
			}
		}
		const footer = `Ortega Asesores · página ${index + 1} de ${document.pages.length}`
		page.drawText(footer, { x: margin, y: margin / 2, size: 8, font: regular, color: rgb(0.4, 0.4, 0.45) })
	})
	return Buffer.from(await pdf.save())
}

export type SeedFile = { id: string; name: string; key: string; bytes: Buffer; sha256: string; pages: number }

/** Every seed document: its row's values (id, name, Storage key, size, hash) and its bytes. */
export async function seedDocuments(): Promise<SeedFile[]> {
	return Promise.all(
		documents.map(async (document) => {
			const bytes = await pdfOf(document)
			return {
				id: document.id,
				name: document.name,
				key: `${client}/${assistant}/${document.id}.pdf`,
				bytes,
				sha256: createHash('sha256').update(bytes).digest('hex'),
				pages: document.pages.length,
			}
		}),
	)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
	for (const file of await seedDocuments()) {
		const path = join(objectsDir, file.key)
		await mkdir(dirname(path), { recursive: true })
		await writeFile(path, file.bytes)
		console.info(
			`${path}\n  seed.sql: ('${file.id}'::uuid, '${file.name}', ${file.bytes.byteLength}, '${file.sha256}', …)`,
		)
	}
}
