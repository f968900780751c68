import { expect } from '@playwright/test'
import { formPost } from './form-posts'
import { inbox, waitForMail, type CaughtMail } from './mail'
import { uniqueAddress } from './unique'
import { rawRequest, siteURL } from './urls'

export const confirmSubject = /^Confirma tu suscripción al boletín de KIA$/
export const welcomeSubject = /^Te damos la bienvenida al boletín de KIA$/

/** The footer form's post, as a visitor sends it from one of our pages. */
export function subscribeByPost(email: string, address = uniqueAddress()) {
	return formPost(siteURL('/resources/newsletter'), { email, redirectTo: '/' }, address)
}

/** The one link of a text e-mail whose path is `path`. */
export function linkInText(mail: CaughtMail, path: string) {
	const link = mail.text.match(/https?:\/\/\S+/g)?.find((url) => new URL(url).pathname === path)
	if (!link) throw new Error(`No ${path} link in "${mail.subject}"`)
	return link
}

/** A post from the link's own page (its button). */
export const postLinkPage = (link: string) =>
	rawRequest(link, {
		method: 'POST',
		body: '',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: new URL(link).origin },
	})

/** The way a mail app unsubscribes (RFC 8058): a POST to the header's address, with no cookie and no Origin. */
export const oneClickUnsubscribe = (link: string) =>
	rawRequest(link, {
		method: 'POST',
		body: 'List-Unsubscribe=One-Click',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
	})

/** Subscribes and confirms through the real e-mails; the welcome e-mail, whose links unsubscribe. */
export async function confirmedSubscriber(email: string) {
	expect((await subscribeByPost(email)).status).toBe(302)
	const confirmation = await waitForMail(email, confirmSubject)
	expect((await postLinkPage(linkInText(confirmation, '/boletin/confirmar'))).status).toBe(200)
	const welcome = await waitForMail(email, welcomeSubject)
	return { welcome, unsubscribeUrl: linkInText(welcome, '/boletin/baja') }
}

/** How many mails matching `subject` reached `email`. */
export const mailsTo = async (email: string, subject: RegExp) =>
	(await inbox(email)).filter((mail) => subject.test(mail.subject)).length
