/**
 * Text that ends up in a header of some kind (an e-mail subject, an
 * attachment's file name, a Content-Disposition): one line, no control
 * characters, so nothing typed by a visitor can start a header of its own.
 * Non-ASCII stays: the header's own encoding (RFC 2047 words, RFC 5987
 * filename*) carries it, and each sender applies that encoding.
 */
export function singleLine(text: string, maxLength = 200) {
	return text
		.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
		.replace(/\s+/g, ' ')
		.trim()
		.slice(0, maxLength)
}
