// Runs the closed-loop load generator (load-worker.mjs) in a worker thread and summarises it.

import { Worker } from 'node:worker_threads';
import { median, percentile } from './stats';

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  concurrency: number;
  durationMs: number;
  warmupMs?: number;
}

export interface LoadResult {
  /** Successful (2xx) answers per second over the measured window. */
  rps: number;
  ok: number;
  failed: number;
  statuses: Record<string, number>;
  p50Ms: number;
  p95Ms: number;
}

export function runLoad(options: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), {
      workerData: { method: 'GET', headers: {}, body: null, warmupMs: 0, ...options },
    });
    worker.once(
      'message',
      (raw: {
        ok: number;
        failed: number;
        statuses: Record<string, number>;
        durationMs: number;
        latencies: number[];
      }) => {
        resolve({
          rps: raw.ok / (raw.durationMs / 1000),
          ok: raw.ok,
          failed: raw.failed,
          statuses: raw.statuses,
          p50Ms: median(raw.latencies),
          p95Ms: percentile(raw.latencies, 95),
        });
        void worker.terminate();
      },
    );
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`load worker exited with ${code}`));
    });
  });
}
