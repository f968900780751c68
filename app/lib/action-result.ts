/**
 * What a server function an action calls answers: done, with what it made when the page needs it (`Done`), or
 * refused, with the Spanish message the page shows beside the form and in a toast, and the form's field it is about
 * when it is about one; `unconfirmed` when the write got no answer and may have been done all the same (the route
 * answers 503: app/.server/supabase/writes.ts). The one shape every action's domain call answers in, so every route
 * reads it alike.
 */
export type ActionResult<Done extends object = object, Field extends string = string> =
	({ ok: true } & Done) | { ok: false; message: string; field?: Field; unconfirmed?: true }
