// Closed-loop load generator, run in a worker thread so it has its own core: `concurrency`
// clients each send one request, wait for the answer, and send the next, for a fixed time.
// Plain JavaScript so the worker needs no TypeScript loader.

import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { url, method, headers, body, concurrency, durationMs, warmupMs } = workerData;
const target = new URL(url);
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });

function send() {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = http.request(
      { agent, hostname: target.hostname, port: target.port, path: target.pathname + target.search, method, headers },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
        res.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
      },
    );
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    req.end(body ?? undefined);
  });
}

const warmupEnd = performance.now() + warmupMs;
const measureEnd = warmupEnd + durationMs;
const latencies = [];
const statuses = {};
let ok = 0;
let failed = 0;

async function client() {
  for (;;) {
    const sentAt = performance.now();
    if (sentAt >= measureEnd) return;
    const { status, ms } = await send();
    const doneAt = performance.now();
    if (sentAt < warmupEnd || doneAt > measureEnd) continue;
    statuses[status] = (statuses[status] ?? 0) + 1;
    if (status >= 200 && status < 300) {
      ok++;
      latencies.push(ms);
    } else {
      failed++;
    }
  }
}

await Promise.all(Array.from({ length: concurrency }, client));
agent.destroy();
parentPort.postMessage({ ok, failed, statuses, durationMs, latencies });
