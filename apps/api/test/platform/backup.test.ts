// cli backup / cli restore of the embedded database: a backup taken from a running
// server restores into a new DATA_DIR with every row, every uploaded file and the keys that read
// the bank numbers. These run the server and the cli as processes on PGlite whatever the test
// engine is: the embedded database is what they cover (PostgreSQL uses pg_dump, refused below).

import { randomBytes } from 'node:crypto';
import {
  appendFileSync,
  cpSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createDb, migrateToLatest } from '@portal/db';
import { sql } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { claimDataDir, DataDirInUseError } from '../../src/control';
import { createDeps, openDatabase } from '../../src/deps';
import { createLogger } from '../../src/logger';
import { createBackupStream, restoreBackup, bankFieldContext, DEMO_PASSWORD } from '../../src/services/platform';
import { CLI, freePort, migratedDataDir, runApiProcess, SERVER, useTempDir, withServer } from '../support';

const root = useTempDir('portal-backup-');

const cli = (args: string[], dataDir: string, env: Record<string, string> = {}) =>
  runApiProcess([CLI, ...args], { DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env });

/** Rows per table of the embedded database in `dataDir` (the server on it must be stopped). */
async function rowCounts(dataDir: string): Promise<Record<string, number>> {
  const handle = createDb({ dataDir: join(dataDir, 'pglite') });
  try {
    const tables = await sql<{
      name: string;
    }>`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`.execute(
      handle.db,
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables.rows) {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(name)}`.execute(handle.db);
      counts[name] = rows[0]?.n ?? 0;
    }
    return counts;
  } finally {
    await handle.close();
  }
}

const filesOf = (dir: string) =>
  existsSync(dir)
    ? Object.fromEntries(
        readdirSync(dir)
          .sort()
          .map((name) => [name, readFileSync(join(dir, name)).toString('base64')]),
      )
    : {};

describe('cli backup and cli restore', () => {
  const source = join(root, 'source');
  const archive = join(root, 'live.tar.gz');
  const offlineArchive = join(root, 'offline.tar.gz');

  it('back up a running server and restore every row, file and key into a new DATA_DIR', async () => {
    // The demo program: partners with encrypted bank details, commissions, and uploaded material files.
    await withServer(
      { NODE_ENV: 'development', DEMO_DATA: 'true', DATA_DIR: migratedDataDir(source) },
      async ({ url }) => {
        // A second server on the same embedded database is refused: two PGlite instances corrupt it.
        const second = await runApiProcess([SERVER], {
          NODE_ENV: 'development',
          DATA_DIR: source,
          PORT: String(await freePort()),
          HOST: '127.0.0.1',
        });
        expect(second.code).toBe(1);
        expect(second.stderr).toContain(
          'Another process (a running server or a backup) is using the embedded database',
        );

        const backup = await cli(['backup', '--out', archive], source);
        expect(backup.stderr).toBe('');
        expect(backup.code).toBe(0);
        expect(backup.stdout).toContain('keep it as safe as DATA_DIR');
        expect(statSync(archive).mode & 0o777).toBe(0o600);
        expect(existsSync(`${archive}.partial`)).toBe(false);

        // The server kept serving through the backup.
        expect((await fetch(`${url}/api/health`)).status).toBe(200);
      },
    );

    const target = join(root, 'restored', 'data');
    const restored = await cli(['restore', '--from', archive], target);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(statSync(target).mode & 0o777).toBe(0o700);

    // Nothing wrote to the source after the backup (the timer is off, health reads only).
    const sourceCounts = await rowCounts(source);
    expect(sourceCounts.partners).toBeGreaterThan(0);
    expect(sourceCounts.marketing_materials).toBeGreaterThan(0);
    expect(await rowCounts(target)).toEqual(sourceCounts);
    const sourceFiles = filesOf(join(source, 'uploads'));
    expect(Object.keys(sourceFiles).length).toBeGreaterThan(0);
    expect(filesOf(join(target, 'uploads'))).toEqual(sourceFiles);
    expect(readFileSync(join(target, 'secrets.json'), 'utf8')).toBe(readFileSync(join(source, 'secrets.json'), 'utf8'));

    // Start the app on the restored folder: the demo admin signs in (password hashes and JWT
    // secret), bank numbers decrypt (data key), and a partner downloads a material's bytes.
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: target,
      LOG_LEVEL: 'silent',
      ACCRUAL_TIMER: 'false',
      DEMO_DATA: 'false',
    });
    const handle = openDatabase(config);
    const deps = createDeps(config, handle, createLogger('silent'));
    const app = await buildApp(deps, { serveWeb: false });
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'admin@partnerportal.demo', password: DEMO_PASSWORD },
      });
      expect(login.statusCode).toBe(200);
      const partners = await deps.db
        .selectFrom('partners')
        .select(['id', 'bankRoutingNumber', 'bankAccountNumber'])
        .where('bankAccountNumber', 'is not', null)
        .execute();
      expect(partners.length).toBeGreaterThan(0);
      for (const partner of partners) {
        // The demo's wire partners' bank, or its ACH partner's.
        expect(
          deps.cipher.decrypt(partner.bankRoutingNumber ?? '', bankFieldContext(partner.id, 'bank_routing_number')),
        ).toMatch(/^(123000848|011000015)$/);
        expect(
          deps.cipher.decrypt(partner.bankAccountNumber ?? '', bankFieldContext(partner.id, 'bank_account_number')),
        ).toMatch(/^4410\d{4}7788$/);
      }

      const partnerLogin = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'maya@northwind-growth.demo', password: DEMO_PASSWORD },
      });
      const material = await deps.db
        .selectFrom('marketingMaterials')
        .select(['id', 'storageKey'])
        .where('storageKey', 'is not', null)
        .executeTakeFirstOrThrow();
      const headers = { authorization: `Bearer ${partnerLogin.json<{ token: string }>().token}` };
      const link = await app.inject({
        method: 'POST',
        url: `/api/marketing-materials/${material.id}/download`,
        headers,
      });
      expect(link.statusCode).toBe(200);
      const file = await app.inject({
        method: 'GET',
        url: new URL(link.json<{ url: string }>().url, 'http://localhost').pathname,
      });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.toString('base64')).toBe(sourceFiles[material.storageKey ?? '']);
    } finally {
      await app.close();
      await deps.rateLimits.close();
      await handle.close();
    }
  }, 240_000);

  it('back up a stopped server by opening the database itself, and that archive restores too', async () => {
    const backup = await cli(['backup', '--out', offlineArchive], source);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    const target = join(root, 'restored-offline');
    expect((await cli(['restore', '--from', offlineArchive], target)).code).toBe(0);
    expect(await rowCounts(target)).toEqual(await rowCounts(source));
    expect(filesOf(join(target, 'uploads'))).toEqual(filesOf(join(source, 'uploads')));
  }, 120_000);

  it('restore refuses a non-empty DATA_DIR and leaves it untouched', async () => {
    const occupied = join(root, 'occupied');
    mkdirSync(occupied);
    writeFileSync(join(occupied, 'notes.txt'), 'keep me');
    const result = await cli(['restore', '--from', archive], occupied);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`DATA_DIR ${occupied} is not empty: restore only fills an empty or missing folder`);
    expect(readdirSync(occupied)).toEqual(['notes.txt']);
  }, 60_000);

  it('restore refuses a file that is not a backup and leaves DATA_DIR as it was', async () => {
    const junk = join(root, 'junk.tar.gz');
    writeFileSync(junk, 'not an archive');
    const target = join(root, 'junk-target');
    const result = await cli(['restore', '--from', junk], target);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('is it a backup written by cli backup?');
    expect(existsSync(target)).toBe(false);
    expect(readdirSync(root).filter((name) => name.includes('.restore-'))).toEqual([]);
  }, 60_000);

  it('backup refuses an existing output file and PostgreSQL (pg_dump is the tool there)', async () => {
    const exists = await cli(['backup', '--out', archive], source);
    expect(exists.code).toBe(1);
    expect(exists.stderr).toContain('exists; choose a new file name');
    const postgres = await cli(['backup', '--out', join(root, 'pg.tar.gz')], source, {
      DATABASE_URL: 'postgres://portal@127.0.0.1:9/none',
      JWT_SECRET: randomBytes(48).toString('base64url'),
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    });
    expect(postgres.code).toBe(1);
    expect(postgres.stderr).toContain('with DATABASE_URL use pg_dump');
  }, 60_000);

  it('read a relative --out or --from against the folder the command was typed in (INIT_CWD under pnpm)', async () => {
    const typedIn = join(root, 'typed-in');
    mkdirSync(typedIn);
    const backup = await cli(['backup', '--out', 'relative.tar.gz'], source, { INIT_CWD: typedIn });
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(existsSync(join(typedIn, 'relative.tar.gz'))).toBe(true);
    const target = join(root, 'restored-relative');
    const restore = await cli(['restore', '--from', 'relative.tar.gz'], target, { INIT_CWD: typedIn });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(await rowCounts(target)).toEqual(await rowCounts(source));
  }, 120_000);
});

describe('createBackupStream', () => {
  it('takes each upload as it was at the snapshot, also when it grows while the archive is written', async () => {
    const dataDir = join(root, 'growing');
    const uploads = join(dataDir, 'uploads');
    mkdirSync(uploads, { recursive: true, mode: 0o700 });
    // The migrated database alone: this archive is made without the secrets.
    cpSync(join(inject('dataDirTemplate'), 'pglite'), join(dataDir, 'pglite'), { recursive: true });
    const handle = createDb({ dataDir: join(dataDir, 'pglite') });
    const name = '0b4c5f0e-8a3e-4a53-9d44-3f0e4f1b2c3d.pdf';
    const before = Buffer.from('%PDF-1.4 the part written before the snapshot');
    writeFileSync(join(uploads, name), before);
    writeFileSync(join(uploads, 'ffffffff-ffff-4fff-8fff-ffffffffffff.png'), '');
    const out = join(root, 'growing.tar.gz');
    try {
      await migrateToLatest(handle.db);
      const stream = await createBackupStream(handle, { dataDir });
      // An upload still streaming in when the snapshot was taken goes on growing.
      appendFileSync(join(uploads, name), Buffer.alloc(256 * 1024, 1));
      await pipeline(stream, createWriteStream(out));
    } finally {
      await handle.close();
    }
    const target = join(root, 'growing-restored');
    const manifest = await restoreBackup(out, target);
    expect(manifest).toMatchObject({ format: 1, uploads: 2, secrets: false });
    expect(readFileSync(join(target, 'uploads', name))).toEqual(before);
    expect(readFileSync(join(target, 'uploads', 'ffffffff-ffff-4fff-8fff-ffffffffffff.png')).length).toBe(0);
  }, 60_000);
});

describe('the embedded database belongs to one process', () => {
  it('a second claim on DATA_DIR is refused; a socket left by a crashed process is not', async () => {
    const dataDir = join(root, 'claims');
    mkdirSync(dataDir, { mode: 0o700 });
    const handlers = { backup: () => Promise.reject(new Error('unused')) };
    const first = await claimDataDir(dataDir, handlers);
    await expect(claimDataDir(dataDir, handlers)).rejects.toBeInstanceOf(DataDirInUseError);
    await first.release();
    // A crashed server leaves its socket file behind: a plain file stands in for it here.
    writeFileSync(join(dataDir, 'control.sock'), '');
    const again = await claimDataDir(dataDir, handlers);
    expect(statSync(join(dataDir, 'control.sock')).isSocket()).toBe(true);
    await again.release();
  });

  it('a DATA_DIR too deep for a unix socket is named with the fix', async () => {
    const deep = join(root, 'd'.repeat(120));
    mkdirSync(deep, { recursive: true });
    await expect(claimDataDir(deep, { backup: () => Promise.reject(new Error('unused')) })).rejects.toThrow(
      /longer than a unix socket allows .*give DATA_DIR a shorter path/,
    );
  });
});
