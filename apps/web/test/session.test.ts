// Only a 401 signs the visitor out: a stored token survives an outage (503) when the session starts,
// and a REST download answering 401 ends the session while a 503 only reports the server's message.

import { AUTH_TOKEN_KEY } from '@portal/contracts/plain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../src/lib/query-client';
import { downloadFile, RestError } from '../src/lib/rest';
import { SessionStore } from '../src/lib/session';
import { ProcedureError, serveTrpc } from './trpc-server';

const admin = { id: '1', email: 'admin@example.com', role: 'admin' as const };

beforeEach(() => localStorage.setItem(AUTH_TOKEN_KEY, 'stored-token'));
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

/** A session started from the stored token while the server refuses it with `error`. */
function startRefused(error: ProcedureError) {
  serveTrpc({
    'auth.me': () => {
      throw error;
    },
  });
  return new SessionStore().whenSettled();
}

describe("a partner user's profile", () => {
  const partnerUser = { id: '2', email: 'pat@example.com', role: 'partner' as const };

  it('is no partner record and no error while the user has not applied (partner.me answers null)', async () => {
    serveTrpc({ 'auth.me': () => partnerUser, 'partner.me': () => null });
    const state = await new SessionStore().whenSettled();
    expect(state).toMatchObject({ user: partnerUser, partner: null, partnerError: null, partnerLoading: false });
  });

  it('is an error when partner.me fails', async () => {
    serveTrpc({
      'auth.me': () => partnerUser,
      'partner.me': () => new ProcedureError(503, 'SERVICE_UNAVAILABLE', 'The database is unavailable.'),
    });
    const state = await new SessionStore().whenSettled();
    expect(state.partner).toBeNull();
    expect(state.partnerError).toBeTruthy();
  });
});

describe('starting the session from a stored token', () => {
  it('keeps the token when the server is unavailable (503)', async () => {
    const state = await startRefused(
      new ProcedureError(503, 'SERVICE_UNAVAILABLE', 'The database is unavailable. Please try again shortly.'),
    );
    expect(state.user).toBeNull();
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBe('stored-token');
  });

  it('drops the token the server refuses (401)', async () => {
    const state = await startRefused(
      new ProcedureError(401, 'UNAUTHORIZED', 'Your session has expired. Please sign in again.'),
    );
    expect(state.user).toBeNull();
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
  });

  it('signs the user in from a valid token', async () => {
    serveTrpc({ 'auth.me': () => admin });
    const state = await new SessionStore().whenSettled();
    expect(state.user).toEqual(admin);
  });
});

function serveRest(status: number, body: unknown) {
  const calls: Array<{ url: string; headers: Record<string, string> }> = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), headers: (init?.headers ?? {}) as Record<string, string> });
    return Promise.resolve(
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    );
  });
  return calls;
}

describe('a REST download', () => {
  it('sends the bearer token, and on a 503 throws the server’s message and code but keeps the session', async () => {
    const session = new SessionStore({ user: admin });
    createQueryClient(session);
    const calls = serveRest(503, {
      message: 'The database is unavailable. Please try again shortly.',
      code: 'SERVICE_UNAVAILABLE',
    });
    const failure = await downloadFile('/api/admin/exports/partners.csv', 'partners.csv').catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(RestError);
    expect(failure).toMatchObject({
      message: 'The database is unavailable. Please try again shortly.',
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
    });
    expect(calls[0]?.headers.authorization).toBe('Bearer stored-token');
    expect(session.getState().user).toEqual(admin);
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBe('stored-token');
  });

  it('signs the user out on a 401', async () => {
    const session = new SessionStore({ user: admin });
    createQueryClient(session);
    serveRest(401, { message: 'Your session has expired. Please sign in again.', code: 'UNAUTHORIZED' });
    await expect(downloadFile('/api/admin/exports/partners.csv', 'partners.csv')).rejects.toThrow(
      'Your session has expired. Please sign in again.',
    );
    expect(session.getState().user).toBeNull();
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
  });
});
