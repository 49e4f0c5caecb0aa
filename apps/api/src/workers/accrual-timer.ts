// The daily in-process run: partnerships whose notice has run out end, the team hears of the qualification
// windows ending within 14 days (once a day, whichever replica claims the day), then the accrual of the
// month just ended. Every replica may run it: the unique (referral, month) constraint turns the second run
// into a no-op. A failed run is logged and the next day's run tries again; it never takes the process down.

import { previousMonthKey } from '@portal/contracts';
import type { AppDeps } from '../deps';
import type { MailDeps } from '../services/notifications';
import { runAccrual, type AccrualResult } from '../services/money';
import { applyDueTerminations } from '../services/partners';
import { sendWindowsEndingDigest } from '../services/referrals';

export const ACCRUAL_INTERVAL_MS = 24 * 60 * 60 * 1000;

export interface AccrualTimerOptions {
  intervalMs?: number;
  /** Called after every run (tests wait on it instead of sleeping). */
  onRun?: (outcome: { result?: AccrualResult; error?: unknown }) => void;
}

export function startAccrualTimer(
  deps: Pick<AppDeps, 'db' | 'logger' | 'now' | 'metrics'> & Partial<MailDeps>,
  options: AccrualTimerOptions = {},
): () => Promise<void> {
  let running: Promise<void> | null = null;
  let stopped = false;

  const run = () => {
    if (stopped || running) return;
    const month = previousMonthKey(deps.now());
    // Partnerships whose notice has run out end first (the agreement's notice days), then the accrual.
    const { config, cipher } = deps;
    running = applyDueTerminations(deps.db, deps.now())
      .then(() =>
        config && cipher ? sendWindowsEndingDigest(deps.db, { now: deps.now(), mail: { config, cipher } }) : 0,
      )
      .then(() => runAccrual(deps, { month }))
      .then((result) => {
        if (result.created > 0) deps.logger.info(result, 'accrued commissions for the month just ended');
        options.onRun?.({ result });
      })
      .catch((error: unknown) => {
        deps.logger.error({ err: error, month }, 'accrual failed; it will be tried again on the next run');
        options.onRun?.({ error });
      })
      .finally(() => {
        running = null;
      });
  };

  const timer = setInterval(run, options.intervalMs ?? ACCRUAL_INTERVAL_MS);
  timer.unref();
  run();

  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
