// Fresh, migrated databases for tests: PGlite in memory by default, or a new database on the
// PostgreSQL named by TEST_DATABASE_URL (created for the test file and dropped afterwards).

import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb, type DatabaseHandle } from './create-db';
import { migrateToLatest } from './migrate';

export interface TestDatabase extends DatabaseHandle {
  /** The connection string of the test database, when it is PostgreSQL. */
  url?: string;
}

export const testDatabaseUrl = (): string | undefined => process.env.TEST_DATABASE_URL || undefined;

export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = testDatabaseUrl();
  if (!adminUrl) {
    const handle = createDb({ dataDir: 'memory://' });
    await migrateToLatest(handle.db);
    return handle;
  }
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = createDb({ databaseUrl: url.toString(), poolSize: 5 });
  await migrateToLatest(handle.db);
  return {
    ...handle,
    url: url.toString(),
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
