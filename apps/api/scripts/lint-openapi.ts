// `pnpm lint` for the OpenAPI document: builds the document the server serves, writes it to a
// temporary file and runs `redocly lint` on it with the repository's redocly.yaml. Fails on any error.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { servedOpenApiDocument } from '../src/rest/served-document';

const apiDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dir = mkdtempSync(join(tmpdir(), 'portal-openapi-'));
try {
  const file = join(dir, 'openapi.json');
  const document = servedOpenApiDocument({ publicUrl: 'https://portal.example.org' });
  writeFileSync(file, JSON.stringify(document, null, 2));
  const result = spawnSync(
    join(apiDir, 'node_modules', '.bin', 'redocly'),
    ['lint', file, '--config', join(apiDir, '..', '..', 'redocly.yaml')],
    {
      stdio: 'inherit',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  );
  process.exitCode = result.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
