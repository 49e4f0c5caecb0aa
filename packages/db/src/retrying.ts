// PostgreSQL aborts one of two transactions that wait on each other (deadlock, SQLSTATE 40P01) or
// that cannot both be serialized (40001) so the other can go on. The aborted one rolled back whole,
// so running it again is safe and almost always succeeds: every `db.transaction().execute(fn)` runs
// `fn` up to TRANSACTION_ATTEMPTS times on those two states, after a short random pause that grows
// with each attempt. What still fails reaches the caller, which answers 503 with Retry-After.
// A transaction callback therefore does its work through the transaction only (mail goes through
// the outbox, events through their table), which the services already do.

import { setTimeout as sleep } from 'node:timers/promises';
import {
  Kysely,
  type AccessMode,
  type IsolationLevel,
  type KyselyConfig,
  type Transaction,
  type TransactionBuilder,
} from 'kysely';

export const TRANSACTION_ATTEMPTS = 4;
const RETRYABLE_STATES = new Set(['40001', '40P01']);

/** Whether an error (or one of its causes) is a transaction PostgreSQL aborted for another's sake. */
export function isTransactionConflict(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && RETRYABLE_STATES.has(code)) return true;
  }
  return false;
}

export interface RetryObserver {
  /** Called before each new attempt, with the attempt about to run (2, 3, …). */
  onRetry?: (attempt: number) => void;
}

async function withRetries<T>(run: () => Promise<T>, observer: RetryObserver): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= TRANSACTION_ATTEMPTS || !isTransactionConflict(error)) throw error;
      observer.onRetry?.(attempt + 1);
      // 0–20 ms, 0–40 ms, 0–80 ms: the two sides rarely collide again.
      await sleep(Math.random() * 10 * 2 ** attempt);
    }
  }
}

/** TransactionBuilder's three calls, with `execute` run again on a conflict. */
class RetryingTransactionBuilder<DB> {
  constructor(
    private readonly inner: TransactionBuilder<DB>,
    private readonly observer: RetryObserver,
  ) {}

  setAccessMode(accessMode: AccessMode): TransactionBuilder<DB> {
    return retrying(this.inner.setAccessMode(accessMode), this.observer);
  }

  setIsolationLevel(isolationLevel: IsolationLevel): TransactionBuilder<DB> {
    return retrying(this.inner.setIsolationLevel(isolationLevel), this.observer);
  }

  execute<T>(callback: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return withRetries(() => this.inner.execute(callback), this.observer);
  }
}

// Kysely's TransactionBuilder has private state, so its type names that class only; the wrapper has its shape.
const retrying = <DB>(inner: TransactionBuilder<DB>, observer: RetryObserver) =>
  new RetryingTransactionBuilder(inner, observer) as unknown as TransactionBuilder<DB>;

/** A Kysely whose transactions run again when PostgreSQL aborts them for a deadlock or a serialization failure. */
export class RetryingKysely<DB> extends Kysely<DB> {
  readonly #observer: RetryObserver;

  constructor(config: KyselyConfig, observer: RetryObserver = {}) {
    super(config);
    this.#observer = observer;
  }

  override transaction(): TransactionBuilder<DB> {
    return retrying(super.transaction(), this.#observer);
  }
}
