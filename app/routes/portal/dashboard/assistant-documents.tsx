import { data } from 'react-router'
import { guardedUser } from '~/.server/auth/guards'
import { getPublicEnv } from '~/.server/env'
import { sentFromOwnPage } from '~/.server/http/request'
import { readForm } from '~/.server/http/responses'
import { toastHeaders } from '~/.server/http/toast'
import { deleteDocument, loadDocumentListing, loadOwnAssistant } from '~/.server/knowledge/documents'
import { composeDocumentAnswer } from '~/.server/knowledge/model'
import { askDocuments } from '~/.server/knowledge/search'
import { answerUpload } from '~/.server/knowledge/upload'
import { getSupabase } from '~/.server/supabase/client'
import { DocumentList } from '~/components/knowledge/document-list'
import { DocumentUpload } from '~/components/knowledge/document-upload'
import { TryAssistant } from '~/components/knowledge/try-assistant'
import { useDocumentListing } from '~/components/knowledge/use-document-listing'
import { BackLink, PageTitle } from '~/components/portal/dashboard-shell'
import { documentsCopy as copy } from '~/content/documents'
import { questionMaxLength } from '~/lib/chat'
import { routeComponent } from '~/lib/route-component'
import type { Route } from './+types/assistant-documents'

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: `${loaderData ? copy.title(loaderData.assistant.nombre) : copy.link} · KIA` },
]

async function ownAssistant(context: Route.LoaderArgs['context'], id: string) {
	const user = guardedUser(context)
	const supabase = getSupabase(context)
	const assistant = await loadOwnAssistant(supabase, user.id, id)
	if (!assistant) throw data(copy.gone, { status: 404 })
	return { user, supabase, assistant }
}

/** 'Probar el asistente' (`?pregunta=`): the quotes found, worded by the language model when one is configured. */
async function answerOf(
	request: Request,
	supabase: ReturnType<typeof getSupabase>,
	asked: { assistantId: string; userId: string },
) {
	const question = (new URL(request.url).searchParams.get('pregunta') ?? '').trim().slice(0, questionMaxLength)
	if (!question) return { question, answer: null }
	const found = await askDocuments(supabase, asked.assistantId, question)
	const byLink = !sentFromOwnPage(request)
	return { question, answer: await composeDocumentAnswer(question, found, { byLink, userId: asked.userId }) }
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
	const { user, supabase, assistant } = await ownAssistant(context, params.id)
	const [listing, { question, answer }] = await Promise.all([
		loadDocumentListing(supabase, assistant.id),
		answerOf(request, supabase, { assistantId: assistant.id, userId: user.id }),
	])
	return { assistant, listing, question, answer, pricingUrl: `${getPublicEnv().SITE_URL}/tarifas` }
}

/** The upload without JavaScript (multipart), and a document's deletion. */
export async function action({ request, context, params }: Route.ActionArgs) {
	const { user, supabase, assistant } = await ownAssistant(context, params.id)
	if ((request.headers.get('Content-Type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
		const { result, status } = await answerUpload(request, {
			client: supabase,
			userId: user.id,
			assistantId: assistant.id,
			pricingUrl: `${getPublicEnv().SITE_URL}/tarifas`,
		})
		return data({ intent: 'subir' as const, upload: result }, { status })
	}
	const form = await readForm(request)
	const removed = await deleteDocument(supabase, assistant.id, String(form.get('documento') ?? ''))
	const toast = removed.ok
		? ({ type: 'success', title: copy.removed(removed.name) } as const)
		: ({ type: 'error', title: removed.message } as const)
	return data(
		{ intent: 'eliminar' as const, removed },
		{ status: removed.ok ? 200 : 400, headers: await toastHeaders(toast) },
	)
}

export default routeComponent(AssistantDocuments)

function AssistantDocuments({ loaderData, actionData }: Route.ComponentProps) {
	const { assistant, question, answer, pricingUrl } = loaderData
	const { documents, quota, processing, refresh } = useDocumentListing(assistant.id, loaderData.listing)
	const upload = actionData?.intent === 'subir' ? actionData.upload : undefined
	return (
		<>
			<BackLink to="/dashboard/asistentes" label={copy.back} />
			<PageTitle title={copy.title(assistant.nombre)}>
				{quota.plan ? (
					<p className="text-sm font-medium text-muted-foreground" data-testid="documents-quota">
						{copy.quota(quota.usados, quota.limite)}
					</p>
				) : null}
			</PageTitle>
			<p className="-mt-4 mb-8 max-w-2xl text-muted-foreground">{copy.lead}</p>
			{quota.plan ? (
				<DocumentUpload assistantId={assistant.id} result={upload} onSent={refresh} />
			) : (
				<section className="mb-8 rounded-2xl border border-dashed bg-surface p-8" aria-labelledby="no-plan">
					<h2 id="no-plan" className="text-lg font-semibold">
						{copy.noPlan.heading}
					</h2>
					<p className="mt-2 max-w-2xl text-muted-foreground">{copy.noPlan.text}</p>
					<a
						href={pricingUrl}
						className="mt-4 inline-block font-medium text-brand-ink underline-offset-4 hover:underline"
					>
						{copy.noPlan.link}
					</a>
				</section>
			)}
			<DocumentList assistantId={assistant.id} documents={documents} processing={processing} />
			<TryAssistant question={question} answer={answer} hasReady={documents.some((doc) => doc.estado === 'listo')} />
		</>
	)
}
