// The server and the cli as processes on an embedded database: a production start seeds no demo
// accounts, refused settings stop the start, and nothing under DATA_DIR is readable by group or
// others (items 1 and 3).

import { randomBytes } from 'node:crypto';
import { chmodSync, lstatSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/services/platform/demo-seed';
import { CLI, migratedDataDir, runApiProcess, SERVER, useTempDir, withServer } from '../support';

const root = useTempDir('portal-datadir-');

/** Every path under `dir` (itself included) whose mode lets group or others in. */
function sharedEntries(dir: string): string[] {
  const found: string[] = [];
  const walk = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    if (stat.mode & 0o077) found.push(`${path} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(dir);
  return found;
}

const countEntries = (dir: string): number =>
  statSync(dir).isDirectory() ? 1 + readdirSync(dir).reduce((n, name) => n + countEntries(join(dir, name)), 0) : 1;

describe('a production start on a fresh embedded database', () => {
  it('creates no demo accounts and leaves nothing under DATA_DIR readable by group or others', async () => {
    const dataDir = join(root, 'fresh', 'data');
    await withServer({ NODE_ENV: 'production', DATA_DIR: dataDir }, async (server) => {
      const res = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@partnerportal.demo', password: DEMO_PASSWORD }),
      });
      expect(res.status).toBe(401);
      expect(server.output().stdout).not.toContain('Demo sign-ins');
    });
    expect(countEntries(dataDir)).toBeGreaterThan(10);
    expect(sharedEntries(join(root, 'fresh', 'data'))).toEqual([]);
  }, 120_000);
});

describe('refused settings stop the start with the variable named', () => {
  it.each<{ name: string; args: string[]; env: Record<string, string>; refusal: string }>([
    {
      name: 'DEMO_DATA=true with NODE_ENV=production',
      args: [SERVER],
      env: { DEMO_DATA: 'true', DATA_DIR: join(root, 'refused-demo') },
      refusal: 'DEMO_DATA',
    },
    {
      name: 'cli seed-demo with NODE_ENV=production',
      args: [CLI, 'seed-demo'],
      env: { DATA_DIR: join(root, 'refused-seed') },
      refusal: 'seed-demo is refused with NODE_ENV=production',
    },
    {
      name: 'TRUST_PROXY=true',
      args: [SERVER],
      env: { TRUST_PROXY: 'true', DATA_DIR: join(root, 'refused-proxy') },
      refusal: 'TRUST_PROXY',
    },
  ])(
    '$name',
    async ({ args, env, refusal }) => {
      const result = await runApiProcess(args, { NODE_ENV: 'production', ...env });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(refusal);
    },
    60_000,
  );
});

describe('an existing DATA_DIR left readable', () => {
  it('is tightened when the cli opens it', async () => {
    // A database already there (the cli migrates nothing), with files a looser umask left open.
    const dataDir = migratedDataDir(join(root, 'old'));
    mkdirSync(join(dataDir, 'uploads', 'materials'), { recursive: true, mode: 0o755 });
    writeFileSync(join(dataDir, 'uploads', 'materials', 'brochure.pdf'), 'pdf', { mode: 0o644 });
    writeFileSync(join(dataDir, 'notes.txt'), 'x', { mode: 0o666 });
    chmodSync(dataDir, 0o755);
    chmodSync(join(dataDir, 'notes.txt'), 0o666);
    expect(sharedEntries(dataDir).length).toBeGreaterThan(0);

    const result = await runApiProcess([CLI, 'migrate'], {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(sharedEntries(dataDir)).toEqual([]);
    // Owner rights are kept: the files stay readable to the server.
    expect(statSync(join(dataDir, 'uploads', 'materials', 'brochure.pdf')).mode & 0o777).toBe(0o600);
    expect(statSync(join(dataDir, 'uploads')).mode & 0o777).toBe(0o700);
  }, 120_000);
});

describe('cli reencrypt', () => {
  it('moves the demo bank numbers to a new key; afterwards the old key is not needed', async () => {
    const dataDir = migratedDataDir(join(root, 'rotate'));
    const seeded = await runApiProcess([CLI, 'seed-demo'], { DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
    expect(seeded.code).toBe(0);
    const stored = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')) as {
      jwtSecret: string;
      dataEncryptionKey: string;
    };
    const newKey = randomBytes(32).toString('base64');
    const env = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', JWT_SECRET: stored.jwtSecret, DATA_ENCRYPTION_KEY: newKey };

    const first = await runApiProcess([CLI, 'reencrypt'], {
      ...env,
      DATA_ENCRYPTION_OLD_KEYS: stored.dataEncryptionKey,
    });
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const rewritten = Number(/Re-encrypted (\d+) bank numbers \(0 already current\)/.exec(first.stdout)?.[1]);
    expect(rewritten).toBeGreaterThan(0);

    const second = await runApiProcess([CLI, 'reencrypt'], env);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain(`Re-encrypted 0 bank numbers (${rewritten} already current)`);

    // Without the new key (only the dropped one) nothing is readable: the command says so and fails.
    const wrong = await runApiProcess([CLI, 'reencrypt'], {
      ...env,
      DATA_ENCRYPTION_KEY: stored.dataEncryptionKey,
    });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/partners hold a bank number no configured key decrypts/);
  }, 180_000);
});
