import type { Db } from '@portal/db';
import { describe, expect, it } from 'vitest';
import { preparedLookup } from '../../src/services/platform';
import { partnerOfUser } from '../../src/services/partners';
import { useTestApp } from '../support';

const t = useTestApp();

describe('preparedLookup (API overhead)', () => {
  it('builds the query once per handle and answers each id with its own row, camelCased', async () => {
    let builds = 0;
    const lookup = preparedLookup((db: Db, id: string) => {
      builds += 1;
      return db.selectFrom('users').select(['id', 'email', 'tokenVersion']).where('id', '=', id);
    });
    const a = await t.createUser();
    const b = await t.createUser();
    expect(await lookup(t.db, a.id)).toEqual({ id: a.id, email: a.email, tokenVersion: a.tokenVersion });
    expect(await lookup(t.db, b.id)).toEqual({ id: b.id, email: b.email, tokenVersion: b.tokenVersion });
    expect(await lookup(t.db, '7a0c5b1e-0000-4000-8000-000000000000')).toBeUndefined();
    expect(builds).toBe(1);
    // A transaction is its own handle: compiled there once, and it sees the transaction's rows.
    await t.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ tokenVersion: 41 }).where('id', '=', a.id).execute();
      expect(await lookup(trx, a.id)).toMatchObject({ tokenVersion: 41 });
    });
    expect(builds).toBe(2);
  });

  it('refuses a query whose only parameter is not the id', async () => {
    const lookup = preparedLookup((db: Db, id: string) =>
      db.selectFrom('users').select('id').where('id', '=', id).where('role', '=', 'admin'),
    );
    await expect(lookup(t.db, 'x')).rejects.toThrow('a prepared lookup takes exactly one parameter: the id');
  });

  it("reads a partner user's partner record", async () => {
    const { user, partnerId } = await t.createPartner();
    expect(await partnerOfUser(t.db, user.id)).toMatchObject({ id: partnerId, userId: user.id });
  });
});
