// Every REST answer a test receives through the test app is checked against the served OpenAPI
// document: its status is one the operation documents (2xx and 4xx; `default` does not count), its
// media type is one documented for that status, and a JSON body matches the documented schema.
// An answer the document does not describe fails the test that received it, so the document cannot
// drift from the server. Set OPENAPI_VIOLATIONS_LOG to a file to append violations there instead.

import { appendFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

interface Operation {
  responses?: Record<string, Response | { $ref: string }>;
}
interface Response {
  content?: Record<string, { schema?: unknown }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { responses?: Record<string, Response> };
}

/** Paths the document does not describe on purpose: the tRPC endpoint of the web app and the document itself. */
const UNDOCUMENTED = [/^\/api\/trpc(\/|$)/, /^\/api\/openapi\.json$/, /^\/api\/docs$/];

const DOC_ID = 'https://portal.invalid/openapi.json';

/** Points the document's own `#/…` references at the document registered in ajv. */
function rebase(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(rebase);
  if (!schema || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' && value.startsWith('#/') ? `${DOC_ID}${value}` : rebase(value),
    ]),
  );
}

export class OpenApiValidator {
  private readonly ajv: Ajv2020;
  private readonly routes: { method: string; template: string; pattern: RegExp; operation: Operation }[];
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(private readonly document: Document) {
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats.default(this.ajv);
    this.ajv.addSchema({ $id: DOC_ID, components: rebase(document.components) });
    this.routes = Object.entries(document.paths).flatMap(([template, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase(),
        template,
        pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+')}$`),
        operation,
      })),
    );
  }

  /** What is wrong with one answer, or an empty list. */
  check(method: string, url: string, res: LightMyRequestResponse): string[] {
    const path = new URL(url, 'http://portal.invalid').pathname;
    if (!path.startsWith('/api/') || UNDOCUMENTED.some((p) => p.test(path))) return [];
    const status = res.statusCode;
    if (!((status >= 200 && status < 300) || (status >= 400 && status < 500))) return [];
    const candidates = this.routes.filter((r) => r.pattern.test(path));
    // A literal segment beats a parameter: /api/admin/payouts/preview before /api/admin/payouts/{id}.
    const route =
      candidates
        .filter((r) => r.method === method)
        .sort((a, b) => (a.template.match(/\{/g)?.length ?? 0) - (b.template.match(/\{/g)?.length ?? 0))[0] ??
      undefined;
    const where = `${method} ${path} → ${status}`;
    if (!route) {
      // A path the document lacks (a file name of an unknown format included), or a method it lacks
      // there, is refused in the one error body.
      if (status === 400 || status === 404 || status === 405)
        return this.checkBody(where, 'ErrorBody', { $ref: `#/components/schemas/Error` }, res);
      return [`${where}: no documented operation`];
    }
    const documented =
      route.operation.responses?.[String(status)] ?? route.operation.responses?.[`${String(status)[0]}XX`];
    if (!documented) return [`${where}: status not documented for ${route.method} ${route.template}`];
    const response = this.resolve(documented);
    const contentType =
      String(res.headers['content-type'] ?? '')
        .split(';')[0]
        ?.trim() ?? '';
    const hasBody = res.rawPayload.length > 0;
    if (!response.content) return hasBody ? [`${where}: a body, but the document declares none`] : [];
    if (!hasBody)
      return status === 204
        ? []
        : [`${where}: no body, but the document declares ${Object.keys(response.content).join(', ')}`];
    const media =
      response.content[contentType] ??
      Object.entries(response.content).find(
        ([type]) => type === '*/*' || (type.endsWith('/*') && contentType.startsWith(type.slice(0, -1))),
      )?.[1];
    if (!media)
      return [
        `${where}: media type ${contentType || '(none)'} not documented (${Object.keys(response.content).join(', ')})`,
      ];
    if (!contentType.includes('json') || !media.schema) return [];
    return this.checkBody(where, `${route.method} ${route.template} ${status} ${contentType}`, media.schema, res);
  }

  private resolve(response: Response | { $ref: string }): Response {
    if ('$ref' in response) {
      const name = response.$ref.replace('#/components/responses/', '');
      return this.document.components.responses?.[name] ?? {};
    }
    return response;
  }

  private checkBody(where: string, key: string, schema: unknown, res: LightMyRequestResponse): string[] {
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = this.ajv.compile(rebase(schema) as object);
      this.compiled.set(key, validate);
    }
    let body: unknown;
    try {
      body = res.json();
    } catch {
      return [`${where}: the body is not JSON`];
    }
    if (validate(body)) return [];
    return (validate.errors ?? [])
      .slice(0, 5)
      .map((e) => `${where}: body${e.instancePath} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
  }
}

let shared: { json: string; validator: OpenApiValidator } | undefined;

/**
 * Wraps `app.inject` so each answer it gives is checked against the app's own served document;
 * a violation fails the request's test (or, with OPENAPI_VIOLATIONS_LOG, is appended to that file).
 */
export async function validateResponses(app: FastifyInstance): Promise<void> {
  const served = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  if (served.statusCode !== 200) return;
  if (shared?.json !== served.body) shared = { json: served.body, validator: new OpenApiValidator(served.json()) };
  const validator = shared.validator;
  const original = app.inject.bind(app) as (opts: InjectOptions | string) => Promise<LightMyRequestResponse>;
  const wrapped = async (opts: InjectOptions | string): Promise<LightMyRequestResponse> => {
    const res = await original(opts);
    const method = typeof opts === 'string' ? 'GET' : (opts.method ?? 'GET').toUpperCase();
    const url = typeof opts === 'string' ? opts : String(opts.url ?? opts.path ?? '/');
    const violations = validator.check(method, url, res);
    if (violations.length > 0) {
      const log = process.env.OPENAPI_VIOLATIONS_LOG;
      if (log) appendFileSync(log, violations.map((v) => `${v}\n`).join(''));
      else throw new Error(`The answer differs from the OpenAPI document:\n${violations.join('\n')}`);
    }
    return res;
  };
  (app as unknown as { inject: unknown }).inject = (opts?: InjectOptions | string, callback?: unknown) =>
    opts === undefined || callback !== undefined
      ? (original as unknown as (...args: unknown[]) => unknown)(opts, callback)
      : wrapped(opts);
}
