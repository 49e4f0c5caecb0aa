// `pnpm --filter @portal/db migrate`: brings the database named by DATABASE_URL (or the embedded one in DATA_DIR) up to date.
import { resolve } from 'node:path';
import { createDb } from './create-db';
import { migrateToLatest } from './migrate';

const handle = createDb({ databaseUrl: process.env.DATABASE_URL, dataDir: resolve(process.env.DATA_DIR ?? '../../.data', 'pglite') });
try {
  const applied = await migrateToLatest(handle.db);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Already up to date');
} finally {
  await handle.close();
}
