// GET /api/ready: 200 only when the database and the file storage answer; otherwise 503 naming the
// part that failed, without secrets, and never hanging. Redis (when configured) is reported, and
// reads `degraded` without making the replica unready: throttles fall back to the process's counters.
// /api/health stays liveness: it does not look at Redis or storage.

import { rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkReadiness } from '../../src/services/platform';
import { createTestApp, type TestApp } from '../support';
import { startTestS3, type TestS3 } from '../support/s3-server';

const REDIS_URL = process.env.TEST_REDIS_URL;

/** A port nothing listens on: taken from the system, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('with the local storage and no Redis', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // A fresh embedded database answers its first query slowly: the checks time the parts, not that warm-up.
    await t.deps.pingDb();
  });
  afterAll(async () => {
    await t.close();
  });

  it('is ready, with Redis not configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'not configured', storage: 'ok' } });
  });

  it('answers 503 naming storage when the uploads folder cannot be made', async () => {
    const uploads = join(t.deps.config.dataDir, 'uploads');
    rmSync(uploads, { recursive: true, force: true });
    // A file where the folder belongs: no process, root included, can store files there.
    writeFileSync(uploads, 'not a folder');
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'unavailable',
        checks: { database: 'ok', redis: 'not configured', storage: expect.stringMatching(/^failed: E[A-Z]+$/) },
      });
    } finally {
      rmSync(uploads, { force: true });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });

  it('reports the database failed when it does not answer', async () => {
    const res = await checkReadiness({ ...t.deps, pingDb: async () => false });
    expect(res).toEqual({
      status: 'unavailable',
      checks: { database: 'failed: no answer', redis: 'not configured', storage: 'ok' },
    });
  });

  it('gives up on a part that hangs after its time limit', async () => {
    const hanging = new Promise<never>(() => undefined);
    const res = await checkReadiness({ ...t.deps, storage: { ...t.deps.storage, check: () => hanging } }, 50);
    expect(res.checks.storage).toBe('failed: timed out');
    expect(res.status).toBe('unavailable');
  });
});

describe('with S3 storage and Redis', () => {
  let s3: TestS3;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startTestS3();
    t = await createTestApp({ ...s3.env, ...(REDIS_URL ? { REDIS_URL } : {}) });
    // A fresh embedded database answers its first query slowly: the checks time the parts, not that warm-up.
    await t.deps.pingDb();
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('is ready when the database, Redis and the bucket answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', redis: REDIS_URL ? 'ok' : 'not configured', storage: 'ok' },
    });
  });

  it('answers 503 naming storage once the S3 server is stopped, without secrets', async () => {
    await s3.stop();
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'unavailable',
      checks: { database: 'ok', storage: expect.stringMatching(/^failed: /) },
    });
    expect(res.body).not.toContain(s3.env.S3_SECRET_ACCESS_KEY);
    expect(res.body).not.toContain(s3.env.S3_ENDPOINT);
    // Liveness does not depend on the bucket.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('fails an upload while the S3 server is down instead of hanging, reading no further', async () => {
    let sent = 0;
    // 12 MB offered in 64 KB chunks: more than the parts the upload holds before its first request.
    const source = new Readable({
      read() {
        sent += 64 * 1024;
        this.push(sent > 12 * 1024 * 1024 ? null : Buffer.alloc(64 * 1024, 0x20));
      },
    });
    await expect(t.deps.storage.put(source, { maxBytes: 25 * 1024 * 1024 })).rejects.toThrow();
    expect(source.destroyed).toBe(true);
  });
});

describe('with Redis at a closed port', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    url = `redis://127.0.0.1:${await closedPort()}`;
    t = await createTestApp({ REDIS_URL: url });
    // A fresh embedded database answers its first query slowly: the checks time the parts, not that warm-up.
    await t.deps.pingDb();
  });
  afterAll(async () => {
    await t.close();
  });

  it('stays ready (200) and reports redis as degraded, within the time limit', async () => {
    const started = Date.now();
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', redis: expect.stringMatching(/^degraded: /), storage: 'ok' },
    });
    expect(res.body).not.toContain(url);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
