// A supervisor stops the portal by signalling the process it started: `pnpm --filter @portal/api start`
// (what `pnpm start` ends in). The signal reaches the server itself, which shuts down gracefully;
// nothing is left running when pnpm has exited.

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../bench/src/local-machine';
import { repoRoot } from '../src/harness';

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}

describe('signals', () => {
  it('SIGTERM to pnpm start stops the server gracefully, with nothing left running', { timeout: 120_000 }, async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-signals-'));
    const health = `http://127.0.0.1:${port}/api/health`;
    let output = '';
    // Started as a supervisor or a shell would: pnpm on the machine's own PATH, not from inside a pnpm
    // script (whose PATH puts the workspace's `node` shim, a shell script, in front of every `node`).
    const PATH = (process.env.PATH ?? '')
      .split(':')
      .filter((entry) => !entry.includes('node_modules'))
      .join(':');
    const child = spawn('pnpm', ['--filter', '@portal/api', 'start'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        PATH,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_DIST: join(repoRoot, 'apps/web/dist'),
        DEMO_DATA: 'false',
        ACCRUAL_TIMER: 'false',
        LOG_LEVEL: 'info',
        ADMIN_MFA_REQUIRED: 'false',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const serverPid = () => Number(/"pid":(\d+)/.exec(output)?.[1] ?? 0);
    try {
      const deadline = Date.now() + 90_000;
      while (!(await answers(health))) {
        expect(Date.now() < deadline && child.exitCode === null, output).toBe(true);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      child.kill('SIGTERM');
      await exited;
      expect(output).toContain('"signal":"SIGTERM"');
      expect(output).toContain('stopped cleanly');
      expect(await answers(health)).toBe(false);
      // The server process itself is gone (signal 0 only asks whether it exists).
      expect(() => process.kill(serverPid(), 0)).toThrow();
    } finally {
      const pid = serverPid();
      if (pid) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Already gone: what the test expects.
        }
      }
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
