import { setTimeout as sleep } from 'node:timers/promises'
import { env } from '~/.server/env'
import { notFound } from '~/.server/http/responses'
import type { Route } from './+types/slow'

/** A request that stays in flight for `?ms=` (at most 10 s), so the suite can prove the SIGTERM drain; absent unless ENABLE_TEST_ROUTES=1. */
export async function loader({ url }: Route.LoaderArgs) {
	if (!env.ENABLE_TEST_ROUTES) throw notFound()
	const ms = Math.min(Number(url.searchParams.get('ms')) || 0, 10_000)
	await sleep(ms)
	return new Response(`waited ${ms} ms`, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
}
