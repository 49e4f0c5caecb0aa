// `pnpm dev` runs through turbo, whose strict environment mode hands a task only the variables it declares:
// every configuration variable is declared for `dev`, so `PORT=… pnpm dev` listens where it is told.

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, findRepoRoot } from '../../src/config';

const root = findRepoRoot();

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Asks the health path until it answers or the deadline passes; true when it answered 200. */
async function answersHealth(port: number, deadline: number, exited: () => boolean): Promise<boolean> {
  while (Date.now() < deadline && !exited()) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return true;
    } catch {
      // Not listening yet: the dev server migrates its database first.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

describe('pnpm dev and the environment', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-dev-env-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('declares every configuration variable as passed through to the dev task', () => {
    const turbo = JSON.parse(readFileSync(join(root, 'turbo.json'), 'utf8')) as {
      tasks: { dev: { passThroughEnv?: string[] } };
    };
    const passed = new Set(turbo.tasks.dev.passThroughEnv ?? []);
    expect(CONFIG_VARIABLES.filter((name) => !passed.has(name))).toEqual([]);
    // The web dev server's proxy target too.
    expect(passed.has('API_URL')).toBe(true);
  });

  it('listens on the PORT given to the dev command, on the DATA_DIR given to it', { timeout: 150_000 }, async () => {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir };
    Object.assign(env, { DEMO_DATA: 'false', ACCRUAL_TIMER: 'false', LOG_LEVEL: 'warn', NODE_ENV: 'development' });
    delete env.DATABASE_URL;
    const child = spawn(
      join(root, 'node_modules', '.bin', 'turbo'),
      ['run', 'dev', '--filter=@portal/api', '--output-logs=errors-only'],
      { cwd: root, env, detached: true, stdio: 'ignore' },
    );
    let exited = false;
    const exit = new Promise<void>((resolve) =>
      child.once('exit', () => {
        exited = true;
        resolve();
      }),
    );
    try {
      expect(await answersHealth(port, Date.now() + 120_000, () => exited)).toBe(true);
      // The embedded database was made where DATA_DIR points, not in the repository's ./.data.
      expect(readFileSync(join(dataDir, 'pglite', 'PG_VERSION'), 'utf8').trim()).toMatch(/^\d+$/);
    } finally {
      if (!exited && child.pid) process.kill(-child.pid, 'SIGTERM');
      const killer = setTimeout(() => {
        if (!exited && child.pid) process.kill(-child.pid, 'SIGKILL');
      }, 10_000);
      await exit;
      clearTimeout(killer);
    }
  });
});
