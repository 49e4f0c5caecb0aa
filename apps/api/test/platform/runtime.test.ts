// The runtime the workspace ships on: Node 24 LTS, here (the registry's `node` package put first on
// the PATH by pnpm), in the production image and in CI alike, with argon2's native binary loading on it.

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { findRepoRoot } from '../../src/config';
import { hashPassword, verifyPassword } from '../../src/services/accounts';
import { apiDir, migratedDataDir, SERVER, TEST_PROCESS_FLAGS } from '../support';

const root = findRepoRoot(import.meta.dirname);
const read = (name: string) => readFileSync(join(root, name), 'utf8');
const majorOf = (version: string) => Number(/^v?(\d+)/.exec(version)?.[1]);

describe('runtime', () => {
  it('runs the tests on Node 24 or later', () => {
    expect(majorOf(process.versions.node)).toBeGreaterThanOrEqual(24);
  });

  it('hashes and verifies a password with argon2 on this runtime', async () => {
    const hash = await hashPassword('runtime-check-password');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(await verifyPassword(hash, 'runtime-check-password')).toBe(true);
    expect(await verifyPassword(hash, 'another-password')).toBe(false);
  });

  it('names Node 24 in engines, the workspace node package, the Dockerfile and CI', () => {
    const manifest = JSON.parse(read('package.json')) as {
      engines: { node: string };
      devDependencies: Record<string, string>;
    };
    expect(manifest.engines.node).toBe('>=24');
    expect(manifest.devDependencies.node).toBe('catalog:');
    const workspace = parse(read('pnpm-workspace.yaml')) as {
      catalog: Record<string, string>;
      onlyBuiltDependencies: string[];
    };
    expect(majorOf(workspace.catalog.node ?? '')).toBe(24);
    expect(workspace.onlyBuiltDependencies).toContain('node');
    expect(read('Dockerfile')).toMatch(/^ARG NODE_VERSION=24\n/m);
    const ci = parse(read('.github/workflows/ci.yml')) as {
      jobs: Record<string, { steps: Array<{ uses?: string; with?: Record<string, unknown> }> }>;
    };
    const setupNode = Object.values(ci.jobs)
      .flatMap((job) => job.steps)
      .filter((step) => step.uses?.startsWith('actions/setup-node'));
    expect(setupNode.length).toBeGreaterThan(0);
    for (const step of setupNode) expect(majorOf(String(step.with?.['node-version']))).toBe(24);
  });
});

describe('start log', () => {
  const dataDir = migratedDataDir(mkdtempSync(join(tmpdir(), 'portal-runtime-')));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('prints the Node version the server runs on', async () => {
    const clean = Object.fromEntries(
      Object.entries(process.env).filter(
        ([key]) => !['DATABASE_URL', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'REDIS_URL'].includes(key),
      ),
    );
    const child = spawn(process.execPath, [...TEST_PROCESS_FLAGS, SERVER], {
      cwd: apiDir,
      env: {
        ...clean,
        DATA_DIR: dataDir,
        DEMO_DATA: 'false',
        ACCRUAL_TIMER: 'false',
        LOG_LEVEL: 'info',
        PORT: '0',
        NODE_ENV: 'test',
      },
    });
    let output = '';
    const exited = new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('exit', (code) => resolve(code));
    });
    const started = await new Promise<string>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const line = output.split('\n').find((candidate) => candidate.includes('Partner Portal on'));
        if (line) resolve(line);
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      void exited.then((code) => reject(new Error(`the server exited (${code}) before listening:\n${output}`)));
    });
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(started).toContain(`Node ${process.version}`);
  }, 120_000);
});
