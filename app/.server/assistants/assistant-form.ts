import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '~/lib/database.types'
import { createAssistant, deleteAssistant, updateAssistant } from '~/.server/assistants/assistants'
import { sendsEveryField } from '~/.server/http/responses'
import { redirectWithToast, toastHeaders } from '~/.server/http/toast'
import { incompleteFormMessage } from '~/content/errors'
import { adminAssistantsCopy as copy } from '~/content/assistants'
import { assistantCreateSchema, assistantUpdateSchema } from '~/lib/assistant-schemas'

type ActionData = { result?: SubmissionResult<string[]>; error?: string }

async function refused(result: ActionData, message: string) {
	return data<ActionData>(result, { status: 400, headers: await toastHeaders({ type: 'error', title: message }) })
}

/**
 * The three forms of the page (create, edit, delete): each refusal inline and in a toast; a success goes `back`. A
 * post of none of them, or an edit without all its fields, changes nothing.
 */
export async function answerAssistantForm(supabase: SupabaseClient<Database>, form: FormData, back: string) {
	const intent = form.get('intent')
	if (intent === 'delete') {
		const outcome = await deleteAssistant(supabase, String(form.get('id') ?? ''))
		if (!outcome.ok) return refused({ error: outcome.message }, outcome.message)
		return redirectWithToast(back, { type: 'success', title: copy.deleted })
	}
	if (intent === 'create') {
		const submission = parseWithZod(form, { schema: assistantCreateSchema })
		if (submission.status !== 'success') return data<ActionData>({ result: submission.reply() }, { status: 400 })
		const outcome = await createAssistant(supabase, submission.value)
		if (!outcome.ok)
			return refused(
				{
					result: submission.reply(
						outcome.field ? { fieldErrors: { [outcome.field]: [outcome.message] } } : { formErrors: [outcome.message] },
					),
				},
				outcome.message,
			)
		return redirectWithToast(back, { type: 'success', title: copy.created })
	}
	if (intent !== 'update' || !sendsEveryField(form, assistantUpdateSchema)) {
		return refused({ error: incompleteFormMessage }, incompleteFormMessage)
	}
	const submission = parseWithZod(form, { schema: assistantUpdateSchema })
	if (submission.status !== 'success') return data<ActionData>({ result: submission.reply() }, { status: 400 })
	const { id, ...change } = submission.value
	const outcome = await updateAssistant(supabase, id, change)
	if (!outcome.ok) return refused({ result: submission.reply({ formErrors: [outcome.message] }) }, outcome.message)
	return redirectWithToast(back, { type: 'success', title: copy.updated })
}
