// Vitest's global set-up of the journeys: one portal start on an empty data folder migrates the
// embedded database and creates the admin; each journey's portal then starts on a copy of that
// folder (src/harness.ts) instead of running every migration again, which took most of a start.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startPortal } from './harness';

declare module 'vitest' {
  export interface ProvidedContext {
    portalTemplateDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'portal-e2e-template-'));
  const portal = await startPortal({ DATA_DIR: dir });
  const code = await portal.stop('SIGTERM');
  if (code !== 0) throw new Error(`The template portal stopped with ${code}:\n${portal.logs()}`);
  // The control socket belongs to the stopped process; every copy's server makes its own.
  rmSync(join(dir, 'control.sock'), { force: true });
  project.provide('portalTemplateDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
