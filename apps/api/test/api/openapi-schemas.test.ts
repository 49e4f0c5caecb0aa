// The types of the OpenAPI document: named component schemas referenced by the paths, one Money schema
// for every amount, a format on every date, and a `webhooks` section with every event the server sends,
// whose payloads match what the server actually enqueues.

import { randomUUID } from 'node:crypto';
import {
  CLIENT_PAYMENT_MESSAGES,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT,
  webhookEventSchemaName,
} from '@portal/contracts';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { sampleApplication, useTestApp, expectRefusal } from '../support';

// A loopback address stands for the tool's endpoint (nothing is delivered: no worker runs here).
const t = useTestApp({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' });

type Schema = Record<string, unknown>;
interface Document {
  paths: Record<string, Record<string, Schema>>;
  webhooks: Record<string, { post: { requestBody: { content: Record<string, { schema: Schema }> } } }>;
  components: { schemas: Record<string, Schema> };
}
let doc: Document;

beforeAll(async () => {
  doc = await t.openApiDocument<Document>();
});

/** Every property of every schema under `node`, with where it is and whether it is an answer's. */
function propertiesOf(node: unknown, where: string, out: { where: string; name: string; schema: Schema }[] = []) {
  if (Array.isArray(node)) node.forEach((item) => propertiesOf(item, where, out));
  else if (node && typeof node === 'object') {
    const properties = (node as { properties?: Record<string, Schema> }).properties;
    if (properties && typeof properties === 'object' && !Array.isArray(properties))
      for (const [name, schema] of Object.entries(properties)) out.push({ where, name, schema });
    for (const [key, value] of Object.entries(node)) propertiesOf(value, `${where}/${key}`, out);
  }
  return out;
}

/** The alternatives of a schema: itself, or each branch of its anyOf/oneOf. */
const branches = (schema: Schema): Schema[] =>
  ((schema.anyOf ?? schema.oneOf) as Schema[] | undefined)?.flatMap(branches) ?? [schema];
const refsOf = (node: unknown): string[] => JSON.stringify(node).match(/#\/components\/schemas\/\w+/g) ?? [];

const answers = () =>
  propertiesOf({ components: doc.components, paths: doc.paths, webhooks: doc.webhooks }, '').filter(
    (p) => !p.where.includes('/requestBody/') && !p.where.includes('/parameters/'),
  );
const requests = () => propertiesOf(doc.paths, '').filter((p) => p.where.includes('/requestBody/'));

describe('named schemas', () => {
  it('holds the API objects under components.schemas, each referenced by an operation', () => {
    const names = [
      'Error',
      'Money',
      'MoneyInput',
      'User',
      'Partner',
      'PartnerRow',
      'PartnerDetails',
      'Referral',
      'Commission',
      'PendingCommission',
      'Payout',
      'PartnerPayout',
      'ClientPayment',
      'Material',
      'ApiKey',
      'WebhookEndpoint',
      'WebhookDelivery',
      'ActivityEntry',
      'TeamMember',
      'ProgramTerms',
      'ProgramSettings',
      'EmailLogEntry',
    ];
    const referenced = new Set(refsOf({ paths: doc.paths, components: doc.components }));
    for (const name of names) {
      expect(doc.components.schemas[name], name).toBeDefined();
      expect(referenced.has(`#/components/schemas/${name}`), `${name} is referenced`).toBe(true);
    }
    // Every reference resolves.
    for (const ref of new Set(refsOf(doc)))
      expect(doc.components.schemas[ref.split('/').pop() as string], ref).toBeDefined();
  });

  it('refers to the named schema instead of repeating it', () => {
    const partner = doc.paths['/api/partners/me']?.get as {
      responses: Record<string, { content: Record<string, { schema: Schema }> }>;
    };
    expect(partner.responses['200']?.content['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/Partner',
    });
    const list = doc.paths['/api/admin/payouts']?.get as {
      responses: Record<string, { content: Record<string, { schema: Schema }> }>;
    };
    expect(JSON.stringify(list.responses['200'])).toContain('#/components/schemas/Payout');
  });
});

// Amounts by name: `total` and `pending` are counts where they are integers, so only strings count.
const MONEY_NAME =
  /^(amount|net|fee|total|paid|pending|minimumPayout|annualSales|minAnnualSales|monthlyValue|currentMrr)$|(Amount|Total|Value|Cost|Earnings|Commissions|Revenue|Paid|Mrr|Sales)$/;
const isString = (schema: Schema) =>
  branches(schema).some((b) => b.type === 'string' || (Array.isArray(b.type) && b.type.includes('string')));

describe('money', () => {
  it('gives every amount of an answer as Money: a two-place decimal string in USD', () => {
    const money = doc.components.schemas.Money as { pattern: string; description: string; 'x-currency': string };
    expect(money.pattern).toBe('^-?\\d+\\.\\d{2}$');
    expect(money.description).toMatch(/USD/);
    expect(money['x-currency']).toBe('USD');
    const amounts = answers().filter((p) => MONEY_NAME.test(p.name) && (isString(p.schema) || '$ref' in p.schema));
    expect(amounts.length).toBeGreaterThan(40);
    for (const { where, name, schema } of amounts)
      expect(
        branches(schema).filter((b) => b.type !== 'null'),
        `${where} ${name}`,
      ).toEqual([{ $ref: '#/components/schemas/Money' }]);
  });

  it('takes every amount of a request body as MoneyInput: a decimal string or number with at most two places', () => {
    const input = doc.components.schemas.MoneyInput as { anyOf: Schema[]; 'x-currency': string };
    expect(input['x-currency']).toBe('USD');
    expect(input.anyOf).toEqual([expect.objectContaining({ type: 'string' }), { type: 'number' }]);
    const amounts = requests().filter((p) => MONEY_NAME.test(p.name));
    expect(amounts.map((p) => p.name)).toEqual(expect.arrayContaining(['amount', 'monthlyValue', 'minimumPayout']));
    for (const { where, name, schema } of amounts)
      expect(JSON.stringify(schema), `${where} ${name}`).toContain('#/components/schemas/MoneyInput');
  });

  it('says what is wrong with a malformed amount, and keeps the spec message of the referral forms', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const headers = await t.bearer(admin);
    const partner = await t.createPartner();
    const adjustment = await t.app.inject({
      method: 'POST',
      url: '/api/admin/commissions/adjustments',
      headers,
      payload: { partnerId: partner.partnerId, amount: '12.345', reason: 'Bonus' },
    });
    expectRefusal(adjustment, 400, /at most two decimals/);
    const referral = await t.app.inject({
      method: 'POST',
      url: '/api/admin/referrals',
      headers,
      payload: {
        partnerId: partner.partnerId,
        clientCompanyName: 'Acme',
        serviceType: 'basic_accounting',
        monthlyValue: '12.345',
      },
    });
    expectRefusal(referral, 400, 'Monthly value is required');
  });

  it('refuses an amount in exponent form, as text or as a JSON number, saying the format it expects', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const headers = { ...(await t.bearer(admin)), 'content-type': 'application/json' };
    const { partner, referralId } = await t.createPartnerWithWonClient();
    const send = (url: string, payload: string, method: 'POST' | 'PATCH' = 'POST') =>
      t.app.inject({ method, url, headers, payload });
    for (const amount of ['"1e3"', '1e3', '1E3', '1.5e2', '1e+3'])
      expectRefusal(
        await send(
          `/api/admin/referrals/${referralId}/payments`,
          `{"periodMonth":"2026-10","amount":${amount},"paidAt":"2026-11-01"}`,
        ),
        400,
        CLIENT_PAYMENT_MESSAGES.amount,
      );
    expectRefusal(
      await send(
        '/api/admin/commissions/adjustments',
        `{"partnerId":"${partner.partnerId}","amount":1e3,"reason":"Exponent bonus"}`,
      ),
      400,
      /at most two decimals, e\.g\. 250\.00/,
    );
    expectRefusal(
      await send('/api/admin/program-settings', '{"minimumPayout":5e1}', 'PATCH'),
      400,
      /with at most two decimals/,
    );
    expect(await t.clientPaymentIds(referralId)).toEqual([]);
    // A number in plain form is read as before.
    expect(
      (
        await send(
          `/api/admin/referrals/${referralId}/payments`,
          '{"periodMonth":"2026-10","amount":1000,"paidAt":"2026-11-01"}',
        )
      ).json().payment.amount,
    ).toBe('1000.00');
  });
});

const INSTANT_NAME = /At$|^(applicationDate|closeDate|consultationDate|paymentDate|proposalDate|timestamp)$/;
const DAY_NAME = /Date$|^(dueBy|qualifiesBy)$/;
const MONTH_NAME = /^(month|monthYear|periodMonth|currentMonth)$/;

describe('dates', () => {
  it('types every date of an answer: date-time for instants, date for calendar days, a pattern for months', () => {
    const formatOf = (schema: Schema) => branches(schema).find((b) => b.type !== 'null') ?? {};
    let checked = 0;
    for (const { where, name, schema } of answers()) {
      const value = formatOf(schema);
      if (INSTANT_NAME.test(name)) expect(value.format, `${where} ${name}`).toMatch(/^date(-time)?$/);
      else if (DAY_NAME.test(name)) expect(value.format, `${where} ${name}`).toBe('date');
      else if (MONTH_NAME.test(name)) expect(value.pattern, `${where} ${name}`).toBe('^\\d{4}-(0[1-9]|1[0-2])$');
      else continue;
      checked += 1;
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('types every date of a request body (a day field also takes a timestamp, cut to its day)', () => {
    for (const { where, name, schema } of requests()) {
      if (!INSTANT_NAME.test(name) && !DAY_NAME.test(name)) continue;
      const formats = JSON.stringify(schema).match(/"format":"date(-time)?"/g) ?? [];
      expect(formats.length, `${where} ${name}`).toBeGreaterThan(0);
    }
  });
});

describe('the webhooks section', () => {
  const events = [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT];

  it('lists every event the server sends, each payload a named schema', () => {
    expect(Object.keys(doc.webhooks).sort()).toEqual([...events].sort());
    for (const type of events) {
      const schema = doc.webhooks[type]?.post.requestBody.content['application/json']?.schema;
      expect(schema, type).toEqual({ $ref: `#/components/schemas/${webhookEventSchemaName(type)}` });
      const named = doc.components.schemas[webhookEventSchemaName(type)] as {
        properties: Record<string, Schema>;
        required: string[];
      };
      expect(named.properties.type, type).toEqual({ type: 'string', const: type });
      expect(named.required, type).toEqual(['type', 'timestamp', 'data']);
    }
  });

  it('matches the payloads the server enqueues', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const headers = await t.bearer(admin);
    const hook = await t.request(admin, 'POST', '/api/admin/webhooks', {
      url: 'http://127.0.0.1:9/portal',
      events: WEBHOOK_EVENT_TYPES,
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const send = async (
      method: 'POST' | 'PATCH',
      url: string,
      payload?: object,
      as: Record<string, string> = headers,
    ) => {
      const res = await t.app.inject({ method, url, headers: as, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
      return res;
    };
    // partner.applied
    const applicant = await t.createUser({ role: 'partner' });
    await send('POST', '/api/partners', sampleApplication(), await t.bearer(applicant));
    // partner.approved, .suspended, .reactivated, .rejected
    const approved = await t.createPartner({ status: 'pending' });
    await send('POST', `/api/admin/partners/${approved.partnerId}/approve`);
    await send('POST', `/api/admin/partners/${approved.partnerId}/suspend`, {});
    await send('POST', `/api/admin/partners/${approved.partnerId}/reactivate`);
    const rejected = await t.createPartner({ status: 'pending' });
    await send('POST', `/api/admin/partners/${rejected.partnerId}/reject`, { reason: 'Not a fit' });
    // referral.created, referral.stage_changed
    const created = await send('POST', '/api/admin/referrals', {
      partnerId: approved.partnerId,
      clientCompanyName: 'Acme Webhooks',
      serviceType: 'controller',
      monthlyValue: '1234.5',
    });
    await send('PATCH', `/api/admin/referrals/${created.json<{ id: string }>().id}`, { stage: 'qualified' });
    // commission.failed, payout.paid
    const referralId = await t.createReferral(approved.partnerId, { stage: 'won' });
    const paying = await t.createCommission({
      partnerId: approved.partnerId,
      referralId,
      monthYear: '2026-09',
      amount: '250.00',
    });
    // Paid before the other fee fails: a partner with a failed payment waits for payouts until it is settled.
    await send(
      'POST',
      '/api/admin/payouts',
      { commissionIds: [paying] },
      { ...headers, 'idempotency-key': randomUUID() },
    );
    const failing = await t.createCommission({ partnerId: approved.partnerId, referralId, monthYear: '2026-10' });
    await send('POST', `/api/admin/commissions/${failing}/fail`, { reason: 'Bank closed the account' });
    // webhook.test
    await send('POST', `/api/admin/webhooks/${hook.json<{ id: string }>().id}/test`);

    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const id = 'https://portal.invalid/openapi.json';
    ajv.addSchema({ $id: id, components: JSON.parse(JSON.stringify(doc.components).replaceAll('"#/', `"${id}#/`)) });
    const rows = await t.db.selectFrom('webhookEvents').select(['type', 'payload']).execute();
    const seen = new Set<string>();
    for (const row of rows) {
      const payload: unknown = typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload;
      const validate = ajv.compile({ $ref: `${id}#/components/schemas/${webhookEventSchemaName(row.type)}` });
      expect(validate(payload), `${row.type}: ${JSON.stringify(validate.errors)}`).toBe(true);
      seen.add(row.type);
    }
    expect([...seen].sort()).toEqual(
      [
        'commission.failed',
        'partner.applied',
        'partner.approved',
        'partner.reactivated',
        'partner.rejected',
        'partner.suspended',
        'payout.paid',
        'referral.created',
        'referral.stage_changed',
        'webhook.test',
      ].sort(),
    );
  });
});
