import { AsyncLocalStorage } from 'node:async_hooks'
import type { MiddlewareFunction } from 'react-router'
import { abortAfter } from '~/lib/abort'

/**
 * How long one request may wait on outside services (Supabase, Stripe, SMTP, the language model, Google), all
 * its calls together: each call has a timeout of its own too, and a request making several used to wait them out
 * one after another. Above any one call's own timeout, so one slow call is not cut short; a quarter of the 60 s
 * after which nginx gives up on the request, so the visitor reads our answer rather than nginx's.
 */
export const requestBudgetMs = 15_000

/**
 * One request's (or one task's) time for outside calls, counted from its start. Open until the response is made:
 * a call made after that, while a streamed body is written (a long CSV export's batches, the chat's words), is
 * progress the visitor sees, and has only its own timeout. Its timer starts with the first call that needs it.
 */
class Budget {
	readonly #endsAt: number
	#deadline: AbortSignal | undefined
	#open = true

	constructor(ms: number) {
		this.#endsAt = performance.now() + ms
	}

	get signal() {
		if (!this.#open) return undefined
		this.#deadline ??= AbortSignal.timeout(Math.max(0, Math.ceil(this.#endsAt - performance.now())))
		return this.#deadline
	}

	close() {
		this.#open = false
	}
}

const budgets = new AsyncLocalStorage<Budget>()

/** Runs `task` (a request, a job of a worker) with a budget of its own, closed once it has settled. */
export async function withBudget<T>(task: () => Promise<T>, ms = requestBudgetMs): Promise<T> {
	const budget = new Budget(ms)
	try {
		return await budgets.run(budget, task)
	} finally {
		budget.close()
	}
}

/** Every page and endpoint: the time until its response is made is its budget. */
export const budgetMiddleware: MiddlewareFunction<Response> = (_args, next) => withBudget(next)

/** Aborts when the current request's budget runs out; undefined outside a request or once it has answered. */
export function requestDeadline() {
	return budgets.getStore()?.signal
}

/** The signal of one outside call: its own `timeoutMs`, the caller's `signals`, and the request's deadline. */
export function callSignal(timeoutMs: number, signals: (AbortSignal | null | undefined)[] = []) {
	return abortAfter(timeoutMs, [...signals, requestDeadline()])
}

/**
 * `make`'s value, made once per request or task (a fresh one outside of any): what the calls of one request
 * share, such as knowing that a service has stopped answering.
 */
export function perBudget<T>(make: () => T): () => T {
	const made = new WeakMap<Budget, T>()
	return () => {
		const budget = budgets.getStore()
		if (!budget) return make()
		const value = made.get(budget) ?? make()
		made.set(budget, value)
		return value
	}
}
