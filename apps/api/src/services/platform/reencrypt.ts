// `cli reencrypt`: rewrites every stored bank number with the current key and its associated data,
// so values written under an older key (or before associated data) no longer need that key.
// Works in batches of partners, each batch in one transaction with its activity row; values
// already current are left alone, so a second run changes nothing. The other sealed values (tax
// ids, two-factor secrets, webhook signing secrets) go through `reencryptSealedColumn`.

import type { Db } from '@portal/db';
import { sql } from 'kysely';
import { logActivity } from './activity';
import { bankFieldContext, type BankNumberColumn, type FieldCipher } from './crypto';

/** A column of sealed values: its table, the key the associated data names, and that associated data. */
export interface SealedColumn {
  table: 'tax_profiles' | 'users' | 'webhook_endpoints';
  key: 'partner_id' | 'id';
  column: 'tin' | 'mfa_secret' | 'secret';
  context: (key: string) => string;
}

/** Rewrites one sealed column's values not under the current key; the unreadable ones are named and left as they are. */
export async function reencryptSealedColumn(
  db: Db,
  { cipher, sealed }: { cipher: FieldCipher; sealed: SealedColumn },
): Promise<{ rewritten: number; unreadable: string[] }> {
  const result = { rewritten: 0, unreadable: [] as string[] };
  await db.transaction().execute(async (trx) => {
    const rows = await sql<{ key: string; value: string }>`
      select ${sql.ref(sealed.key)}::text as key, ${sql.ref(sealed.column)} as value
      from ${sql.table(sealed.table)} where ${sql.ref(sealed.column)} is not null
      order by 1 for update
    `.execute(trx);
    for (const row of rows.rows) {
      if (cipher.isCurrent(row.value)) continue;
      try {
        const value = cipher.encrypt(cipher.decrypt(row.value, sealed.context(row.key)), sealed.context(row.key));
        await sql`update ${sql.table(sealed.table)} set ${sql.ref(sealed.column)} = ${value} where ${sql.ref(sealed.key)} = ${row.key}`.execute(
          trx,
        );
        result.rewritten++;
      } catch {
        result.unreadable.push(row.key);
      }
    }
  });
  return result;
}

export interface ReencryptResult {
  /** Partners holding at least one bank number. */
  scanned: number;
  /** Values rewritten with the current key. */
  rewritten: number;
  /** Values already current. */
  current: number;
  /** Partners with a value no configured key can decrypt (left unchanged). */
  unreadable: string[];
}

const COLUMNS = [
  ['bankRoutingNumber', 'bank_routing_number'],
  ['bankAccountNumber', 'bank_account_number'],
  ['paypalEmail', 'paypal_email'],
] as const satisfies ReadonlyArray<readonly [string, BankNumberColumn]>;

export async function reencryptBankNumbers(
  db: Db,
  { cipher, batchSize = 200 }: { cipher: FieldCipher; batchSize?: number },
): Promise<ReencryptResult> {
  const result: ReencryptResult = { scanned: 0, rewritten: 0, current: 0, unreadable: [] };
  let after: string | undefined;
  for (;;) {
    const lastId = await db.transaction().execute(async (trx) => {
      let query = trx
        .selectFrom('partners')
        .select(['id', 'bankRoutingNumber', 'bankAccountNumber', 'paypalEmail'])
        .where((eb) =>
          eb.or([
            eb('bankRoutingNumber', 'is not', null),
            eb('bankAccountNumber', 'is not', null),
            eb('paypalEmail', 'is not', null),
          ]),
        )
        .orderBy('id')
        .limit(batchSize)
        .forUpdate();
      if (after) query = query.where('id', '>', after);
      const rows = await query.execute();
      const rewrittenIds: string[] = [];
      for (const row of rows) {
        result.scanned++;
        const changes: Partial<Record<(typeof COLUMNS)[number][0], string>> = {};
        let readable = true;
        for (const [field, column] of COLUMNS) {
          const stored = row[field];
          if (!stored) continue;
          if (cipher.isCurrent(stored)) {
            // Current key and format: decrypting proves it also belongs to this row and column.
            try {
              cipher.decrypt(stored, bankFieldContext(row.id, column));
              result.current++;
            } catch {
              readable = false;
            }
            continue;
          }
          try {
            changes[field] = cipher.encrypt(
              cipher.decrypt(stored, bankFieldContext(row.id, column)),
              bankFieldContext(row.id, column),
            );
          } catch {
            readable = false;
          }
        }
        if (!readable) result.unreadable.push(row.id);
        const count = Object.keys(changes).length;
        if (count === 0) continue;
        await trx.updateTable('partners').set(changes).where('id', '=', row.id).execute();
        result.rewritten += count;
        rewrittenIds.push(row.id);
      }
      if (rewrittenIds.length > 0) {
        await logActivity(trx, {
          userId: null,
          action: 'partner.bank_numbers_reencrypted',
          entityType: 'partner',
          entityId: null,
          details: { keyId: cipher.keyId, partnerIds: rewrittenIds },
        });
      }
      return rows.length === batchSize ? rows[rows.length - 1]?.id : undefined;
    });
    if (!lastId) return result;
    after = lastId;
  }
}
