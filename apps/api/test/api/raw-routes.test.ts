// What every raw route shares (rest/raw/raw-routes.ts): a thrown error answers in the API's
// { message, code } body with its status, and a raw-body scope reads its content types as they came
// while the routes outside it still read JSON. No database: a bare Fastify instance.

import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { AppDeps } from '../../src/deps';
import { answeringErrors, withRawBodies } from '../../src/rest/raw/raw-routes';
import { DomainError } from '../../src/services/platform';

function appWithRawScope() {
  const deps = { logger: { error: vi.fn() } } as unknown as AppDeps;
  const app = Fastify();
  app.post('/json', async (req) => ({ body: req.body }));
  void withRawBodies(app, ['text/csv'], { parseAs: 'string', bodyLimit: 64 }, (scope) => {
    scope.post(
      '/raw',
      answeringErrors(deps, async (req, reply) => {
        if (req.body === 'refuse') throw DomainError.notFound('No such file');
        if (req.body === 'crash') throw new Error('disk on fire');
        return reply.send({ body: req.body });
      }),
    );
  });
  /** Posts `payload` as a CSV body to `url`. */
  const postCsv = (url: string, payload: string) =>
    app.inject({ method: 'POST', url, headers: { 'content-type': 'text/csv' }, payload });
  return { app, deps, postCsv };
}

describe('raw routes', () => {
  it('hand their scope the body of a raw content type as it came', async () => {
    const { postCsv } = appWithRawScope();
    const res = await postCsv('/raw', 'a,b');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ body: 'a,b' });
  });

  it('leave the routes outside the scope reading JSON only', async () => {
    const { app, postCsv } = appWithRawScope();
    const json = await app.inject({ method: 'POST', url: '/json', payload: { a: 1 } });
    expect(json.json()).toEqual({ body: { a: 1 } });
    const csv = await postCsv('/json', 'a,b');
    expect(csv.statusCode).toBe(415);
  });

  it('answer a DomainError with its status and words', async () => {
    const { postCsv } = appWithRawScope();
    const res = await postCsv('/raw', 'refuse');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'No such file', code: 'NOT_FOUND' });
  });

  it('answer any other error with a logged 500 that tells nothing of its cause', async () => {
    const { deps, postCsv } = appWithRawScope();
    const res = await postCsv('/raw', 'crash');
    expect(res.statusCode).toBe(500);
    expect(res.json().code).toBe('INTERNAL_SERVER_ERROR');
    expect(res.body).not.toContain('disk on fire');
    expect(deps.logger.error).toHaveBeenCalled();
  });
});
