// Fastify's own refusals (body parsing, size, content type) answer in the API's { message, code }
// body with the right 4xx status; no FST_ code reaches a client, on REST paths, raw routes and /trpc.
// A wrong method on a documented path is 405 with Allow, and an over-long request line 431, in that body too.

import { request } from 'node:http';
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
    name: 'a JSON body sent as text/plain',
    url: '/api/auth/login',
    headers: { 'content-type': 'text/plain' },
    payload: '{"email":"a@b.co","password":"whatever-1"}',
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'This content type is not accepted; send application/json',
  },
  {
    name: 'a JSON body sent as text/plain with a charset to an admin path',
    url: '/api/admin/api-keys',
    headers: { 'content-type': 'text/plain; charset=utf-8' },
    payload: '{"name":"tool","scopes":["partners:read"]}',
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
    name: 'a JSON body sent as text/plain to /trpc',
    url: '/trpc/auth.login',
    headers: { 'content-type': 'text/plain' },
    payload: '{"email":"a@b.co","password":"whatever-1"}',
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'This content type is not accepted; send application/json',
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

describe('text bodies', () => {
  it('reach a route that takes text: the one-click unsubscribe reads its text/plain form', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/mail/unsubscribe?token=not-a-token',
      headers: { 'content-type': 'text/plain' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).not.toBe(415);
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('refusals before a route runs', () => {
  it('answers a wrong method on a documented path with 405, the methods it takes in Allow, and the one error body', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/auth/login' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(res.json()).toEqual({
      message: 'PUT is not allowed on /api/auth/login; it takes POST',
      code: 'METHOD_NOT_SUPPORTED',
    });
    const withId = await t.app.inject({
      method: 'POST',
      url: '/api/admin/partners/0b6a3b0c-8c9e-4a53-9a43-1f5d2b7f0c11',
    });
    expect(withId.statusCode).toBe(405);
    expect(withId.headers.allow).toBe('GET, HEAD');
  });

  it('answers a path nobody serves with 404 in the one error body', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No such path: GET /api/no-such-thing', code: 'NOT_FOUND' });
  });

  it('answers an over-long request line with 431 in the one error body', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: `/api/auth/me?pad=${'x'.repeat(20_000)}` }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toEqual({
      message: 'The request line or headers are too long',
      code: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
    });
  });
});
