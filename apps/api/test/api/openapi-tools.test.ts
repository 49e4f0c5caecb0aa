// OpenAPI for tools: the served document passes `redocly lint` with the repository's redocly.yaml
// (the recommended rules; no errors, offline), and a typed client generated from it with openapi-typescript and
// openapi-fetch compiles, while a call to a path the API lacks does not.

import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiDir, useTestApp } from '../support';

const run = promisify(execFile);
const bin = (name: string) => join(apiDir, 'node_modules', '.bin', name);

// Private webhook targets allowed: a loopback address stands for the tool's endpoint (nothing is delivered).
const t = useTestApp({ PUBLIC_URL: 'https://portal.example.org', WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' });
let dir: string;
let document: Record<string, unknown>;

beforeAll(async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  document = res.json();
  // Inside the package, so the generated client resolves openapi-fetch from its node_modules.
  dir = mkdtempSync(join(apiDir, '.openapi-client-'));
  writeFileSync(join(dir, 'openapi.json'), JSON.stringify(document));
});
afterAll(async () => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

type Operation = {
  description?: string;
  security?: Record<string, string[]>[];
  'x-required-scopes'?: string[];
  responses: Record<string, unknown>;
};
const operationOf = (method: string, path: string) =>
  (document.paths as Record<string, Record<string, Operation>>)[path]?.[method] as Operation;

describe('who may call each operation', () => {
  it('states the API-key scope of every operation in x-required-scopes, its security and its description', () => {
    for (const [path, methods] of Object.entries(document.paths as Record<string, Record<string, Operation>>)) {
      for (const [method, op] of Object.entries(methods)) {
        expect(Array.isArray(op['x-required-scopes']), `${method} ${path} x-required-scopes`).toBe(true);
        expect(op.description, `${method} ${path} description`).toMatch(/Access: /);
      }
    }
    expect(operationOf('get', '/api/admin/partners')['x-required-scopes']).toEqual(['partners:read']);
    expect(operationOf('get', '/api/admin/partners').security).toEqual([
      { sessionToken: [] },
      { apiKey: ['partners:read'] },
    ]);
    expect(operationOf('post', '/api/admin/partners/{id}/approve')['x-required-scopes']).toEqual(['partners:write']);
    expect(operationOf('post', '/api/admin/webhooks')['x-required-scopes']).toEqual(['webhooks:manage']);
    // No scope grants these: a key is refused, and the document says so.
    for (const [method, path] of [
      ['get', '/api/admin/activity'],
      ['get', '/api/admin/activity.csv'],
      ['get', '/api/admin/payouts/{id}/wire-instructions.csv'],
      ['get', '/api/admin/exports/1099-nec/{year}.csv'],
      ['get', '/api/admin/api-keys'],
      ['get', '/api/admin/emails/{id}'],
      ['get', '/api/auth/me'],
    ] as const) {
      expect(operationOf(method, path)['x-required-scopes'], `${method} ${path}`).toEqual([]);
      expect(operationOf(method, path).security, `${method} ${path}`).toEqual([{ sessionToken: [] }]);
    }
    for (const path of ['/api/auth/accept-invitation', '/api/auth/mfa/verify', '/api/auth/login']) {
      expect(operationOf('post', path).security, path).toEqual([]);
    }
  });

  it('lets an API key with webhooks:manage alone manage webhooks, and nothing else', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const key = await t.createApiKey(admin, ['webhooks:manage'], 'Webhook tool');
    const headers = { authorization: `Bearer ${key}` };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/webhooks',
      headers,
      payload: { url: 'http://127.0.0.1:9/portal', events: ['partner.approved'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: string }>().id;
    const listed = await t.app.inject({ method: 'GET', url: '/api/admin/webhooks', headers });
    expect(listed.json<{ id: string }[]>().map((w) => w.id)).toContain(id);
    const deliveries = await t.app.inject({ method: 'GET', url: `/api/admin/webhooks/${id}/deliveries`, headers });
    expect(deliveries.statusCode).toBe(200);
    const updated = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/webhooks/${id}`,
      headers,
      payload: { enabled: false },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/webhooks/${id}`, headers })).statusCode).toBe(200);
    for (const url of ['/api/admin/api-keys', '/api/admin/partners']) {
      expect((await t.app.inject({ method: 'GET', url, headers })).statusCode, url).toBe(403);
    }
  });
});

describe('the OpenAPI document for tools', () => {
  it('names the server, both security schemes and the tags of every operation', () => {
    expect(document.servers).toEqual([expect.objectContaining({ url: 'https://portal.example.org' })]);
    const components = document.components as { securitySchemes: Record<string, unknown> };
    expect(Object.keys(components.securitySchemes).sort()).toEqual(['apiKey', 'sessionToken']);
    const tags = new Set((document.tags as { name: string }[]).map((tag) => tag.name));
    for (const [path, methods] of Object.entries(
      document.paths as Record<string, Record<string, { tags?: string[]; responses: Record<string, unknown> }>>,
    )) {
      for (const [method, op] of Object.entries(methods)) {
        expect(
          op.tags?.every((tag) => tags.has(tag)),
          `${method} ${path} tags`,
        ).toBe(true);
        expect(
          Object.keys(op.responses).some((code) => code.startsWith('4')),
          `${method} ${path} documents a 4xx`,
        ).toBe(true);
      }
    }
  });

  it(
    'passes redocly lint with the repository redocly.yaml (the recommended rules), with no errors',
    { timeout: 120_000 },
    async () => {
      const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
      const result = await run(
        bin('redocly'),
        ['lint', join(dir, 'openapi.json'), '--config', join(apiDir, '..', '..', 'redocly.yaml'), '--format', 'json'],
        { env, maxBuffer: 32 * 1024 * 1024 },
      ).catch((error: { stdout?: string; stderr?: string }) => ({
        stdout: error.stdout ?? '',
        stderr: error.stderr ?? '',
      }));
      const report = JSON.parse(result.stdout) as {
        totals: { errors: number; warnings: number };
        problems: { ruleId: string; severity: string; message: string }[];
      };
      expect(
        report.problems.filter((p) => p.severity === 'error'),
        result.stderr,
      ).toEqual([]);
      expect(report.totals.errors).toBe(0);
    },
  );

  it(
    'generates types with openapi-typescript that a small openapi-fetch client compiles against',
    { timeout: 120_000 },
    async () => {
      writeFileSync(join(dir, 'api.d.ts'), astToString(await openapiTS(document as never)));
      writeFileSync(
        join(dir, 'client.ts'),
        `import createClient from 'openapi-fetch';
import type { paths } from './api';

const client = createClient<paths>({ baseUrl: 'https://portal.example.org', headers: { Authorization: 'Bearer ppk_example' } });

export async function pendingPartnerNames(): Promise<string[]> {
  const { data, error } = await client.GET('/api/admin/partners/pending');
  if (error) throw new Error(error.message);
  return data.map((partner) => partner.companyName);
}

export async function createKey() {
  const { data } = await client.POST('/api/admin/api-keys', { body: { name: 'Reporting', scopes: ['partners:read'] } });
  return data?.key;
}

export async function approve(id: string) {
  return client.POST('/api/admin/partners/{id}/approve', { params: { path: { id } } });
}

// @ts-expect-error a path the API does not have
export const missing = () => client.GET('/api/no-such-path');
// @ts-expect-error a scope the API does not know
export const wrongScope = () => client.POST('/api/admin/api-keys', { body: { name: 'x', scopes: ['keys:manage'] } });
`,
      );
      writeFileSync(
        join(dir, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            strict: true,
            noEmit: true,
            module: 'esnext',
            moduleResolution: 'bundler',
            target: 'es2022',
            skipLibCheck: true,
            types: [],
          },
          files: ['client.ts'],
        }),
      );
      const compiled = await run(bin('tsc'), ['-p', join(dir, 'tsconfig.json')]).catch(
        (error: { stdout?: string }) => ({ stdout: `FAILED\n${error.stdout ?? ''}` }),
      );
      expect(compiled.stdout).toBe('');
    },
  );
});
