import type { NextFunction, Request, Response } from 'express'
import { newNonce, responseSecurityHeaders } from '~/.server/request'

/** Every page and endpoint answers GET (and so HEAD) or takes a form POST; nothing else exists here. */
const servedMethods = ['GET', 'HEAD', 'POST']
const allow = servedMethods.join(', ')

/**
 * Answers any other method before React Router sees it: a `Request` cannot
 * even be built for some (TRACE), and the router has no answer for others
 * (OPTIONS, PROPFIND), so they used to end as a bare 500. A plain OPTIONS
 * gets 204 with `Allow` (no cross-origin access is granted), anything else
 * 405; both with the same security headers as every other response.
 */
export function methodGuard(req: Request, res: Response, next: NextFunction) {
	if (servedMethods.includes(req.method)) return next()
	res.setHeader('Allow', allow)
	for (const [name, value] of responseSecurityHeaders({ nonce: newNonce() })) res.setHeader(name, value)
	if (req.method === 'OPTIONS') {
		res.status(204).end()
		return
	}
	res.status(405).type('text/plain; charset=utf-8').send('Método no permitido.')
}
