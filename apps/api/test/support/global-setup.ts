// Runs once per test run, before any test file: migrates the template every test file's database
// is copied from; builds the server when its bundle is older than its sources (the tests that run
// the server or the cli as a process run the bundle `pnpm start` ships, not a TypeScript loader);
// and migrates one embedded DATA_DIR those processes start from a copy of, so only the tests of a
// first start pay for the migrations. Both templates are removed when the run ends.

import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestTemplate } from '@portal/db/testing';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated template test databases are copied from (see createTestTemplate). */
    databaseTemplate: string;
    /** A DATA_DIR with a migrated embedded database and its secrets, for processes to start from a copy. */
    dataDirTemplate: string;
  }
}

const apiDir = join(import.meta.dirname, '../..');
/** What the bundle is made of: the server's sources and the workspace packages it inlines. */
const SOURCES = [
  join(apiDir, 'src'),
  ...['contracts', 'db'].map((name) => join(apiDir, '../../packages', name, 'src')),
];

function newestChange(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function ensureBundle(): void {
  const bundle = join(apiDir, 'dist', 'cli.js');
  const built = existsSync(bundle) ? statSync(bundle).mtimeMs : 0;
  if (SOURCES.every((dir) => newestChange(dir) < built)) return;
  execFileSync(join(apiDir, 'node_modules/.bin/tsup'), { cwd: apiDir, stdio: ['ignore', 'ignore', 'inherit'] });
}

function migrateDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-api-datadir-'));
  execFileSync(process.execPath, ['dist/cli.js', 'migrate'], {
    cwd: apiDir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return dir;
}

export default async function setup(project: TestProject) {
  ensureBundle();
  const dataDir = migrateDataDir();
  const template = await createTestTemplate();
  project.provide('databaseTemplate', template.ref);
  project.provide('dataDirTemplate', dataDir);
  return async () => {
    await template.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
