export type PdfLine = { text: string; size?: number; bold?: boolean; gap?: number }

/** Text in a PDF string: WinAnsi bytes (the euro sign is 0x80) as octal escapes, so the file stays ASCII. */
function pdfString(text: string) {
	let out = ''
	for (const char of text) {
		const code = char === '€' ? 0x80 : (char.codePointAt(0) ?? 63)
		if (code === 0x28 || code === 0x29 || code === 0x5c) out += `\\${char}`
		else if (code >= 0x20 && code < 0x7f) out += char
		else if (code === 0x80 || (code >= 0xa0 && code <= 0xff)) out += `\\${code.toString(8).padStart(3, '0')}`
		else out += char === '\u202f' || char === '\u00a0' ? ' ' : '?'
	}
	return `(${out})`
}

/**
 * A one-page A4 PDF of text lines in Helvetica: what the stand-in's invoice
 * PDF link downloads. Small by design; a real PDF reader opens it.
 */
export function textPdf(lines: PdfLine[]): Buffer {
	let y = 790
	const content = lines
		.map((line) => {
			const size = line.size ?? 11
			y -= line.gap ?? size + 7
			return `BT /${line.bold ? 'F2' : 'F1'} ${size} Tf 56 ${y} Td ${pdfString(line.text)} Tj ET`
		})
		.join('\n')
	const objects = [
		'<< /Type /Catalog /Pages 2 0 R >>',
		'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
		'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
		'<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
		'<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
		`<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
	]
	let pdf = '%PDF-1.4\n'
	const offsets: number[] = []
	objects.forEach((object, index) => {
		offsets.push(pdf.length)
		pdf += `${index + 1} 0 obj\n${object}\nendobj\n`
	})
	const xref = pdf.length
	pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
	pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')
	pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
	return Buffer.from(pdf, 'ascii')
}
