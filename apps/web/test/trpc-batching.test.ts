// The web client's batches stay within what the server takes in one request: a screen that refreshes
// every admin list after a decision asks for more queries at once than one batch may carry.

import { TRPC_MAX_BATCH_SIZE } from '@portal/contracts/plain';
import { createTRPCClient } from '@trpc/client';
import type { AppRouter } from '@portal/api/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiLinks } from '../src/lib/trpc';
import { serveTrpc } from './trpc-server';

afterEach(() => vi.unstubAllGlobals());

describe('tRPC batches', () => {
  it(`carry at most ${TRPC_MAX_BATCH_SIZE} calls a request, and every call is answered`, async () => {
    serveTrpc({ 'admin.partner': (input) => input });
    const served = globalThis.fetch;
    const sizes: number[] = [];
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      sizes.push(new URL(String(input), 'http://localhost').pathname.split(',').length);
      return served(input, init);
    });
    const client = createTRPCClient<AppRouter>({ links: apiLinks() });
    const ids = Array.from(
      { length: TRPC_MAX_BATCH_SIZE + 5 },
      (_, n) => `a0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    );
    const answers = await Promise.all(ids.map((id) => client.admin.partner.query({ id })));
    expect(answers).toEqual(ids.map((id) => ({ id })));
    expect(sizes).toEqual([TRPC_MAX_BATCH_SIZE, 5]);
  });
});
