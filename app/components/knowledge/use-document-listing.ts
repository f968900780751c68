import { useCallback, useEffect } from 'react'
import { useFetcher } from 'react-router'
import { documentsPath, isInProgress } from '~/lib/documents'
import type { loader as listingLoader } from '~/routes/portal/dashboard/assistant-documents-list'

type Listing = Awaited<ReturnType<typeof listingLoader>>

/** How often the list looks again while a document is in the queue or being read. */
const refreshMs = 2_000

/**
 * The documents' list and count: as the page loaded them, or as the list's own request read them since, whichever
 * is newer. While something is in the queue or being read, that request again every few seconds, until nothing
 * is; `refresh` asks it at once (after an upload). Never the page's loader, which would ask the question in the
 * address again.
 */
export function useDocumentListing(assistantId: string, loaded: Listing) {
	const { data, load, state } = useFetcher<typeof listingLoader>()
	const listing = data && data.listedAt > loaded.listedAt ? data : loaded
	const processing = listing.documents.some((document) => isInProgress(document.estado))
	const path = `${documentsPath(assistantId)}/lista`
	useEffect(() => {
		if (!processing || state !== 'idle') return
		const timer = setTimeout(() => void load(path), refreshMs)
		return () => clearTimeout(timer)
	}, [processing, load, path, state])
	const refresh = useCallback(() => void load(path), [load, path])
	return { ...listing, processing, refresh }
}
