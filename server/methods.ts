import type { NextFunction, Request, Response } from 'express'
import { newNonce, responseSecurityHeaders } from '~/.server/http/request'

/** Every page and endpoint answers GET (and so HEAD) or takes a form POST; nothing else exists here. */
const servedMethods = ['GET', 'HEAD', 'POST']
const allow = servedMethods.join(', ')

function refuse(res: Response, status: number, message: string) {
	for (const [name, value] of responseSecurityHeaders({ nonce: newNonce() })) res.setHeader(name, value)
	res.status(status).type('text/plain; charset=utf-8').send(message)
}

/** An `Origin` that is no URL at all; a browser sends a URL or `null`, so only a hand-made request has one. */
const isMalformedOrigin = (origin: string | undefined) =>
	origin !== undefined && origin !== 'null' && !URL.canParse(origin)

/**
 * Answers what React Router cannot take before it sees it: a `Request` cannot even be built for some methods
 * (TRACE), and the router has no answer for others (OPTIONS, PROPFIND), so they used to end as a bare 500; a
 * plain OPTIONS gets 204 with `Allow` (no cross-origin access is granted), anything else 405. A post whose
 * `Origin` does not parse is refused as a foreign one (403), where the router would log it as its own failure
 * with a stack. All with the same security headers as every other response, and logged once, by the request log.
 */
export function methodGuard(req: Request, res: Response, next: NextFunction) {
	if (servedMethods.includes(req.method)) {
		if (req.method === 'POST' && isMalformedOrigin(req.headers.origin)) return refuse(res, 403, 'Origen no permitido')
		return next()
	}
	res.setHeader('Allow', allow)
	if (req.method === 'OPTIONS') {
		for (const [name, value] of responseSecurityHeaders({ nonce: newNonce() })) res.setHeader(name, value)
		res.status(204).end()
		return
	}
	refuse(res, 405, 'Método no permitido.')
}
