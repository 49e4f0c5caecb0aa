// A full disk is an outage, not a healthy replica: with DATA_DIR/uploads on a filesystem that has
// no room left, readiness answers 503 naming the storage (its check writes a file, which a full
// disk refuses), and an upload answers 503 in the user's words, keeping no half-written material.
// The server runs in a mount namespace of its own (`unshare`), where the test mounts a small tmpfs
// over the uploads folder and fills it; nothing outside the test's process is touched.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MESSAGES } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, migratedDataDir, SERVER, startApiProcess } from '../support';

const ADMIN_EMAIL = 'full-disk-admin@example.com';
const ADMIN_PASSWORD = 'full-disk-password-2026';
const FILL_UPLOADS = [
  'unshare',
  '--map-root-user',
  '--mount',
  'sh',
  '-c',
  'mkdir -p "$1" && mount -t tmpfs -o size=256k tmpfs "$1" && { head -c 1048576 /dev/zero > "$1/filler" 2>/dev/null; true; } && shift && exec "$@"',
  'sh',
];

let server: ReturnType<typeof startApiProcess>;
let base: string;

beforeAll(async () => {
  const dataDir = migratedDataDir(mkdtempSync(join(tmpdir(), 'portal-full-disk-')));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = startApiProcess(
    [SERVER],
    {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      // The admin signs in with a password alone here; two-factor has its own tests.
      ADMIN_MFA_REQUIRED: 'false',
    },
    [...FILL_UPLOADS, join(dataDir, 'uploads')],
  );
}, 120_000);

afterAll(async () => {
  server?.child.kill('SIGTERM');
  await server?.exited;
});

describe('with the uploads folder on a full disk', () => {
  it('starts (the database is on another disk)', async () => {
    await expect
      .poll(() => server.output().stdout + server.output().stderr, { timeout: 90_000, interval: 200 })
      .toContain('Partner Portal on');
  }, 120_000);

  it('is not ready: readiness answers 503 naming the storage', async () => {
    const res = await fetch(`${base}/api/ready`);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({
      status: 'unavailable',
      checks: { database: 'ok', storage: 'failed: ENOSPC' },
    });
    // Liveness does not look at the disk.
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
  });

  it('answers an upload 503 in the user’s words and keeps no material', async () => {
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const form = new FormData();
    form.append('title', 'Partner One-Pager');
    form.append('type', 'pdf');
    form.append('file', new Blob([Buffer.from(`%PDF-1.4\n${'x'.repeat(64 * 1024)}\n%%EOF\n`)]), 'one-pager.pdf');
    const upload = await fetch(`${base}/api/admin/marketing-materials`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(upload.status).toBe(503);
    expect(await upload.json()).toMatchObject({ message: MESSAGES.storageUnavailable });
    const list = await fetch(`${base}/api/admin/marketing-materials`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(list.status).toBe(200);
    expect(JSON.stringify(await list.json())).not.toContain('Partner One-Pager');
  });
});
