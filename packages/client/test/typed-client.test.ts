// A tool's whole flow through the typed client against the real API listening on a port: an admin's
// session creates an API key, and the key creates a partner, adds a client, marks it won, records a
// client payment, runs the accrual, pays the commission with an Idempotency-Key (and replays it), exports
// the commissions and verifies the payout.paid webhook it receives. The client's types come from the
// API's document, so a breaking change in the API fails this file's typecheck or its run.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { createTestApp, createUser, tokenFor, type TestApp } from '@portal/api/test-support';
import { createWebhookWorker } from '@portal/api/webhook-worker';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPortalClient, nextPageOf, totalCountOf, type PortalClient } from '../src/index';

interface Received {
  body: string;
  headers: Record<string, string>;
}

let t: TestApp;
let baseUrl: string;
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ body, headers: req.headers as Record<string, string> });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/portal`;
  // The tool's receiver is on this machine: private webhook targets are allowed.
  t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' });
  t.clock.now = new Date('2026-11-22T10:00:00Z');
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

/** The data of a typed answer, or a failed assertion naming the status and error body. */
function ok<T>(result: { data?: T; error?: unknown; response: Response }): T {
  expect(result.error, `${result.response.status} ${JSON.stringify(result.error)}`).toBeUndefined();
  return result.data as T;
}

describe('@portal/client against the running API', () => {
  it('runs a tool’s flow with an API key: partner → client → won → payment → accrual → payout → export → webhook', async () => {
    const admin = await createUser(t.deps, { role: 'admin' });
    const asAdmin = createPortalClient({ baseUrl, token: await tokenFor(t.deps, admin) });
    const key = ok(
      await asAdmin.POST('/api/admin/api-keys', {
        body: {
          name: 'Billing sync',
          scopes: [
            'partners:write',
            'referrals:write',
            'commissions:read',
            'commissions:write',
            'payouts:write',
            'exports:read',
            'webhooks:manage',
          ],
        },
      }),
    );
    const tool: PortalClient = createPortalClient({ baseUrl, apiKey: key.key });

    const hook = ok(await tool.POST('/api/admin/webhooks', { body: { url: receiverUrl, events: ['payout.paid'] } }));

    const partnerEmail = `tool-${randomUUID()}@partners.example`;
    const partner = ok(
      await tool.POST('/api/admin/partners', {
        body: {
          email: partnerEmail,
          password: 'partner-password-1',
          companyName: 'Typed Client Advisors',
          contactName: 'Tia Typed',
        },
      }),
    );
    // The partner adds its bank details in Settings (set up here with plain requests): a payout pays nobody
    // without them.
    const login = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: partnerEmail, password: 'partner-password-1' }),
    });
    const { token: partnerToken } = (await login.json()) as { token: string };
    const details = await fetch(`${baseUrl}/api/partners/payment-method`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${partnerToken}` },
      body: JSON.stringify({
        paymentMethod: 'Wire',
        bankName: 'First Bank of Oregon',
        bankRoutingNumber: '021000021',
        bankAccountNumber: '000123456789',
        bankAccountType: 'checking',
        bankAccountHolderName: 'Typed Client Advisors LLC',
        bankAddress: '1 Main St, Portland, OR 97204',
        beneficiaryAddress: '2 Market St, Portland, OR 97204',
        currentPassword: 'partner-password-1',
      }),
    });
    expect(details.status, await details.clone().text()).toBe(200);
    const referral = ok(
      await tool.POST('/api/admin/referrals', {
        body: {
          partnerId: partner.id,
          clientCompanyName: 'Typed Client Bakery',
          serviceType: 'controller',
          monthlyValue: '1500.00',
          contractStartDate: '2026-03-10',
        },
      }),
    );
    const won = ok(
      await tool.PATCH('/api/admin/referrals/{id}', {
        params: { path: { id: referral.id } },
        body: { stage: 'won', annualSales: '1000000.00' },
      }),
    );
    expect(won.stage).toBe('won');

    const payment = ok(
      await tool.POST('/api/admin/referrals/{id}/payments', {
        params: { path: { id: referral.id }, header: { 'Idempotency-Key': randomUUID() } },
        body: { periodMonth: '2026-09', amount: '1500.00', paidAt: '2026-09-30', reference: 'INV-TYPED-1' },
      }),
    );
    expect(payment.commission?.status).toBe('pending');

    const accrual = ok(await tool.POST('/api/admin/commissions/accrue', { body: { month: '2026-10' } }));
    expect(accrual.month).toBe('2026-10');

    const pendingResult = await tool.GET('/api/admin/commissions/pending', {
      params: { query: { partnerId: partner.id, limit: 50 } },
    });
    const pending = ok(pendingResult);
    expect(totalCountOf(pendingResult.response)).toBe(pending.length);
    expect(nextPageOf(pendingResult.response)).toBeUndefined();
    const commissionIds = pending.map((commission) => commission.id);
    expect(commissionIds).toContain(payment.commission?.id);

    const idempotencyKey = randomUUID();
    const pay = () =>
      tool.POST('/api/admin/payouts', {
        params: { header: { 'Idempotency-Key': idempotencyKey } },
        body: { commissionIds },
      });
    const first = await pay();
    const payout = ok(first);
    expect(first.response.status).toBe(201);
    const replay = await pay();
    expect(replay.response.status).toBe(200);
    expect(replay.response.headers.get('idempotent-replayed')).toBe('true');
    expect(ok(replay).id).toBe(payout.id);

    const exported = await tool.GET('/api/admin/exports/commissions.csv', { parseAs: 'text' });
    expect(exported.response.status).toBe(200);
    expect(ok(exported)).toContain('Typed Client Bakery');

    const payouts = await tool.GET('/api/admin/payouts', { params: { query: { limit: 1 } } });
    expect(ok(payouts).map((row) => row.id)).toEqual([payout.id]);

    // The receiver checks the signature's timestamp against its own clock (5 minutes of tolerance).
    t.clock.now = new Date();
    await createWebhookWorker(t.deps).runOnce();
    const delivery = received.find((r) => r.body.includes('"payout.paid"'));
    expect(delivery).toBeDefined();
    const event = new Webhook(hook.secret).verify(delivery!.body, delivery!.headers) as {
      type: string;
      data: { reference?: string };
    };
    expect(event.type).toBe('payout.paid');
    expect(JSON.stringify(event.data)).toContain(payout.reference);
  });

  it('answers a typed error body, and an unknown field is refused by name', async () => {
    const admin = await createUser(t.deps, { role: 'admin' });
    const client = createPortalClient({ baseUrl, token: await tokenFor(t.deps, admin) });
    const result = await client.GET('/api/admin/partners', {
      params: { query: { limit: 5, stauts: 'active' } as never },
    });
    expect(result.response.status).toBe(400);
    expect(result.error).toMatchObject({ message: 'Unknown query parameter: stauts', code: 'BAD_REQUEST' });
  });
});
