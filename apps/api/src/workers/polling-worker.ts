// The loop both delivery workers share: claim a batch of due rows, deliver each, then wait and
// poll again until stopped. How a row is delivered is the caller's; the claim is one query for both.

import type { Database, Db } from '@portal/db';
import type { Expression, ExpressionBuilder, Kysely, Selectable, SqlBool, Updateable } from 'kysely';
import type { AppDeps } from '../deps';
import type { DbOrTx } from '../services/platform';

/** The tables a delivery worker claims rows of: each row is pending until due at next_attempt_at, and counts its attempts. */
export type ClaimableTable = 'emailOutbox' | 'webhookDeliveries';

/** The columns the claim itself reads and writes, common to every claimable table. */
interface ClaimColumns {
  id: string;
  status: string;
  attempts: number;
  nextAttemptAt: Date;
}

export interface ClaimOptions<T extends ClaimableTable, C extends keyof Selectable<Database[T]> & string> {
  table: T;
  /** What the claim answers for each row. */
  columns: readonly C[];
  now: Date;
  /** How long a claimed row is hidden from other workers while it is delivered. */
  leaseMs: number;
  limit: number;
  /** A further condition a due row meets to be claimed. */
  ready?: (eb: ExpressionBuilder<Database, T>) => Expression<SqlBool>;
}

/**
 * Claims up to `limit` due pending rows, the longest due first: FOR UPDATE SKIP LOCKED takes them and the
 * same transaction counts the attempt and pushes their next attempt past the lease, so workers
 * (replicas) on one database never deliver a row twice. The update checks the status and due time
 * again: a claim is a conditional update, whatever the engine.
 */
export async function claimDue<T extends ClaimableTable, C extends keyof Selectable<Database[T]> & string>(
  db: Db,
  { table, columns, now, leaseMs, limit, ready }: ClaimOptions<T, C>,
): Promise<Array<Pick<Selectable<Database[T]>, C>>> {
  const leaseEnd = new Date(now.getTime() + leaseMs);
  return db.transaction().execute(async (trx) => {
    // Both tables share the claim's columns; the query is written once against those.
    const claimable = trx as unknown as Kysely<{ claimable: ClaimColumns }>;
    const name = table as unknown as 'claimable';
    const condition = ready as unknown as
      ((eb: ExpressionBuilder<{ claimable: ClaimColumns }, 'claimable'>) => Expression<SqlBool>) | undefined;
    let dueQuery = claimable
      .selectFrom(name)
      .select('id')
      .where('status', '=', 'pending')
      .where('nextAttemptAt', '<=', now);
    if (condition) dueQuery = dueQuery.where(condition);
    const due = await dueQuery.orderBy('nextAttemptAt').limit(limit).forUpdate().skipLocked().execute();
    if (due.length === 0) return [];
    const rows = await claimable
      .updateTable(name)
      .set((eb) => ({ attempts: eb('attempts', '+', 1), nextAttemptAt: leaseEnd }))
      .where(
        'id',
        'in',
        due.map((row) => row.id),
      )
      .where('status', '=', 'pending')
      .where('nextAttemptAt', '<=', now)
      .returning(columns as unknown as Array<keyof ClaimColumns>)
      .execute();
    return rows as unknown as Array<Pick<Selectable<Database[T]>, C>>;
  });
}

export interface PollingWorker {
  /** Claims and handles one batch of due rows; answers how many were claimed. */
  runOnce(): Promise<number>;
  /** Polls every intervalMs until stop(). */
  start(): void;
  /** Stops polling and waits for a batch under way. */
  stop(): Promise<void>;
}

export interface PollingWorkerOptions<T> {
  /** Named in the log line of a failed poll ("outbox", "webhook"). */
  name: string;
  /** Pause between polls. */
  intervalMs: number;
  claim: () => Promise<T[]>;
  deliver: (row: T) => Promise<void>;
  /**
   * Rows of one group (e.g. one webhook endpoint) are delivered one after another, in claim order;
   * groups go out side by side, at most `concurrency` at once, so one slow receiver delays only its own.
   */
  groupBy?: (row: T) => string;
  /** How many groups are delivered at once (default 1: the whole batch in order). */
  concurrency?: number;
  /** Runs after the last batch when the worker stops (closes a transport). */
  onStop?: () => void;
}

/**
 * Records a claimed row's outcome, only while the row is still this worker's claim: pending, with the
 * attempt count the claim gave it (a worker whose lease ran out writes nothing over a newer claim).
 */
export async function settleClaim<T extends ClaimableTable>(
  db: DbOrTx,
  { table, claim, values }: { table: T; claim: { id: string; attempts: number }; values: Updateable<Database[T]> },
): Promise<void> {
  const claimable = db as unknown as Kysely<{ claimable: ClaimColumns }>;
  await claimable
    .updateTable(table as unknown as 'claimable')
    .set(values as unknown as Updateable<ClaimColumns>)
    .where('id', '=', claim.id)
    .where('attempts', '=', claim.attempts)
    .where('status', '=', 'pending')
    .execute();
}

export function createPollingWorker<T>(deps: Pick<AppDeps, 'logger'>, options: PollingWorkerOptions<T>): PollingWorker {
  async function runOnce(): Promise<number> {
    const claimed = await options.claim();
    const groups = new Map<string, T[]>();
    for (const row of claimed) {
      const key = options.groupBy?.(row) ?? '';
      groups.set(key, [...(groups.get(key) ?? []), row]);
    }
    const queue = [...groups.values()];
    const lane = async () => {
      for (let group = queue.shift(); group; group = queue.shift()) {
        for (const row of group) await options.deliver(row);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 1) }, lane));
    return claimed.length;
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runOnce()
        .catch((error: unknown) => deps.logger.error({ err: error }, `${options.name} poll failed`))
        .finally(schedule);
    }, options.intervalMs);
    timer.unref();
  }

  return {
    runOnce,
    start() {
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      options.onStop?.();
    },
  };
}
