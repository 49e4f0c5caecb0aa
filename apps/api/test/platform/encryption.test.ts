// Bank numbers at rest: AES-256-GCM with a key id, never in a response except masked.

import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bankFieldContext,
  createFieldCipher,
  maskLastFour,
  decryptOrNull,
  toPartnerProfile,
  reencryptBankNumbers,
  reencryptSealedColumn,
  type SealedColumn,
} from '../../src/services/platform';
import { taxFieldContext } from '../../src/services/money';
import { mfaSecretContext } from '../../src/services/accounts';
import { sampleApplication, useTestApp } from '../support';

const ROUTING = '026009593';
const ACCOUNT = 'QX7734125590';

const t = useTestApp();
let partnerId: string;
let applyBody: string;
let meBody: string;
let trpcBody: string;

beforeAll(async () => {
  const user = await t.createUser();
  const headers = await t.bearer(user);
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

describe('bank numbers at rest', () => {
  /** The applicant's two bank numbers as the partners table holds them. */
  const storedBankNumbers = () =>
    t.db
      .selectFrom('partners')
      .select(['bankRoutingNumber', 'bankAccountNumber'])
      .where('id', '=', partnerId)
      .executeTakeFirstOrThrow();

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

  it('stores "v2:keyId:iv:tag:ciphertext" under the current key, sealed to its row and column', async () => {
    const row = await storedBankNumbers();
    for (const [stored, plain, column] of [
      [row.bankRoutingNumber, ROUTING, 'bank_routing_number'],
      [row.bankAccountNumber, ACCOUNT, 'bank_account_number'],
    ] as const) {
      expect(stored).toMatch(/^v2:[0-9a-f]{8}:[\w-]+:[\w-]+:[\w-]+$/);
      expect(stored?.split(':')[1]).toBe(t.deps.cipher.keyId);
      expect(t.deps.cipher.decrypt(stored ?? '', bankFieldContext(partnerId, column))).toBe(plain);
    }
  });

  it('a ciphertext copied into another column or another partner does not decrypt there', async () => {
    const row = await storedBankNumbers();
    const routing = row.bankRoutingNumber ?? '';
    expect(() => t.deps.cipher.decrypt(routing, bankFieldContext(partnerId, 'bank_account_number'))).toThrow();
    // Swap the two columns in the table: the masked numbers are no longer shown.
    await t.db
      .updateTable('partners')
      .set({ bankRoutingNumber: row.bankAccountNumber, bankAccountNumber: routing })
      .where('id', '=', partnerId)
      .execute();
    const other = await t.createPartner({ bankDetails: false });
    await t.db.updateTable('partners').set({ bankRoutingNumber: routing }).where('id', '=', other.partnerId).execute();
    try {
      const swapped = await t.row('partners', partnerId);
      expect(toPartnerProfile(swapped, t.deps.cipher)).toMatchObject({
        bankRoutingNumberMasked: null,
        bankAccountNumberMasked: null,
      });
      const moved = await t.row('partners', other.partnerId);
      expect(toPartnerProfile(moved, t.deps.cipher).bankRoutingNumberMasked).toBeNull();
    } finally {
      await t.db
        .updateTable('partners')
        .set({ bankRoutingNumber: routing, bankAccountNumber: row.bankAccountNumber })
        .where('id', '=', partnerId)
        .execute();
      await t.db.updateTable('partners').set({ bankRoutingNumber: null }).where('id', '=', other.partnerId).execute();
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
  const here = bankFieldContext('00000000-0000-4000-8000-000000000001', 'bank_routing_number');

  it('encrypts the same number differently each time (random IV)', () => {
    const cipher = createFieldCipher(oldKey);
    const a = cipher.encrypt(ROUTING, here);
    const b = cipher.encrypt(ROUTING, here);
    expect(a).not.toBe(b);
    expect(cipher.decrypt(a, here)).toBe(ROUTING);
    expect(cipher.decrypt(b, here)).toBe(ROUTING);
  });

  it('refuses a value under other associated data (another row or column)', () => {
    const cipher = createFieldCipher(oldKey);
    const stored = cipher.encrypt(ROUTING, here);
    expect(() =>
      cipher.decrypt(stored, bankFieldContext('00000000-0000-4000-8000-000000000002', 'bank_routing_number')),
    ).toThrow();
    expect(() =>
      cipher.decrypt(stored, bankFieldContext('00000000-0000-4000-8000-000000000001', 'bank_account_number')),
    ).toThrow();
  });

  it('still reads a value written before associated data ("keyId:iv:tag:ciphertext")', () => {
    const legacy = legacyEncrypt(oldKey, ACCOUNT);
    expect(createFieldCipher(oldKey).decrypt(legacy, here)).toBe(ACCOUNT);
    expect(createFieldCipher(newKey, [oldKey]).decrypt(legacy, here)).toBe(ACCOUNT);
    expect(createFieldCipher(oldKey).isCurrent(legacy)).toBe(false);
  });

  it('after a key rotation reads what the old key wrote and writes with the new key', () => {
    const before = createFieldCipher(oldKey);
    const stored = before.encrypt(ACCOUNT, here);
    const rotated = createFieldCipher(newKey, [oldKey]);
    expect(rotated.decrypt(stored, here)).toBe(ACCOUNT);
    const rewritten = rotated.encrypt(ACCOUNT, here);
    expect(rewritten.split(':')[1]).toBe(rotated.keyId);
    expect(rotated.keyId).not.toBe(before.keyId);
    expect(rotated.isCurrent(rewritten)).toBe(true);
    expect(rotated.isCurrent(stored)).toBe(false);
    expect(() => before.decrypt(rewritten, here)).toThrow();
  });

  it('after a rotation the stored application still shows its masked numbers', async () => {
    const row = await t.db.selectFrom('partners').selectAll().where('id', '=', partnerId).executeTakeFirstOrThrow();
    const rotated = createFieldCipher(randomBytes(32).toString('base64'), [t.deps.config.dataEncryptionKey ?? '']);
    expect(rotated.decrypt(row.bankRoutingNumber ?? '', bankFieldContext(partnerId, 'bank_routing_number'))).toBe(
      ROUTING,
    );
    const profile = toPartnerProfile(row, rotated);
    expect(profile.bankRoutingNumberMasked).toBe('•••• 9593');
    expect(profile.bankAccountNumberMasked).toBe('•••• 5590');
  });

  it('refuses a value written under a key it does not hold', () => {
    const stored = createFieldCipher(oldKey).encrypt(ROUTING, here);
    expect(() => createFieldCipher(newKey).decrypt(stored, here)).toThrow('Unreadable encrypted value');
  });

  it('detects a tampered ciphertext (GCM authentication)', () => {
    const cipher = createFieldCipher(oldKey);
    const [version, keyId, iv, tag, data] = cipher.encrypt(ROUTING, here).split(':') as [
      string,
      string,
      string,
      string,
      string,
    ];
    const bytes = Buffer.from(data, 'base64url');
    bytes[0] = (bytes[0] ?? 0) ^ 0xff;
    expect(() => cipher.decrypt([version, keyId, iv, tag, bytes.toString('base64url')].join(':'), here)).toThrow();
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => createFieldCipher(randomBytes(16).toString('base64'))).toThrow('DATA_ENCRYPTION_KEY must be 32 bytes');
    expect(() => createFieldCipher(newKey, [randomBytes(16).toString('base64')])).toThrow(
      'DATA_ENCRYPTION_OLD_KEYS entry 1 must be 32 bytes',
    );
  });
});

describe('cli reencrypt', () => {
  /**
   * A rotation from the app's key to a new one: the cipher of the old key alone, the rotated cipher (new key,
   * the old still read) and the cipher of the new key alone, once the old key is dropped.
   */
  function keyRotation() {
    const oldKey = t.deps.config.dataEncryptionKey ?? '';
    const newKey = randomBytes(32).toString('base64');
    return {
      oldKey,
      oldCipher: createFieldCipher(oldKey),
      rotated: createFieldCipher(newKey, [oldKey]),
      onlyNew: createFieldCipher(newKey),
    };
  }

  it('rewrites every bank number with the current key, so the old key can be dropped, and a second run changes nothing', async () => {
    const { oldKey, oldCipher, rotated, onlyNew } = keyRotation();
    // One partner written before associated data, under the same old key.
    const legacy = await t.createPartner();
    await t.db
      .updateTable('partners')
      .set({
        bankRoutingNumber: legacyEncrypt(oldKey, '011000015'),
        bankAccountNumber: legacyEncrypt(oldKey, 'LEGACY4321'),
      })
      .where('id', '=', legacy.partnerId)
      .execute();
    const plainBefore = await readAll(oldCipher);
    expect(plainBefore.get(legacy.partnerId)).toEqual(['011000015', 'LEGACY4321']);
    expect(plainBefore.get(partnerId)).toEqual([ROUTING, ACCOUNT]);

    const first = await reencryptBankNumbers(t.db, { cipher: rotated, batchSize: 2 });
    expect(first.unreadable).toEqual([]);
    expect(first.rewritten).toBe([...plainBefore.values()].flat().filter(Boolean).length);

    // The old key is gone: every value still reads, in its own row and column.
    expect(await readAll(onlyNew)).toEqual(plainBefore);
    const second = await reencryptBankNumbers(t.db, { cipher: onlyNew });
    expect(second).toMatchObject({ rewritten: 0, unreadable: [] });
    expect(second.current).toBe(first.rewritten);

    const log = await t.activityEntries({ action: 'partner.bank_numbers_reencrypted' });
    const ids = log.flatMap((entry) => (entry.details as { partnerIds: string[] }).partnerIds);
    expect(ids).toEqual(expect.arrayContaining([partnerId, legacy.partnerId]));
  });

  it('rewrites tax ids and two-factor secrets too, each sealed to its own row', async () => {
    const { oldCipher, rotated, onlyNew } = keyRotation();
    const taxed = await t.createPartner();
    await t.db
      .insertInto('taxProfiles')
      .values({
        partnerId: taxed.partnerId,
        legalName: 'Sealed LLC',
        taxClassification: 'llc',
        tinType: 'ein',
        tin: oldCipher.encrypt('123456789', taxFieldContext(taxed.partnerId)),
        tinLast4: '6789',
        address: '1 Sealed Street',
        certifiedAt: new Date(),
      })
      .execute();
    await t.db
      .updateTable('users')
      .set({ mfaSecret: oldCipher.encrypt('JBSWY3DPEHPK3PXP', mfaSecretContext(taxed.user.id)) })
      .where('id', '=', taxed.user.id)
      .execute();
    const columns: SealedColumn[] = [
      { table: 'tax_profiles', key: 'partner_id', column: 'tin', context: taxFieldContext },
      { table: 'users', key: 'id', column: 'mfa_secret', context: mfaSecretContext },
    ];

    for (const column of columns)
      expect(await reencryptSealedColumn(t.db, { cipher: rotated, sealed: column })).toEqual({
        rewritten: 1,
        unreadable: [],
      });

    const profile = await t.db
      .selectFrom('taxProfiles')
      .select('tin')
      .where('partnerId', '=', taxed.partnerId)
      .executeTakeFirstOrThrow();
    expect(onlyNew.decrypt(profile.tin, taxFieldContext(taxed.partnerId))).toBe('123456789');
    const user = await t.row('users', taxed.user.id);
    expect(onlyNew.decrypt(user.mfaSecret ?? '', mfaSecretContext(taxed.user.id))).toBe('JBSWY3DPEHPK3PXP');
    // Sealed to its row: another partner's context does not open it.
    expect(() => onlyNew.decrypt(profile.tin, taxFieldContext(partnerId))).toThrow();
    for (const column of columns)
      expect(await reencryptSealedColumn(t.db, { cipher: onlyNew, sealed: column })).toEqual({
        rewritten: 0,
        unreadable: [],
      });
  });

  async function readAll(cipher: ReturnType<typeof createFieldCipher>) {
    const rows = await t.db
      .selectFrom('partners')
      .select(['id', 'bankRoutingNumber', 'bankAccountNumber'])
      .where('bankRoutingNumber', 'is not', null)
      .execute();
    return new Map(
      rows.map((row) => [
        row.id,
        [
          decryptOrNull(cipher, row.bankRoutingNumber, bankFieldContext(row.id, 'bank_routing_number')),
          decryptOrNull(cipher, row.bankAccountNumber, bankFieldContext(row.id, 'bank_account_number')),
        ],
      ]),
    );
  }
});

/** What the cipher wrote before associated data: "keyId:iv:tag:ciphertext". */
function legacyEncrypt(keyBase64: string, plain: string): string {
  const key = Buffer.from(keyBase64, 'base64');
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const keyId = createHash('sha256').update(key).digest('hex').slice(0, 8);
  return [keyId, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join(
    ':',
  );
}

describe('the caller path', () => {
  it('partner.me over a tRPC caller also returns masked numbers only', async () => {
    const user = await t.createUser();
    const caller = t.caller(user);
    await caller.partner.submitApplication(
      sampleApplication({ bankRoutingNumber: '111000025', bankAccountNumber: '99887766' }),
    );
    const profile = await caller.partner.me();
    expect(JSON.stringify(profile)).not.toMatch(/111000025|99887766/);
    expect(profile?.bankAccountNumberMasked).toBe('•••• 7766');
  });
});
