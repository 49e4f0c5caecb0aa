// Starts the built portal (apps/api/dist/main.js) in its own process, the way `pnpm start` runs it,
// and reads what the benchmarks measure from outside: its RSS, a sign-in token.

import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SERVER_NODE_FLAGS } from '../../apps/api/src/heap-policy';
import { freePort } from './local-machine';

export const repoRoot = resolve(import.meta.dirname, '../..');

/** Resident set size of a process in MB (Linux /proc). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

/** Runs `run` while sampling the RSS of process `pid` every `everyMs`; the peak includes a reading after it ends. */
export async function withPeakRss<T>(
  pid: number,
  everyMs: number,
  run: () => Promise<T>,
): Promise<{ result: T; beforeMb: number; peakMb: number }> {
  const beforeMb = rssMb(pid);
  let peakMb = beforeMb;
  const sampler = setInterval(() => {
    try {
      peakMb = Math.max(peakMb, rssMb(pid));
    } catch {
      // the server stopped: `run` fails and says so
    }
  }, everyMs);
  let result: T;
  try {
    result = await run();
  } finally {
    clearInterval(sampler);
  }
  return { result, beforeMb, peakMb: Math.max(peakMb, rssMb(pid)) };
}

export interface BuiltPortal {
  baseUrl: string;
  pid: number;
  stop(): Promise<void>;
}

export interface BuiltPortalOptions {
  /** The server to run; apps/api/dist/main.js by default. */
  main?: string;
  /** PostgreSQL, with fresh secrets; without it the embedded database in a fresh DATA_DIR keeps its own. */
  databaseUrl?: string;
  /** Node's flags before the script; by default the heap policy's, as `pnpm start` gives them. */
  nodeFlags?: readonly string[];
  /** Overrides the defaults (development mode, demo data on, no accrual timer, warnings only). */
  env?: NodeJS.ProcessEnv;
}

/** Starts the built portal on a free port and waits until /api/health answers (at most 180 s). */
export async function startBuiltPortal(options: BuiltPortalOptions = {}): Promise<BuiltPortal> {
  const main = options.main ?? join(repoRoot, 'apps/api/dist/main.js');
  if (!existsSync(main)) throw new Error('build the API first: pnpm --filter @portal/api build');
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-built-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    DEMO_DATA: 'true',
    ACCRUAL_TIMER: 'false',
    LOG_LEVEL: 'warn',
  };
  for (const name of [
    'DATABASE_URL',
    'REDIS_URL',
    'ADMIN_EMAIL',
    'ADMIN_PASSWORD',
    'WEB_DIST',
    'PUBLIC_URL',
    'JWT_SECRET',
    'DATA_ENCRYPTION_KEY',
  ])
    delete env[name];
  if (options.databaseUrl) {
    // PostgreSQL needs the secrets given (the embedded database would keep them in DATA_DIR).
    env.DATABASE_URL = options.databaseUrl;
    env.JWT_SECRET = randomBytes(48).toString('base64url');
    env.DATA_ENCRYPTION_KEY = randomBytes(32).toString('base64');
  }
  Object.assign(env, options.env);
  const child: ChildProcess = spawn(process.execPath, [...(options.nodeFlags ?? SERVER_NODE_FLAGS), main], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the portal stopped while starting (exit ${child.exitCode}): ${output.slice(-800)}`);
    }
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the portal did not answer /api/health within 180 s: ${output.slice(-800)}`);
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  if (child.pid === undefined) throw new Error('the portal has no pid');
  return { baseUrl, pid: child.pid, stop };
}

/**
 * The environment of a built server beside an in-process portal (./portal.ts) on the same seeded
 * database: no demo data, and that portal's secrets, so the tokens it signs are valid here too.
 */
export function besideInProcessPortal(config: { jwtSecret?: string; dataEncryptionKey?: string }): NodeJS.ProcessEnv {
  return {
    DEMO_DATA: 'false',
    ADMIN_MFA_REQUIRED: 'false',
    ...(config.jwtSecret ? { JWT_SECRET: config.jwtSecret } : {}),
    ...(config.dataEncryptionKey ? { DATA_ENCRYPTION_KEY: config.dataEncryptionKey } : {}),
  };
}

/** The demo data's accounts (apps/api's demo seed). */
export const DEMO_ADMIN = { email: 'admin@partnerportal.demo', password: 'demo-password-2026' };
export const DEMO_PARTNER = { email: 'maya@northwind-growth.demo', password: 'demo-password-2026' };

/** Signs in through POST /api/auth/login and returns the bearer token. */
export async function signIn(baseUrl: string, account: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!res.ok) throw new Error(`sign-in of ${account.email} answered ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}
