// The API key a request acts with, carried through the services by a request-scoped context
// (AsyncLocalStorage) instead of a parameter on every service: the procedure middleware (and each
// raw route) runs the call inside `withActor`, and logActivity reads it to name the key.

import { AsyncLocalStorage } from 'node:async_hooks';

export interface Actor {
  apiKeyId: string | null;
}

const store = new AsyncLocalStorage<Actor>();

export function withActor<T>(principal: { apiKeyId?: string | null } | null | undefined, fn: () => T): T {
  return store.run({ apiKeyId: principal?.apiKeyId ?? null }, fn);
}

/** The key the current call acts with; null for a signed-in user, the system, or outside a request. */
export function currentApiKeyId(): string | null {
  return store.getStore()?.apiKeyId ?? null;
}
