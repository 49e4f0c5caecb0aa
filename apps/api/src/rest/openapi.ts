// The OpenAPI 3.1 document of the REST adapter, derived from the procedures' Zod schemas.

import { z } from 'zod';
import { descriptionOf, responseHeadersOf, type RestRoute } from './adapter';
import { appRouter } from '../trpc/router';

export interface ExtraOperation {
  method: string;
  path: string;
  operation: Record<string, unknown>;
}

const errorSchema = {
  type: 'object',
  required: ['message', 'code'],
  properties: {
    message: { type: 'string', description: 'What a person should read' },
    code: { type: 'string' },
    issues: { type: 'array', items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } } } },
  },
};

function toJsonSchema(schema: unknown, io: 'input' | 'output'): Record<string, unknown> | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  try {
    const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
    delete json.$schema;
    return json;
  } catch {
    return undefined;
  }
}

export function buildOpenApiDocument(routes: readonly RestRoute[], extra: readonly ExtraOperation[] = []) {
  const paths: Record<string, Record<string, unknown>> = {};
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { inputs?: unknown[]; output?: unknown; type?: string } }>;
  for (const route of routes) {
    const def = procedures[route.procedure]?._def;
    const input = toJsonSchema(def?.inputs?.[0], 'input');
    const pageSchema = toJsonSchema(def?.output, 'output');
    const output = route.paged ? ((pageSchema?.properties as Record<string, Record<string, unknown>> | undefined)?.items ?? pageSchema) : pageSchema;
    const pathParams = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
    // Input fields filled from the path or from headers are not part of the body.
    const notInBody = new Set([...pathParams, ...(route.requestHeaders ?? []).flatMap((h) => (h.field ? [h.field] : []))]);
    const properties = (input?.properties ?? {}) as Record<string, unknown>;
    const required = new Set((input?.required ?? []) as string[]);
    const parameters: unknown[] = pathParams.map((name) => ({ name, in: 'path', required: true, schema: properties[name] ?? { type: 'string' } }));
    if (route.method === 'GET' || route.method === 'DELETE') {
      for (const [name, schema] of Object.entries(properties)) {
        if (!pathParams.includes(name)) parameters.push({ name, in: 'query', required: required.has(name), schema });
      }
    }
    for (const header of route.requestHeaders ?? []) {
      parameters.push({ name: header.name, in: 'header', required: header.required, description: header.description, schema: { type: 'string' } });
    }
    const description = descriptionOf(route);
    const responseHeaders = responseHeadersOf(route);
    const operation: Record<string, unknown> = {
      operationId: route.procedure,
      summary: route.summary,
      ...(description ? { description } : {}),
      tags: [route.tag],
      parameters,
      responses: {
        [String(route.status ?? 200)]: {
          description: 'Success',
          ...(responseHeaders ? { headers: Object.fromEntries(responseHeaders.map((h) => [h.name, { description: h.description, schema: { type: 'string' } }])) } : {}),
          ...(output ? { content: { 'application/json': { schema: output } } } : {}),
        },
        default: { description: 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
      },
    };
    if (route.method !== 'GET' && route.method !== 'DELETE' && input) {
      const bodyProps = Object.fromEntries(Object.entries(properties).filter(([name]) => !notInBody.has(name)));
      if (Object.keys(bodyProps).length > 0) {
        operation.requestBody = {
          required: true,
          content: { 'application/json': { schema: { ...input, properties: bodyProps, required: [...required].filter((n) => !notInBody.has(n)) } } },
        };
      }
    }
    const byMethod = (paths[route.path] ??= {});
    byMethod[route.method.toLowerCase()] = operation;
  }
  for (const op of extra) (paths[op.path] ??= {})[op.method.toLowerCase()] = op.operation;
  return {
    openapi: '3.1.0',
    info: { title: 'Partner Portal API', version: '1.0.0', description: 'REST paths of the partner portal. Every path calls the same procedure as the web app.' },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { Error: errorSchema },
    },
    security: [{ bearer: [] }],
    paths,
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A readable page listing every operation; no scripts, so it works under the strict CSP. */
export function renderDocsPage(document: ReturnType<typeof buildOpenApiDocument>): string {
  const rows = Object.entries(document.paths)
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => {
        const o = op as { summary?: string; description?: string; tags?: string[] };
        return `<tr><td><code>${method.toUpperCase()}</code></td><td><code>${escapeHtml(path)}</code></td><td>${escapeHtml(o.tags?.[0] ?? '')}</td><td>${escapeHtml(o.summary ?? '')}${o.description ? `<br><small>${escapeHtml(o.description)}</small>` : ''}</td></tr>`;
      }),
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Partner Portal API</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#1a1b1e}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.5rem;text-align:left;vertical-align:top}code{font-size:.9em}</style></head>
<body><h1>Partner Portal API</h1><p>Machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1). Authenticate with <code>Authorization: Bearer &lt;token&gt;</code> from <code>POST /api/auth/login</code>. Errors are JSON <code>{ message, code, issues? }</code>.</p>
<table><thead><tr><th>Method</th><th>Path</th><th>Area</th><th>What it does</th></tr></thead><tbody>${rows}</tbody></table></body></html>`;
}
