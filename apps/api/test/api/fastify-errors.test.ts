// Fastify's own refusals (body parsing, size, content type) answer in the API's { message, code }
// body with the right 4xx status; no FST_ code reaches a client, on REST paths, raw routes and /trpc.

import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support';

const t = useTestApp();

const json = { 'content-type': 'application/json' };
const oversize = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) });

const CASES = [
  {
    name: 'malformed JSON',
    url: '/api/auth/login',
    headers: json,
    payload: '{"email":',
    status: 400,
    code: 'BAD_REQUEST',
    message: 'The request body is not valid JSON',
  },
  {
    name: 'an empty JSON body',
    url: '/api/auth/login',
    headers: json,
    payload: '',
    status: 400,
    code: 'BAD_REQUEST',
    message: 'The request body is empty; send a JSON object',
  },
  {
    name: 'an oversize body',
    url: '/api/auth/login',
    headers: json,
    payload: oversize,
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: 'The request body is larger than 1 MB',
  },
  {
    name: 'a wrong content type',
    url: '/api/auth/login',
    headers: { 'content-type': 'text/xml' },
    payload: '<login/>',
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'This content type is not accepted; send application/json',
  },
  {
    name: 'malformed JSON on a raw route',
    url: '/api/admin/marketing-materials',
    headers: json,
    payload: '{"title":',
    status: 400,
    code: 'BAD_REQUEST',
    message: 'The request body is not valid JSON',
  },
  {
    name: 'an oversize body to /trpc',
    url: '/trpc/auth.login',
    headers: json,
    payload: oversize,
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: 'The request body is larger than 1 MB',
  },
  {
    name: 'a wrong content type to /trpc',
    url: '/trpc/auth.login',
    headers: { 'content-type': 'text/xml' },
    payload: '<login/>',
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'This content type is not accepted; send application/json',
  },
];

describe("Fastify's own errors", () => {
  it.each(CASES)(
    'answers $name with $status and a clear message',
    async ({ url, headers, payload, status, code, message }) => {
      const res = await t.app.inject({ method: 'POST', url, headers, payload });
      expect(res.statusCode).toBe(status);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.body).not.toContain('FST_');
      expect(res.json()).toEqual({ message, code });
    },
  );
});
