import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TABLE_COLUMNS } from '../src/schema';
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from '../src/testing';

const engine = testDatabaseUrl() ? 'PostgreSQL' : 'PGlite';
let handle: TestDatabase;

beforeAll(async () => {
  handle = await createTestDatabase(inject('databaseTemplate'));
});
afterAll(async () => {
  await handle.close();
});

/** A user with an unusable password hash; its id. */
const insertUser = (email: string) =>
  handle.db.insertInto('users').values({ email, passwordHash: 'x' }).returning('id').executeTakeFirstOrThrow();

/** The columns a partner row cannot go without. */
const partnerValues = (userId: string, referralCode: string) => ({
  userId,
  companyName: 'A',
  contactName: 'B',
  companyType: 'agency' as const,
  referralCode,
});

const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * Creates `table` and opens a transaction that inserts the row 1 and holds it uncommitted until
 * `releaseFirst`, then rolls back ('roll back the first').
 */
async function holdUncommittedRow(table: string) {
  await sql`create table ${sql.table(table)} (n integer)`.execute(handle.db);
  let releaseFirst!: () => void;
  const firstHolds = new Promise<void>((resolve) => (releaseFirst = resolve));
  let firstStarted!: () => void;
  const started = new Promise<void>((resolve) => (firstStarted = resolve));

  const first = handle.db.transaction().execute(async (trx) => {
    await sql`insert into ${sql.table(table)} values (1)`.execute(trx);
    firstStarted();
    await firstHolds;
    throw new Error('roll back the first');
  });
  await started;
  return { first, releaseFirst };
}

describe(`schema on ${engine}`, () => {
  it('has exactly the tables and columns of the Database interface', async () => {
    const tables = await handle.db.introspection.getTables();
    const live = Object.fromEntries(
      tables.map((table) => [camel(table.name), table.columns.map((column) => camel(column.name)).sort()]),
    );
    const expected = Object.fromEntries(
      Object.entries(TABLE_COLUMNS).map(([table, columns]) => [table, [...columns].sort()]),
    );
    expect(live).toEqual(expected);
  });

  it('stores money as numeric(10,2) and reads it back as an exact decimal string', async () => {
    const { rows } = await sql<{ precision: number; scale: number }>`
      select numeric_precision as precision, numeric_scale as scale from information_schema.columns
      where table_name = 'referrals' and column_name = 'monthly_value'`.execute(handle.db);
    expect(rows[0]).toEqual({ precision: 10, scale: 2 });
  });

  it('keeps partner totals wide enough for a million deals at the maximum monthly value', async () => {
    const { rows } = await sql<{ column: string; precision: number; scale: number }>`
      select column_name as column, numeric_precision as precision, numeric_scale as scale from information_schema.columns
      where table_name = 'partners' and column_name in ('current_mrr', 'total_lifetime_commissions') order by column_name`.execute(
      handle.db,
    );
    expect(rows).toEqual([
      { column: 'current_mrr', precision: 14, scale: 2 },
      { column: 'total_lifetime_commissions', precision: 14, scale: 2 },
    ]);
  });

  it('refuses a second user whose email differs only in case', async () => {
    await handle.db.insertInto('users').values({ email: 'case@example.com', passwordHash: 'x' }).execute();
    await expect(
      sql`insert into users (email, password_hash) values ('CASE@example.com', 'x')`.execute(handle.db),
    ).rejects.toThrow();
  });

  it('refuses a partner status outside the list', async () => {
    const user = await insertUser('status@example.com');
    await expect(
      handle.db
        .insertInto('partners')
        .values({ ...partnerValues(user.id, 'ABCD-1234'), status: 'sleeping' as never })
        .execute(),
    ).rejects.toThrow();
  });

  it('keeps one commission per referral and month', async () => {
    const user = await insertUser('uniq@example.com');
    const partner = await handle.db
      .insertInto('partners')
      .values(partnerValues(user.id, 'UNIQ-0001'))
      .returning('id')
      .executeTakeFirstOrThrow();
    const referral = await handle.db
      .insertInto('referrals')
      .values({
        partnerId: partner.id,
        clientCompanyName: 'C',
        serviceType: 'controller',
        monthlyValue: '1500.00',
        commissionAmount: '100.00',
      })
      .returning(['id', 'monthlyValue'])
      .executeTakeFirstOrThrow();
    expect(referral.monthlyValue).toBe('1500.00');
    const row = { partnerId: partner.id, referralId: referral.id, amount: '100.00', monthYear: '2026-10' };
    await handle.db.insertInto('commissions').values(row).execute();
    await expect(handle.db.insertInto('commissions').values(row).execute()).rejects.toThrow();
  });

  it('never lets two concurrent transactions share a connection', async () => {
    const { first, releaseFirst } = await holdUncommittedRow('tx_probe');
    // A query outside the transaction: on a shared connection it would see or join the uncommitted row.
    const outside = handle.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ count: number }>`select count(*)::int as count from tx_probe`.execute(trx);
      await sql`insert into tx_probe values (2)`.execute(trx);
      return rows[0]?.count;
    });
    releaseFirst();
    await expect(first).rejects.toThrow('roll back the first');
    expect(await outside).toBe(0);
    const { rows } = await sql<{ n: number }>`select n from tx_probe order by n`.execute(handle.db);
    expect(rows.map((r) => r.n)).toEqual([2]);
  });

  it("never runs a query outside a transaction inside another request's open transaction", async () => {
    const { first, releaseFirst } = await holdUncommittedRow('tx_probe_plain');
    // No transaction of its own: on PGlite's one connection it would run inside the open one and see its row.
    const outside = sql<{ count: number }>`select count(*)::int as count from tx_probe_plain`.execute(handle.db);
    releaseFirst();
    await expect(first).rejects.toThrow('roll back the first');
    expect((await outside).rows[0]?.count).toBe(0);
  });
});
