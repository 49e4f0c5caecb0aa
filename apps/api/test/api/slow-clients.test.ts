// A client that sends slowly cannot hold a connection: a JSON body has BODY_TIMEOUT_SECONDS to arrive,
// the whole request REQUEST_TIMEOUT_SECONDS; a body that arrives in time is answered as usual.

import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support';

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp({ BODY_TIMEOUT_SECONDS: '1', REQUEST_TIMEOUT_SECONDS: '3' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
});

/** Opens a connection and resolves when the server closes it, with what it answered; bounded by the test's timeout. */
function open(): { socket: Socket; closed: Promise<string> } {
  const socket = connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
  socket.on('error', () => {});
  const closed = new Promise<string>((resolve) => socket.once('close', () => resolve(answer)));
  return { socket, closed };
}

const HEAD = (length: number, type = 'application/json') =>
  `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${type}\r\nContent-Length: ${length}\r\n\r\n`;

describe('slow request bodies', () => {
  it('closes the connection of a JSON body that is dribbled and never completes', { timeout: 15_000 }, async () => {
    const { socket, closed } = open();
    socket.write(HEAD(200) + '{"email":');
    // One more byte now and then keeps the socket busy; the body still never completes in time.
    const drip = setInterval(() => socket.writable && socket.write(' '), 300);
    try {
      const answer = await closed;
      expect(answer).toBe('');
      expect(socket.destroyed).toBe(true);
    } finally {
      clearInterval(drip);
    }
  });

  it('bounds the whole request (uploads included) and a silent connection on the server itself', () => {
    expect(t.app.server.requestTimeout).toBe(3_000);
    expect(t.app.server.timeout).toBe(120_000);
  });

  it('answers a body that arrives within the bound as usual', async () => {
    const { socket, closed } = open();
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' });
    socket.write(HEAD(Buffer.byteLength(body)).replace('HTTP/1.1\r\n', 'HTTP/1.1\r\nConnection: close\r\n'));
    socket.write(body);
    const answer = await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
  });
});
