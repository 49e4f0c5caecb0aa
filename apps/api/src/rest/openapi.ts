// The OpenAPI 3.1 document of the REST adapter, derived from the procedures' Zod schemas.

import { z } from 'zod';
import { descriptionOf, responseHeadersOf, type RestRoute } from './adapter';
import { keyScopeOf, type Permission } from '../services/platform';
import type { ProcedureMeta } from '../trpc/init';
import { appRouter } from '../trpc/router';
import { WEBHOOK_EVENT_PAYLOADS, WEBHOOK_EVENT_SUMMARIES } from '@portal/contracts';
import { MONEY_INPUT_SCHEMA, moneyInputOverride } from './components';

export interface ExtraOperation {
  method: string;
  path: string;
  operation: Record<string, unknown>;
  /** What the route requires: a permission (its API-key scope, if any, is derived), or 'public'. */
  access?: Permission | 'public';
}

/**
 * Who may call an operation, as the document states it: the security requirements (an API key only
 * where a scope grants the permission, the scope named in the requirement), `x-required-scopes` and a
 * sentence for the description.
 */
export function accessOf(access: Permission | 'public' | undefined): {
  security?: Record<string, string[]>[];
  scopes: string[];
  text: string;
} {
  if (access === 'public') return { security: [], scopes: [], text: 'Access: anyone; no token.' };
  const scope = keyScopeOf(access);
  if (scope)
    return {
      security: [{ sessionToken: [] }, { apiKey: [scope] }],
      scopes: [scope],
      text: `Access: a team member whose role holds ${access}, or an API key with the \`${scope}\` scope.`,
    };
  if (access === 'partner:self')
    return {
      security: [{ sessionToken: [] }],
      scopes: [],
      text: 'Access: a signed-in partner, on their own records; API keys are refused (403).',
    };
  if (access)
    return {
      security: [{ sessionToken: [] }],
      scopes: [],
      text: `Access: a team member whose role holds ${access}; no API key scope grants it (403 for keys).`,
    };
  return {
    security: [{ sessionToken: [] }],
    scopes: [],
    text: 'Access: a signed-in person, on their own account; API keys are refused (403).',
  };
}

const errorSchema = {
  type: 'object',
  required: ['message', 'code'],
  properties: {
    message: { type: 'string', description: 'What a person should read' },
    code: { type: 'string' },
    issues: {
      type: 'array',
      items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } } },
    },
  },
};

/**
 * The document's named schemas: each Zod schema registered with an `id` in Zod's global registry
 * (packages/contracts/src/schema-names.ts, `Money`, the webhook events) is emitted once under
 * `#/components/schemas/<id>` and referenced from every operation that uses it.
 */
type Defs = Record<string, unknown>;

/** Points `#/$defs/<id>` references at `#/components/schemas/<name>`. */
function relink(schema: unknown, names: Record<string, string>): unknown {
  if (Array.isArray(schema)) return schema.map((item) => relink(item, names));
  if (!schema || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => {
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#/$defs/')) {
        const id = value.slice('#/$defs/'.length);
        return [key, `#/components/schemas/${names[id] ?? id}`];
      }
      return [key, relink(value, names)];
    }),
  );
}

/** Moves the `$defs` of a schema converted elsewhere (a raw route's) into the named schemas. */
function hoistDefs(node: unknown, defs: Defs): unknown {
  if (Array.isArray(node)) return node.map((item) => hoistDefs(item, defs));
  if (!node || typeof node !== 'object') return node;
  const { $defs, ...rest } = node as Record<string, unknown>;
  for (const [id, def] of Object.entries(($defs ?? {}) as Record<string, unknown>)) defs[id] ??= relink(def, {});
  return relink(Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, hoistDefs(value, defs)])), {});
}

function toJsonSchema(schema: unknown, io: 'input' | 'output', defs: Defs): Record<string, unknown> | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  try {
    const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', override: moneyInputOverride }) as Record<
      string,
      unknown
    >;
    delete json.$schema;
    const found = (json.$defs ?? {}) as Record<string, unknown>;
    delete json.$defs;
    // An input's shape of a named schema differs from its answer's (defaults, transforms): `<id>Input`.
    const names = Object.fromEntries(
      Object.keys(found).map((id) => {
        const same = JSON.stringify(defs[id]) === JSON.stringify(relink(found[id], {}));
        return [id, io === 'input' && !same ? `${id}Input` : id];
      }),
    );
    for (const [id, def] of Object.entries(found)) defs[names[id] as string] ??= relink(def, names);
    return relink(json, names) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** Procedures anyone may call (no token): their operations carry no security requirement and no 401/403. */
const PUBLIC_PROCEDURES = new Set([
  'auth.register',
  'auth.login',
  'auth.forgotPassword',
  'auth.resetPassword',
  'auth.mfaVerify',
  'auth.acceptInvitation',
]);
/** Public procedures that still answer 401 and 403 (a wrong password or code, a deactivated account). */
const PUBLIC_WITH_401 = new Set(['auth.login', 'auth.mfaVerify']);
const isPublic = (procedure: string) => PUBLIC_PROCEDURES.has(procedure) || procedure.startsWith('public.');

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** The 4xx answers every operation may give, named once and referred to by each operation. */
const ERROR_RESPONSES = {
  BadRequest: errorResponse(
    "The input is not valid: `message` says why (the spec's validation messages), `issues` names each field",
  ),
  Unauthorized: errorResponse('No token, or the token is not valid (expired session, revoked or expired API key)'),
  Forbidden: errorResponse('The principal lacks the permission (a role without it, or an API key without the scope)'),
  NotFound: errorResponse("No such object (an id of the path or body, or the caller's own partner record)"),
  Conflict: errorResponse('The object is not in a state that allows the change'),
  PayloadTooLarge: errorResponse('The request body is larger than the limit of the path'),
  UnsupportedMediaType: errorResponse('The request body is not of an accepted content type (application/json)'),
  Unprocessable: errorResponse(
    'The request is well-formed but a rule of the program refuses it (`message` says which), or its Idempotency-Key was used before with another body',
  ),
  MethodNotAllowed: {
    ...errorResponse('The path exists, but not with this method'),
    headers: { Allow: { description: 'The methods the path takes', schema: { type: 'string' } } },
  },
  HeadersTooLarge: errorResponse('The request line or headers are too long (431)'),
  TooManyRequests: {
    ...errorResponse(
      'Too many requests: wait Retry-After seconds (API keys: the per-key budget, see the RateLimit-* headers)',
    ),
    headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } },
  },
};
const ref = (name: keyof typeof ERROR_RESPONSES) => ({ $ref: `#/components/responses/${name}` });

/** The 4xx answers of one operation, from what it takes, who may call it and the route's own `errors`. */
function errorResponsesOf(route: RestRoute, hasPathParams: boolean): Record<string, unknown> {
  const publicOp = isPublic(route.procedure);
  const change = route.method !== 'GET';
  const takesBody = change && route.method !== 'DELETE';
  // A partner's own paths need the caller's partner record (404 without one).
  const ownPartnerPath = route.path.startsWith('/api/partners/');
  return {
    // Every request may be malformed (bad JSON, unknown or invalid parameters).
    400: ref('BadRequest'),
    ...(!publicOp || PUBLIC_WITH_401.has(route.procedure) ? { 401: ref('Unauthorized') } : {}),
    ...(!publicOp || PUBLIC_WITH_401.has(route.procedure) ? { 403: ref('Forbidden') } : {}),
    ...(hasPathParams || change || ownPartnerPath ? { 404: ref('NotFound') } : {}),
    ...(change ? { 409: ref('Conflict') } : {}),
    ...(takesBody ? { 413: ref('PayloadTooLarge'), 415: ref('UnsupportedMediaType') } : {}),
    ...(change ? { 422: ref('Unprocessable') } : {}),
    ...Object.fromEntries(Object.entries(route.errors ?? {}).map(([code, text]) => [code, errorResponse(text)])),
    429: ref('TooManyRequests'),
  };
}

/** A route taking an Idempotency-Key: a retry answers 200 with the stored body. */
const isReplayable = (route: RestRoute) => (route.requestHeaders ?? []).some((h) => h.name === 'Idempotency-Key');

const TAG_DESCRIPTIONS: Record<string, string> = {
  Auth: 'Sign-up, sign-in, the session and passwords',
  Partner: "A partner's own profile, referrals, commissions and mail preferences",
  'Partner: charts': "Series of a partner's dashboard",
  'Marketing materials': 'The library partners share',
  Public: 'Referral links and visits, and the site configuration; no sign-in',
  Mail: 'One-click unsubscribe from the links in mail',
  Admin: "The admin dashboard's metrics, referrals, commissions and payouts",
  'Admin: partners': 'Applications, decisions and partner records',
  'Admin: charts': "Series of the admin's dashboard",
  'Admin: marketing materials': 'Uploading and editing the library',
  'Admin: email': 'The Email log and resends',
  'Admin: exports': 'CSV downloads',
  'Admin: API keys': 'Keys of internal tools: scoped, shown once, revocable',
  'Admin: webhooks': 'Signed event deliveries to internal tools (Standard Webhooks)',
  Platform: 'Liveness and readiness probes',
  Webhooks: "Events the portal sends to a tool's webhook endpoint (Standard Webhooks: signed, retried, at least once)",
};

/** The headers of every webhook delivery (Standard Webhooks). */
const WEBHOOK_HEADERS = [
  ['webhook-id', 'msg_<event id>: the same on every retry and resend of the event, for deduplication'],
  ['webhook-timestamp', 'Unix seconds of the attempt; refuse one far from your clock'],
  [
    'webhook-signature',
    'v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>"> with the endpoint\'s secret',
  ],
].map(([name, description]) => ({ name, in: 'header', required: true, description, schema: { type: 'string' } }));

/** The document's `webhooks`: one operation per event the portal sends, its payload a named schema. */
function webhooksOf(defs: Defs): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(WEBHOOK_EVENT_PAYLOADS).map(([type, schema]) => [
      type,
      {
        post: {
          operationId: `webhook.${type}`,
          summary: WEBHOOK_EVENT_SUMMARIES[type as keyof typeof WEBHOOK_EVENT_SUMMARIES],
          description:
            `Sent as POST to every enabled endpoint subscribed to \`${type}\`` +
            (type === 'webhook.test' ? ' (only by "Send test event", whatever it subscribed to)' : '') +
            '. Verify the signature over the raw body before trusting it; the same webhook-id may arrive more than once.',
          tags: ['Webhooks'],
          security: [],
          parameters: WEBHOOK_HEADERS,
          requestBody: {
            required: true,
            content: { 'application/json': { schema: toJsonSchema(schema, 'output', defs) } },
          },
          responses: {
            '2XX': { description: 'Received: the delivery is done' },
            '4XX': { description: 'Refused: the delivery is retried (10 s, 5 min, 30 min, …, for about a day)' },
            '5XX': { description: 'Failed: the delivery is retried like a 4xx' },
          },
        },
      },
    ]),
  );
}

const sortedByName = (defs: Defs) => Object.fromEntries(Object.entries(defs).sort(([a], [b]) => a.localeCompare(b)));

export interface OpenApiOptions {
  /** PUBLIC_URL: the server of the document (else "/", the origin serving it). */
  publicUrl?: string;
}

export function buildOpenApiDocument(
  routes: readonly RestRoute[],
  extra: readonly ExtraOperation[] = [],
  options: OpenApiOptions = {},
) {
  const paths: Record<string, Record<string, unknown>> = {};
  const defs: Defs = {};
  const procedures = appRouter._def.procedures as unknown as Record<
    string,
    { _def: { inputs?: unknown[]; output?: unknown; meta?: ProcedureMeta; type?: string } }
  >;
  for (const route of routes) {
    const def = procedures[route.procedure]?._def;
    const input = toJsonSchema(def?.inputs?.[0], 'input', defs);
    const pageSchema = toJsonSchema(def?.meta?.outputSchema ?? def?.output, 'output', defs);
    const output =
      route.paged || route.cursorPaged
        ? ((pageSchema?.properties as Record<string, Record<string, unknown>> | undefined)?.items ?? pageSchema)
        : pageSchema;
    const pathParams = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
    // Input fields filled from the path or from headers are not part of the body.
    const notInBody = new Set([
      ...pathParams,
      ...(route.requestHeaders ?? []).flatMap((h) => (h.field ? [h.field] : [])),
    ]);
    const properties = (input?.properties ?? {}) as Record<string, unknown>;
    const required = new Set((input?.required ?? []) as string[]);
    const parameters: unknown[] = pathParams.map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: properties[name] ?? { type: 'string' },
    }));
    if (route.method === 'GET' || route.method === 'DELETE') {
      for (const [name, schema] of Object.entries(properties)) {
        if (!pathParams.includes(name)) parameters.push({ name, in: 'query', required: required.has(name), schema });
      }
    }
    for (const header of route.requestHeaders ?? []) {
      parameters.push({
        name: header.name,
        in: 'header',
        required: header.required,
        description: header.description,
        schema: { type: 'string' },
      });
    }
    const access = accessOf(isPublic(route.procedure) ? 'public' : def?.meta?.permission);
    const description = [descriptionOf(route), access.text].filter(Boolean).join(' ');
    const responseHeaders = responseHeadersOf(route);
    const success = {
      description: 'Success',
      ...(responseHeaders
        ? {
            headers: Object.fromEntries(
              responseHeaders.map((h) => [h.name, { description: h.description, schema: { type: 'string' } }]),
            ),
          }
        : {}),
      ...(output ? { content: { 'application/json': { schema: output } } } : {}),
    };
    const status = route.status ?? 200;
    const operation: Record<string, unknown> = {
      operationId: route.procedure,
      summary: route.summary,
      description,
      'x-required-scopes': access.scopes,
      tags: [route.tag],
      parameters,
      responses: {
        [String(status)]: success,
        ...(isReplayable(route) && status !== 200
          ? { 200: { ...success, description: 'A replay: the stored answer of the first request with this key' } }
          : {}),
        ...errorResponsesOf(route, pathParams.length > 0),
        default: {
          description: 'Error',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
      security: access.security,
    };
    if (route.method !== 'GET' && route.method !== 'DELETE' && input) {
      const bodyProps = Object.fromEntries(Object.entries(properties).filter(([name]) => !notInBody.has(name)));
      if (Object.keys(bodyProps).length > 0) {
        operation.requestBody = {
          required: true,
          content: {
            'application/json': {
              schema: { ...input, properties: bodyProps, required: [...required].filter((n) => !notInBody.has(n)) },
            },
          },
        };
      }
    }
    const byMethod = (paths[route.path] ??= {});
    byMethod[route.method.toLowerCase()] = operation;
  }
  for (const raw of extra) {
    const op = { ...raw, operation: hoistDefs(raw.operation, defs) as Record<string, unknown> };
    const responses = (op.operation.responses ?? {}) as Record<string, unknown>;
    const withErrors = Object.keys(responses).some((code) => code.startsWith('4'))
      ? op.operation
      : { ...op.operation, responses: { ...responses, 400: ref('BadRequest') } };
    const access = op.access ? accessOf(op.access) : undefined;
    const operation = access
      ? {
          ...withErrors,
          description: [withErrors.description, access.text].filter(Boolean).join(' '),
          'x-required-scopes': access.scopes,
          security: access.security,
        }
      : withErrors;
    (paths[op.path] ??= {})[op.method.toLowerCase()] = operation;
  }
  const webhooks = webhooksOf(defs);
  const usedTags = [
    ...new Set(
      [...Object.values(paths), ...(Object.values(webhooks) as Record<string, unknown>[])].flatMap((methods) =>
        Object.values(methods).flatMap((op) => (op as { tags?: string[] }).tags ?? []),
      ),
    ),
  ].sort();
  return {
    openapi: '3.1.0',
    info: {
      title: 'Partner Portal API',
      version: '1.0.0',
      description:
        'REST paths of the partner portal. Every path calls the same procedure as the web app. Authenticate with `Authorization: Bearer <token>`: ' +
        'a session token from POST /api/auth/login, or an API key (`ppk_…`) created by an admin, which acts within its scopes only: each operation names the scope it needs in `x-required-scopes` (empty: no key may call it) and in its description. ' +
        'Every error answers `{ message, code, issues? }`. A wrong method on a path is 405 with `Allow`; a too-long request line or headers 431. ' +
        'Paged lists answer an array of the page\'s rows with the count in `X-Total-Count` and the next page\'s absolute address in `Link` (rel="next").',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [
      {
        url: options.publicUrl ?? '/',
        description: options.publicUrl ? 'This portal' : 'The origin serving this document',
      },
    ],
    tags: usedTags.map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name })),
    components: {
      securitySchemes: {
        sessionToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'Session token from POST /api/auth/login (7 days)',
        },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'ppk_…',
          description:
            'API key of an internal tool: acts within its scopes; per-key rate limit with RateLimit-* headers',
        },
      },
      schemas: { Error: errorSchema, MoneyInput: MONEY_INPUT_SCHEMA, ...sortedByName(defs) },
      responses: ERROR_RESPONSES,
    },
    security: [{ sessionToken: [] }, { apiKey: [] }],
    paths,
    webhooks,
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A readable page listing every operation; no scripts, so it works under the strict CSP. */
export function renderDocsPage(document: ReturnType<typeof buildOpenApiDocument>): string {
  const rows = Object.entries(document.paths)
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => {
        const o = op as { summary?: string; description?: string; tags?: string[]; 'x-required-scopes'?: string[] };
        const scopes = (o['x-required-scopes'] ?? []).map((s) => `<code>${escapeHtml(s)}</code>`).join(' ') || '—';
        return `<tr><td><code>${method.toUpperCase()}</code></td><td><code>${escapeHtml(path)}</code></td><td>${escapeHtml(o.tags?.[0] ?? '')}</td><td>${scopes}</td><td>${escapeHtml(o.summary ?? '')}${o.description ? `<br><small>${escapeHtml(o.description)}</small>` : ''}</td></tr>`;
      }),
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Partner Portal API</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#1a1b1e}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.5rem;text-align:left;vertical-align:top}code{font-size:.9em}</style></head>
<body><h1>Partner Portal API</h1><p>Machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1). Authenticate with <code>Authorization: Bearer &lt;token&gt;</code>: a session token from <code>POST /api/auth/login</code>, or an API key (<code>ppk_…</code>) acting within its scopes (the scope column; — means no key may call it). Errors are JSON <code>{ message, code, issues? }</code>.</p>
<table><thead><tr><th>Method</th><th>Path</th><th>Area</th><th>API key scope</th><th>What it does</th></tr></thead><tbody>${rows}</tbody></table></body></html>`;
}
