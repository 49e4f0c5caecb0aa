// Fresh, migrated databases for tests: PGlite in memory by default, or a new database on the
// PostgreSQL named by TEST_DATABASE_URL (created for the test file and dropped afterwards).
// Migrating takes seconds while copying takes a fraction of one, so a test run migrates one
// template (createTestTemplate, from a global set-up) and every test file gets a copy of it: PGlite
// starts from the template's data folder archive, PostgreSQL clones with CREATE DATABASE … TEMPLATE.

import { randomBytes } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createDb, type DatabaseHandle } from './create-db';
import { migrateToLatest } from './migrate';

export interface TestDatabase extends DatabaseHandle {
  /** The connection string of the test database, when it is PostgreSQL. */
  url?: string;
}

/**
 * A migrated database that test databases are copied from: `ref` is the path of a PGlite data
 * folder archive, or the name of a PostgreSQL template database.
 */
export interface TestTemplate {
  ref: string;
  drop(): Promise<void>;
}

export const testDatabaseUrl = (): string | undefined => process.env.TEST_DATABASE_URL || undefined;

const uniqueName = (prefix: string) => `${prefix}_${randomBytes(6).toString('hex')}`;

async function onServer(adminUrl: string, statements: string[]): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (const statement of statements) await admin.query(statement);
  } finally {
    await admin.end();
  }
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Migrates one template for a whole test run; drop() removes it when the run ends. */
export async function createTestTemplate(): Promise<TestTemplate> {
  const adminUrl = testDatabaseUrl();
  if (!adminUrl) {
    const handle = createDb({ dataDir: 'memory://' });
    let archive: Blob;
    try {
      await migrateToLatest(handle.db);
      archive = await handle.dumpDataDir!();
    } finally {
      await handle.close();
    }
    const ref = join(tmpdir(), `${uniqueName('portal_template')}.tar`);
    await writeFile(ref, new Uint8Array(await archive.arrayBuffer()), { mode: 0o600 });
    return { ref, drop: () => rm(ref, { force: true }) };
  }
  const ref = uniqueName('portal_template');
  await onServer(adminUrl, [`create database ${ref}`]);
  const handle = createDb({ databaseUrl: databaseUrl(adminUrl, ref), poolSize: 1 });
  try {
    await migrateToLatest(handle.db);
  } finally {
    await handle.close();
  }
  // PostgreSQL copies a template only while nobody is connected to it; refusing connections keeps
  // it that way for the whole run.
  await onServer(adminUrl, [`alter database ${ref} with is_template true allow_connections false`]);
  return {
    ref,
    drop: () =>
      onServer(adminUrl, [
        `alter database ${ref} with is_template false`,
        `drop database if exists ${ref} with (force)`,
      ]),
  };
}

/**
 * A database of its own for one test file: a copy of `template` (a TestTemplate's ref), or, without
 * one, a new database migrated in place.
 */
export async function createTestDatabase(template?: string): Promise<TestDatabase> {
  const adminUrl = testDatabaseUrl();
  if (!adminUrl) {
    if (template) return createDb({ dataDir: 'memory://', loadDataDir: await openAsBlob(template) });
    const handle = createDb({ dataDir: 'memory://' });
    await migrateToLatest(handle.db);
    return handle;
  }
  const name = uniqueName('portal_test');
  await onServer(adminUrl, [template ? `create database ${name} template ${template}` : `create database ${name}`]);
  const url = databaseUrl(adminUrl, name);
  const handle = createDb({ databaseUrl: url, poolSize: 5 });
  if (!template) await migrateToLatest(handle.db);
  return {
    ...handle,
    url,
    close: async () => {
      await handle.close();
      await onServer(adminUrl, [`drop database if exists ${name} with (force)`]);
    },
  };
}
