// Bank numbers at rest: AES-256-GCM with a key id, never in a response except masked.

import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFieldCipher, maskLastFour } from '../src/services/crypto';
import { toPartnerProfile } from '../src/services/mappers';
import { bearer, callerFor, createTestApp, createUser, sampleApplication, type TestApp } from './helpers';

const ROUTING = '026009593';
const ACCOUNT = 'QX7734125590';

let t: TestApp;
let partnerId: string;
let applyBody: string;
let meBody: string;
let trpcBody: string;

beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t.deps);
  const headers = await bearer(t.deps, user);
  const applied = await t.app.inject({
    method: 'POST',
    url: '/api/partners',
    headers,
    payload: sampleApplication({ bankRoutingNumber: ROUTING, bankAccountNumber: ACCOUNT }),
  });
  expect(applied.statusCode).toBe(201);
  applyBody = applied.body;
  partnerId = applied.json().id;
  meBody = (await t.app.inject({ method: 'GET', url: '/api/partners/me', headers })).body;
  trpcBody = (await t.app.inject({ method: 'GET', url: '/trpc/partner.me', headers })).body;
});
afterAll(async () => {
  await t.close();
});

describe('bank numbers at rest', () => {
  it('the raw partners table holds no plaintext routing or account number', async () => {
    const raw = await sql<Record<string, unknown>>`select * from partners where id = ${partnerId}`.execute(t.db);
    const text = JSON.stringify(raw.rows);
    expect(raw.rows).toHaveLength(1);
    expect(text).not.toContain(ROUTING);
    expect(text).not.toContain(ACCOUNT);
    // Nor any run of their digits long enough to identify them.
    expect(text).not.toContain(ROUTING.slice(0, 6));
    expect(text).not.toContain(ACCOUNT.slice(2, 8));
  });

  it('the activity log holds no plaintext either', async () => {
    const raw = await sql<Record<string, unknown>>`select * from activity_log`.execute(t.db);
    const text = JSON.stringify(raw.rows);
    expect(text).toContain(partnerId);
    expect(text).not.toContain(ROUTING);
    expect(text).not.toContain(ACCOUNT);
  });

  it('stores "keyId:iv:tag:ciphertext" under the current key, which decrypts to the number', async () => {
    const row = await t.db.selectFrom('partners').select(['bankRoutingNumber', 'bankAccountNumber']).where('id', '=', partnerId).executeTakeFirstOrThrow();
    for (const [stored, plain] of [
      [row.bankRoutingNumber, ROUTING],
      [row.bankAccountNumber, ACCOUNT],
    ] as const) {
      expect(stored).toMatch(/^[0-9a-f]{8}:[\w-]+:[\w-]+:[\w-]+$/);
      expect(stored?.split(':')[0]).toBe(t.deps.cipher.keyId);
      expect(t.deps.cipher.decrypt(stored ?? '')).toBe(plain);
    }
  });
});

describe('bank numbers in responses', () => {
  it('the application response, GET /api/partners/me and the tRPC answer carry them only masked', () => {
    for (const body of [applyBody, meBody, trpcBody]) {
      expect(body).toContain('•••• 9593');
      expect(body).toContain('•••• 5590');
      expect(body).not.toContain(ROUTING);
      expect(body).not.toContain(ACCOUNT);
      expect(body).not.toMatch(/"bankRoutingNumber"|"bankAccountNumber"/);
    }
  });

  it('masks to the last four characters', () => {
    expect(maskLastFour('123456789')).toBe('•••• 6789');
    expect(maskLastFour('')).toBeNull();
    expect(maskLastFour(null)).toBeNull();
  });
});

describe('the field cipher', () => {
  const oldKey = randomBytes(32).toString('base64');
  const newKey = randomBytes(32).toString('base64');

  it('encrypts the same number differently each time (random IV)', () => {
    const cipher = createFieldCipher(oldKey);
    const a = cipher.encrypt(ROUTING);
    const b = cipher.encrypt(ROUTING);
    expect(a).not.toBe(b);
    expect(cipher.decrypt(a)).toBe(ROUTING);
    expect(cipher.decrypt(b)).toBe(ROUTING);
  });

  it('after a key rotation reads what the old key wrote and writes with the new key', () => {
    const before = createFieldCipher(oldKey);
    const stored = before.encrypt(ACCOUNT);
    const rotated = createFieldCipher(newKey, [oldKey]);
    expect(rotated.decrypt(stored)).toBe(ACCOUNT);
    const rewritten = rotated.encrypt(ACCOUNT);
    expect(rewritten.split(':')[0]).toBe(rotated.keyId);
    expect(rotated.keyId).not.toBe(before.keyId);
    expect(() => before.decrypt(rewritten)).toThrow();
  });

  it('after a rotation the stored application still shows its masked numbers', async () => {
    const row = await t.db.selectFrom('partners').selectAll().where('id', '=', partnerId).executeTakeFirstOrThrow();
    const rotated = createFieldCipher(randomBytes(32).toString('base64'), [t.deps.config.dataEncryptionKey ?? ""]);
    expect(rotated.decrypt(row.bankRoutingNumber ?? '')).toBe(ROUTING);
    const profile = toPartnerProfile(row, rotated);
    expect(profile.bankRoutingNumberMasked).toBe('•••• 9593');
    expect(profile.bankAccountNumberMasked).toBe('•••• 5590');
  });

  it('refuses a value written under a key it does not hold', () => {
    const stored = createFieldCipher(oldKey).encrypt(ROUTING);
    expect(() => createFieldCipher(newKey).decrypt(stored)).toThrow('Unreadable encrypted value');
  });

  it('detects a tampered ciphertext (GCM authentication)', () => {
    const cipher = createFieldCipher(oldKey);
    const [keyId, iv, tag, data] = cipher.encrypt(ROUTING).split(':') as [string, string, string, string];
    const bytes = Buffer.from(data, 'base64url');
    bytes[0] = (bytes[0] ?? 0) ^ 0xff;
    expect(() => cipher.decrypt([keyId, iv, tag, bytes.toString('base64url')].join(':'))).toThrow();
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => createFieldCipher(randomBytes(16).toString('base64'))).toThrow('DATA_ENCRYPTION_KEY must be 32 bytes');
  });
});

describe('the caller path', () => {
  it('partner.me over a tRPC caller also returns masked numbers only', async () => {
    const user = await createUser(t.deps);
    const caller = callerFor(t.deps, user);
    await caller.partner.submitApplication(sampleApplication({ bankRoutingNumber: '111000025', bankAccountNumber: '99887766' }));
    const profile = await caller.partner.me();
    expect(JSON.stringify(profile)).not.toMatch(/111000025|99887766/);
    expect(profile.bankAccountNumberMasked).toBe('•••• 7766');
  });
});
