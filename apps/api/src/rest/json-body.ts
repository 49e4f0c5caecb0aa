// The JSON body of a request. Fastify's own parser reads it (prototype poisoning refused, its error codes);
// a number written in exponent form ("amount": 1e3) then reaches the schemas as its text, so a money field
// refuses it with the format it expects (two decimals at most) instead of reading 1000.00.

import type { FastifyInstance, FastifyRequest } from 'fastify';

/** A digit, an exponent mark and a digit: the cheap test that a body may hold a number in exponent form. */
const MAYBE_EXPONENT = /\d[eE][+-]?\d/;

/** JSON.parse's reviver with the source text of each primitive (ES2026 JSON.parse source text access). */
type SourceReviver = (this: unknown, key: string, value: unknown, context: { source?: string }) => unknown;

const exponentAsText: SourceReviver = (_key, value, context) =>
  typeof value === 'number' && context.source !== undefined && /[eE]/.test(context.source) ? context.source : value;

/** Replaces the app's JSON parser by Fastify's default one followed by the exponent rule above. */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const standard = app.getDefaultJsonParser('error', 'error') as (
    req: FastifyRequest,
    body: string,
    done: (error: Error | null, value?: unknown) => void,
  ) => void;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser<string>('application/json', { parseAs: 'string' }, (req, body, done) => {
    standard(req, body, (error, value) => {
      if (error || !MAYBE_EXPONENT.test(body)) {
        done(error, value);
        return;
      }
      done(null, JSON.parse(body, exponentAsText as Parameters<typeof JSON.parse>[1]));
    });
  });
}
