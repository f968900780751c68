/**
 * The hidden field of every form that makes something (an inbox item, a support request, a message): the key its
 * page gave it, so the server knows the form sent again for one it has stored (app/.server/http/submission-key.ts).
 */
export const submissionKeyField = 'envio'
