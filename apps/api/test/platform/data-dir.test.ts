// The server and the cli as processes on an embedded database: a production start seeds no demo
// accounts, refused settings and start failures stop it with one line naming the variable, nothing
// under DATA_DIR is readable by group or others, and secrets.json never loses a key.

import { randomBytes, randomUUID } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { resolveSecrets } from '../../src/secrets';
import { createTokenService } from '../../src/services/accounts';
import { createFieldCipher, DEMO_PASSWORD } from '../../src/services/platform';
import { CLI, freePort, migratedDataDir, runApiProcess, SERVER, useTempDir, withServer } from '../support';

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
  const storedIn = (dataDir: string) =>
    JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')) as {
      jwtSecret: string;
      dataEncryptionKey: string;
      dataEncryptionOldKeys?: string[];
    };

  /** A migrated DATA_DIR named `name` with the demo data seeded (its bank numbers encrypted), and its stored secrets. */
  async function seededDataDir(name: string) {
    const dataDir = migratedDataDir(join(root, name));
    const seeded = await runApiProcess([CLI, 'seed-demo'], { DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
    expect(seeded.code).toBe(0);
    return { dataDir, stored: storedIn(dataDir) };
  }

  /** Runs `cli reencrypt` with `env`, which rewrites bank numbers under an old key: how many it rewrote. */
  async function reencryptRewriting(env: Record<string, string>) {
    const run = await runApiProcess([CLI, 'reencrypt'], env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const rewritten = Number(/Re-encrypted (\d+) bank numbers \(0 already current\)/.exec(run.stdout)?.[1]);
    expect(rewritten).toBeGreaterThan(0);
    return { rewritten, stdout: run.stdout };
  }

  /** Runs `cli reencrypt` with `env` when every bank number is under the key given already: it rewrites none. */
  async function reencryptAllCurrent(env: Record<string, string>, current: number) {
    const run = await runApiProcess([CLI, 'reencrypt'], env);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Re-encrypted 0 bank numbers (${current} already current)`);
    return run;
  }

  it('moves the demo bank numbers to a new key; afterwards the old key is not needed and leaves secrets.json', async () => {
    const { dataDir, stored } = await seededDataDir('rotate');
    const newKey = randomBytes(32).toString('base64');
    const env = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', JWT_SECRET: stored.jwtSecret, DATA_ENCRYPTION_KEY: newKey };

    const { rewritten, stdout } = await reencryptRewriting({
      ...env,
      DATA_ENCRYPTION_OLD_KEYS: stored.dataEncryptionKey,
    });
    expect(stdout).toContain('Removed 1 earlier data keys from secrets.json');

    await reencryptAllCurrent(env, rewritten);

    // The new key is the stored one now, and the old key is nowhere in DATA_DIR.
    expect(storedIn(dataDir)).toEqual({ jwtSecret: stored.jwtSecret, dataEncryptionKey: newKey });
    await reencryptAllCurrent({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, rewritten);
  }, 240_000);

  it('keeps the stored key when a run is given another one without DATA_ENCRYPTION_OLD_KEYS: every value still decrypts from what DATA_DIR holds', async () => {
    const { dataDir, stored } = await seededDataDir('one-off');
    const oneOff = randomBytes(32).toString('base64');

    // A command run once with a key of its own: the stored key stays beside it as an earlier key.
    const accrued = await runApiProcess([CLI, 'accrue', '--month', '2001-01'], {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATA_ENCRYPTION_KEY: oneOff,
    });
    expect(accrued.code).toBe(0);
    expect(storedIn(dataDir)).toEqual({
      jwtSecret: stored.jwtSecret,
      dataEncryptionKey: oneOff,
      dataEncryptionOldKeys: [stored.dataEncryptionKey],
    });

    // The forgotten DATA_ENCRYPTION_OLD_KEYS of a rotation: nothing is unreadable, everything moves to the key given.
    const { rewritten } = await reencryptRewriting({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    });

    // A later run without the variable reads every value with what DATA_DIR holds.
    const later = await reencryptAllCurrent({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, rewritten);
    expect(later.stderr).toBe('');
    expect(storedIn(dataDir).jwtSecret).toBe(stored.jwtSecret);
  }, 240_000);
});

describe('secrets.json on the embedded database', () => {
  const configFor = (dataDir: string, env: Record<string, string> = {}) =>
    loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...env });

  it('keeps its JWT secret when a run is given another: sessions it signed are valid again on a start without the variable', async () => {
    const dataDir = join(root, 'jwt-one-off');
    const first = resolveSecrets(configFor(dataDir));
    const session = await createTokenService(first.jwtSecret).sign({
      userId: randomUUID(),
      role: 'partner',
      tokenVersion: 0,
    });
    const oneOff = randomBytes(48).toString('base64url');
    expect(resolveSecrets(configFor(dataDir, { JWT_SECRET: oneOff })).jwtSecret).toBe(oneOff);
    const later = resolveSecrets(configFor(dataDir));
    expect(later.jwtSecret).toBe(first.jwtSecret);
    expect(await createTokenService(later.jwtSecret).verify(session)).not.toBeNull();
  });

  it('adds a data key given by the environment and keeps the stored one as an earlier key that still decrypts', () => {
    const dataDir = join(root, 'key-one-off');
    const first = resolveSecrets(configFor(dataDir));
    const sealed = createFieldCipher(first.dataEncryptionKey).encrypt('026009593', 'partners.bank:1');
    const oneOff = randomBytes(32).toString('base64');
    const withOneOff = resolveSecrets(configFor(dataDir, { DATA_ENCRYPTION_KEY: oneOff }));
    expect(withOneOff.dataEncryptionKey).toBe(oneOff);
    expect(withOneOff.dataEncryptionOldKeys).toEqual([first.dataEncryptionKey]);
    // A start without the variable: the stored keys alone open the value.
    const later = resolveSecrets(configFor(dataDir));
    expect(
      createFieldCipher(later.dataEncryptionKey, later.dataEncryptionOldKeys).decrypt(sealed, 'partners.bank:1'),
    ).toBe('026009593');
    expect(statSync(join(dataDir, 'secrets.json')).mode & 0o777).toBe(0o600);
  });

  it('is not written when both secrets come from the environment and it does not exist', () => {
    const dataDir = join(root, 'env-only');
    const secrets = resolveSecrets(
      configFor(dataDir, {
        JWT_SECRET: randomBytes(48).toString('base64url'),
        DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      }),
    );
    expect(secrets.dataEncryptionOldKeys).toEqual([]);
    expect(existsSync(join(dataDir, 'secrets.json'))).toBe(false);
  });
});

describe('a start that cannot go on', () => {
  /** Every line the process printed to stderr that looks like a stack frame. */
  const stackFrames = (stderr: string) => stderr.split('\n').filter((line) => /^\s+at /.test(line));

  it('names PORT when the port is in use, before the database is opened or demo data written', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const port = (holder.address() as AddressInfo).port;
    try {
      const dataDir = join(root, 'port-in-use');
      const result = await runApiProcess([SERVER], {
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        NODE_ENV: 'development',
      });
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toBe(
        `PORT ${port} on HOST 127.0.0.1 is already in use by another process: stop it or choose another PORT.`,
      );
      expect(result.stdout).not.toContain('Demo sign-ins');
      expect(existsSync(join(dataDir, 'pglite'))).toBe(false);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  }, 60_000);

  it('names DATA_DIR when it is a file', async () => {
    const file = join(root, 'a-file');
    writeFileSync(file, 'not a folder');
    const result = await runApiProcess([SERVER], { DATA_DIR: file, NODE_ENV: 'production', PORT: '0' });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(`DATA_DIR ${file} is a file, not a folder.`);
    const cli = await runApiProcess([CLI, 'migrate'], { DATA_DIR: file });
    expect(cli.code).toBe(1);
    expect(cli.stderr.trim()).toBe(`DATA_DIR ${file} is a file, not a folder.`);
  }, 60_000);

  it('names DATA_DIR when it cannot be created', async () => {
    const file = join(root, 'a-file-as-parent');
    writeFileSync(file, 'not a folder');
    const dataDir = join(file, 'data');
    const result = await runApiProcess([SERVER], { DATA_DIR: dataDir, NODE_ENV: 'production', PORT: '0' });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      `DATA_DIR ${dataDir} cannot be used (ENOTDIR): it must be a folder this account may create and write.`,
    );
    expect(stackFrames(result.stderr)).toEqual([]);
  }, 60_000);

  it('names the storage variables when the demo data cannot be seeded', async () => {
    const deadPort = await freePort();
    const result = await runApiProcess([SERVER], {
      DATA_DIR: migratedDataDir(join(root, 'demo-no-storage')),
      NODE_ENV: 'development',
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${deadPort}`,
      S3_FORCE_PATH_STYLE: 'true',
      S3_REGION: 'us-east-1',
      S3_BUCKET: 'portal-files',
      S3_ACCESS_KEY_ID: 'test',
      S3_SECRET_ACCESS_KEY: 'test-secret',
      S3_TIMEOUT_SECONDS: '2',
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toMatch(/^The demo data could not be seeded: .*STORAGE_DRIVER=s3: check S3_ENDPOINT/);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  }, 120_000);
});
