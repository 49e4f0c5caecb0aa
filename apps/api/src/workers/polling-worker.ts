// The loop both delivery workers share: claim a batch of due rows, deliver each, then wait and
// poll again until stopped. What a claim takes and how a row is delivered is the caller's.

import type { AppDeps } from '../deps';

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
  /** Runs after the last batch when the worker stops (closes a transport). */
  onStop?: () => void;
}

export function createPollingWorker<T>(deps: Pick<AppDeps, 'logger'>, options: PollingWorkerOptions<T>): PollingWorker {
  async function runOnce(): Promise<number> {
    const claimed = await options.claim();
    for (const row of claimed) await options.deliver(row);
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
