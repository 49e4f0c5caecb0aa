// One submit at a time: a second click, Enter or double-click while the first call is in flight does
// nothing (a ref, set before React re-renders the button), and `pending` drives the button's `loading`.
// A create also carries an Idempotency-Key: the same key for a retry of the same values, a new one once
// the values change or the create succeeded, so the server makes one record however often it is asked.

import { useCallback, useRef, useState } from 'react';

export function useSubmitOnce<A extends unknown[], R>(submit: (...args: A) => R | Promise<R>) {
  const inFlight = useRef(false);
  const [pending, setPending] = useState(false);
  const latest = useRef(submit);
  latest.current = submit;
  /** Runs the submit and answers its result, or undefined when another submit is still in flight. */
  const run = useCallback(async (...args: A): Promise<R | undefined> => {
    if (inFlight.current) return undefined;
    inFlight.current = true;
    setPending(true);
    try {
      return await latest.current(...args);
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  }, []);
  return { run, pending };
}

/** Idempotency keys for one form: `keyFor(input)` repeats the key while the input is unchanged; `done()` starts afresh. */
export function useIdempotencyKey() {
  const last = useRef<{ body: string; key: string } | null>(null);
  const keyFor = useCallback((input: unknown) => {
    const body = JSON.stringify(input ?? null);
    if (last.current?.body !== body) last.current = { body, key: crypto.randomUUID() };
    return last.current.key;
  }, []);
  const done = useCallback(() => {
    last.current = null;
  }, []);
  return { keyFor, done };
}

/**
 * A create that carries an Idempotency-Key (`useIdempotencyKey`): the call answers the created record,
 * and a new key is taken only once a create succeeded.
 */
export function useIdempotentCreate<I, R>(
  create: (input: I, options: { context: { idempotencyKey: string } }) => Promise<R>,
) {
  const idempotency = useIdempotencyKey();
  return async (input: I): Promise<R> => {
    const created = await create(input, { context: { idempotencyKey: idempotency.keyFor(input) } });
    idempotency.done();
    return created;
  };
}
