// The OpenAPI document GET /api/openapi.json serves: the REST adapter's routes, the raw routes and the
// probes. Built without an app or a database, so the typed client (packages/client) generates its types
// from exactly what the server serves.

import { buildOpenApiDocument, type ExtraOperation, type OpenApiOptions } from './openapi';
import { rawRoutes, restRoutes } from './routes';

/** The operations of the platform's probes, for the OpenAPI document. */
export const PROBE_OPERATIONS: ExtraOperation[] = [
  {
    method: 'GET',
    path: '/api/health',
    access: 'public',
    operation: {
      operationId: 'platform.health',
      summary: 'Liveness: 200 while the process and its database answer',
      tags: ['Platform'],
      security: [],
      responses: {
        200: {
          description: 'The database answers',
          content: {
            'application/json': {
              schema: { type: 'object', required: ['status'], properties: { status: { const: 'ok' } } },
            },
          },
        },
        400: { $ref: '#/components/responses/BadRequest' },
        503: {
          description: 'The database does not answer',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['status', 'message'],
                properties: { status: { const: 'unavailable' }, message: { type: 'string' } },
              },
            },
          },
        },
      },
    },
  },
  {
    method: 'GET',
    path: '/api/ready',
    access: 'public',
    operation: {
      operationId: 'platform.ready',
      summary: 'Readiness: 200 only when the database, Redis (when configured) and storage answer',
      tags: ['Platform'],
      security: [],
      responses: Object.fromEntries(
        [
          [200, 'Ready'],
          [503, 'Not ready: the failing check says why'],
        ].map(([status, description]) => [
          status,
          {
            description,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['status', 'checks'],
                  properties: {
                    status: { enum: ['ready', 'unavailable'] },
                    checks: {
                      type: 'object',
                      description: "Each check's result: 'ok', 'not configured', 'degraded: …' or 'failed: …'",
                      additionalProperties: { type: 'string' },
                    },
                  },
                },
              },
            },
          },
        ]),
      ),
    },
  },
];

/** The document the server serves at /api/openapi.json (its server is `publicUrl`, else "/"). */
export function servedOpenApiDocument(options: OpenApiOptions = {}) {
  return buildOpenApiDocument(restRoutes, [...rawRoutes.flatMap((r) => r.openapi), ...PROBE_OPERATIONS], options);
}
