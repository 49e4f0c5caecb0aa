// The admin of ADMIN_EMAIL / ADMIN_PASSWORD (and `cli create-admin`): created when absent,
// idempotent, and never a silent promotion of an existing non-admin.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, migrateToLatest } from '@portal/db';
import { MESSAGES } from '@portal/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';
import { AdminBootstrapError, ensureAdmin, hashPassword } from '../../src/services/accounts';
import { CLI, migratedDataDir, postLogin, runApiProcess, SERVER, useTestApp } from '../support';

const t = useTestApp();

describe('ensureAdmin', () => {
  it('creates the admin when absent, with a normalised email, and it can sign in', async () => {
    const result = await ensureAdmin(t.deps, { email: '  Boss@Example.com ', password: 'admin-password' });
    expect(result.status).toBe('created');
    const row = await t.row('users', result.userId);
    expect(row).toMatchObject({ email: 'boss@example.com', role: 'admin' });
    const res = await postLogin(t.app, 'boss@example.com', 'admin-password');
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toBe('admin');
    const log = await t.db.selectFrom('activityLog').select('action').where('entityId', '=', result.userId).execute();
    expect(log.map((l) => l.action)).toContain('user.admin_created');
  });

  it('is idempotent and leaves the existing password alone', async () => {
    const first = await ensureAdmin(t.deps, { email: 'steady@example.com', password: 'first-password' });
    const second = await ensureAdmin(t.deps, { email: 'steady@example.com', password: 'other-password' });
    expect(second).toEqual({ status: 'exists', userId: first.userId });
    expect((await postLogin(t.app, 'steady@example.com', 'first-password')).statusCode).toBe(200);
    expect((await postLogin(t.app, 'steady@example.com', 'other-password')).statusCode).toBe(401);
    const rows = await t.db.selectFrom('users').select('id').where('email', '=', 'steady@example.com').execute();
    expect(rows).toHaveLength(1);
  });

  it('gives one admin when two starts race', async () => {
    const results = await Promise.all([
      ensureAdmin(t.deps, { email: 'race@example.com', password: 'admin-password' }),
      ensureAdmin(t.deps, { email: 'race@example.com', password: 'admin-password' }),
    ]);
    expect(new Set(results.map((r) => r.userId)).size).toBe(1);
    expect(results.map((r) => r.status).sort()).toEqual(['created', 'exists']);
  });

  it('refuses to promote an existing partner and leaves it a partner', async () => {
    const partner = await t.createUser({ email: 'partner-not-admin@example.com', role: 'partner' });
    await expect(
      ensureAdmin(t.deps, { email: 'Partner-Not-Admin@example.com', password: 'admin-password' }),
    ).rejects.toThrow(AdminBootstrapError);
    await expect(
      ensureAdmin(t.deps, { email: 'partner-not-admin@example.com', password: 'admin-password' }),
    ).rejects.toThrow(/partner account with this email already exists/);
    const row = await t.db.selectFrom('users').select('role').where('id', '=', partner.id).executeTakeFirstOrThrow();
    expect(row.role).toBe('partner');
  });

  it('refuses an administrator password under 12 characters, or a common one', async () => {
    await expect(ensureAdmin(t.deps, { email: 'short@example.com', password: 'short' })).rejects.toThrow(
      MESSAGES.adminPasswordTooShort,
    );
    await expect(ensureAdmin(t.deps, { email: 'short@example.com', password: 'eleven-char' })).rejects.toThrow(
      MESSAGES.adminPasswordTooShort,
    );
    await expect(ensureAdmin(t.deps, { email: 'common@example.com', password: 'qwertyuiop123' })).rejects.toThrow(
      MESSAGES.commonPassword,
    );
    const rows = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', 'in', ['short@example.com', 'common@example.com'])
      .execute();
    expect(rows).toHaveLength(0);
    expect((await ensureAdmin(t.deps, { email: 'twelve@example.com', password: 'twelve-chars' })).status).toBe(
      'created',
    );
  });

  it('stops the start when ADMIN_PASSWORD is shorter than 12 characters, naming the variable', () => {
    const env = { ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'eleven-char' };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(/ADMIN_PASSWORD: must be at least 12 characters/);
    expect(loadConfig({ ...env, ADMIN_PASSWORD: 'twelve-chars' }).admin?.password).toBe('twelve-chars');
  });
});

describe('start and cli with an embedded database', () => {
  // A migrated database: the cli and the start find the schema in place.
  const dataDir = migratedDataDir(mkdtempSync(join(tmpdir(), 'portal-bootstrap-')));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const run = (args: string[], env: Record<string, string>) =>
    runApiProcess(args, {
      DATA_DIR: dataDir,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      PORT: '0',
      NODE_ENV: 'test',
      ...env,
    });

  it('cli create-admin creates the admin and refuses a partner email', async () => {
    const created = await run(
      [CLI, 'create-admin', '--email', 'Cli-Admin@example.com', '--password', 'admin-password'],
      {},
    );
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(created.stdout).toContain('Admin cli-admin@example.com created');

    const handle = createDb({ dataDir: join(dataDir, 'pglite') });
    try {
      await migrateToLatest(handle.db);
      await handle.db
        .insertInto('users')
        .values({
          email: 'taken-by-partner@example.com',
          passwordHash: await hashPassword('partner-password'),
          role: 'partner',
        })
        .execute();
    } finally {
      await handle.close();
    }
    const refused = await run(
      [CLI, 'create-admin', '--email', 'taken-by-partner@example.com', '--password', 'admin-password'],
      {},
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('partner account with this email already exists');
  }, 120_000);

  it('stops the server start with a message when ADMIN_EMAIL belongs to a partner', async () => {
    const result = await run([SERVER], {
      ADMIN_EMAIL: 'taken-by-partner@example.com',
      ADMIN_PASSWORD: 'admin-password',
    });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('partner account with this email already exists');
  }, 120_000);
});
