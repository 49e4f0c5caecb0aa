// GET /api/ready: the parts a replica needs to serve (database, file storage), each asked with a
// time limit so the answer never hangs. Redis, when configured, is reported but not vital: without
// it the throttles run on each process's own counters, so it reads `degraded` and the replica stays
// ready. /api/health stays liveness.

import type { AppDeps } from '../../deps';

export const READINESS_TIMEOUT_MS = 3000;

export type CheckResult = 'ok' | 'not configured' | `failed: ${string}` | `degraded: ${string}`;

export interface Readiness {
  status: 'ready' | 'unavailable';
  checks: { database: CheckResult; redis: CheckResult; storage: CheckResult };
}

class TimeoutError extends Error {}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError('timed out')), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** A short reason without addresses or credentials: the error's code or first line, cut to 80 characters. */
function reasonOf(error: unknown): string {
  if (error instanceof TimeoutError) return 'timed out';
  const e = error as { code?: unknown; message?: unknown };
  const text =
    typeof e?.code === 'string' ? e.code : typeof e?.message === 'string' ? e.message.split('\n')[0] : 'unknown error';
  return (text ?? 'unknown error').replace(/[a-z][a-z0-9+.-]*:\/\/\S+/gi, '<address>').slice(0, 80);
}

async function run(check: () => Promise<CheckResult>, ms: number): Promise<CheckResult> {
  try {
    return await withTimeout(check(), ms);
  } catch (error) {
    return `failed: ${reasonOf(error)}`;
  }
}

export async function checkReadiness(
  deps: Pick<AppDeps, 'pingDb' | 'rateLimits' | 'storage'>,
  timeoutMs = READINESS_TIMEOUT_MS,
): Promise<Readiness> {
  const [database, redis, storage] = await Promise.all([
    run(async () => {
      if (!(await deps.pingDb())) throw new Error('no answer');
      return 'ok';
    }, timeoutMs),
    run(() => deps.rateLimits.check(), timeoutMs),
    run(async () => {
      await deps.storage.check();
      return 'ok';
    }, timeoutMs),
  ]);
  const checks = { database, redis: redis.replace(/^failed: /, 'degraded: ') as CheckResult, storage };
  const ready = Object.values(checks).every((result) => !result.startsWith('failed: '));
  return { status: ready ? 'ready' : 'unavailable', checks };
}
